import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LiveStatus } from '../api/list-lives';
import type { Breakdown, Metric } from '../lib/metrics';

export const METRIC_TITLES: Record<Metric, MessageDescriptor> = {
  viewers: msg`Espectadores simultâneos`,
  rebuffering: msg`Rebuffering`,
  initFail: msg`Falhas de início`,
  exitBeforeStart: msg`Saídas antes do início`,
  initTime: msg`Tempo de início`,
  videoQuality: msg`Qualidade de vídeo`,
};

/** What each chart's values are, said once under its title. */
export const METRIC_HINTS: Record<Metric, MessageDescriptor> = {
  viewers: msg`Espectadores assistindo a cada 10 segundos`,
  rebuffering: msg`% do tempo assistido em rebuffering`,
  initFail: msg`% das visualizações com erro antes do primeiro quadro`,
  exitBeforeStart: msg`% das visualizações abandonadas antes do primeiro quadro`,
  initTime: msg`Tempo médio do play ao primeiro quadro`,
  videoQuality: msg`% do tempo assistido em cada qualidade`,
};

export const BREAKDOWN_LABELS: Record<Breakdown, MessageDescriptor> = {
  total: msg`Total`,
  cdn: msg`CDN`,
  networkProvider: msg`Provedor de internet`,
  state: msg`Estado`,
  so: msg`Sistema operacional`,
};

export const STATUS_LABELS: Record<LiveStatus, MessageDescriptor> = {
  scheduled: msg`Agendada`,
  live: msg`Ao vivo`,
  paused: msg`Pausada`,
  finished: msg`Encerrada`,
};

/** Values the server uses for what is not one place, network or system. */
export const VALUE_LABELS: Record<string, MessageDescriptor> = {
  total: msg`Total`,
  outros: msg`Outros`,
  desconhecido: msg`Desconhecido`,
};

export const HEALTH_LABELS: Record<string, MessageDescriptor> = {
  ok: msg`Saudável`,
  warning: msg`Atenção`,
  failing: msg`Com falha`,
};
