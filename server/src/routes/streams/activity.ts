import type { FastifyRequest } from 'fastify';
import { recordActivity } from '../../db/repositories/activity-log.ts';
import type { Executor } from '../../db/schema.ts';
import type { LiveStreamRow, Signal, StreamSettings } from '../../db/tables/streams.ts';
import { activityOf, toRecord } from '../../lib/activity.ts';
import { settingsOf } from './view.ts';

export type StreamEvent =
  | 'TRANSMISSAO_CRIADA'
  | 'TRANSMISSAO_ATUALIZADA'
  | 'TRANSMISSAO_REMOVIDA'
  | 'TRANSMISSAO_INICIADA'
  | 'TRANSMISSAO_PAUSADA'
  | 'TRANSMISSAO_RETOMADA'
  | 'TRANSMISSAO_ENCERRADA'
  | 'TRANSMISSAO_INICIADA_AUTOMATICAMENTE'
  | 'TRANSMISSAO_ENCERRADA_AUTOMATICAMENTE'
  | 'CHAVE_TRANSMISSAO_ATUALIZADA'
  | 'SINAL_IDENTIFICACAO_ENVIADO'
  | 'PRESET_ATUALIZADO'
  | 'SALA_DE_AULA_ATUALIZADA'
  | 'LINK_CONVIDADO_CRIADO'
  | 'LINK_CONVIDADO_REMOVIDO'
  | 'CONVIDADO_AUTORIZADO'
  | 'CONVIDADO_REMOVIDO';

/** One activity-log entry, written with the transaction of the change (docs/api-logs.md). */
export function logStream(
  trx: Executor,
  request: FastifyRequest,
  accountId: string,
  event: StreamEvent,
  identifier: string,
  fields: Record<string, unknown>,
): Promise<void> {
  return recordActivity(trx, {
    ...activityOf(request),
    accountId,
    event,
    identifier,
    record: toRecord(fields),
  });
}

/** Signals as a log shows them: never their keys. */
const publicSignals = (signals: Signal[]) => signals.map((s) => ({ nome: s.nome, resolution: s.resolution }));

/** Settings as the API names them (playerColor under assets), for log records. */
export function settingsFields(s: StreamSettings): Record<string, unknown> {
  const { playerColor, ...rest } = s;
  return { ...rest, assets: { playerColor } };
}

/** A stream's writable fields as the API names them, for comparing before and after a change. */
export function loggableFields(row: LiveStreamRow): Record<string, unknown> {
  return {
    nome: row.nome,
    descricao: row.descricao,
    classroomDescription: row.classroom_description,
    scheduledStartTime: new Date(row.scheduled_start_time).toISOString(),
    ...settingsFields(settingsOf(row)),
    signals: publicSignals(row.signals),
  };
}

/** JSON with object keys sorted (JSONB does not keep the order they were written in). */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The fields whose value differs, with their new value. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(after).filter(([key, value]) => stableJson(value) !== stableJson(before[key])),
  );
}
