/** The simulcast destinations on a live's panel (docs/integrations.md "Simulcast"). */
import type { SimulcastFailure, SimulcastState } from '@contract/integrations';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { StreamStatus } from './status';

/** How often the panel re-reads its simulcasts while one may still change. */
export const SIMULCAST_POLL_MS = 5_000;

export const PROVIDER_NAMES = { youtube: 'YouTube', facebook: 'Facebook' } as const;
export type Provider = keyof typeof PROVIDER_NAMES;

export const SIMULCAST_STATE_LABELS: Record<SimulcastState, MessageDescriptor> = {
  waiting: msg`Aguardando a transmissão`,
  starting: msg`Conectando`,
  live: msg`No ar`,
  ended: msg`Encerrada`,
  failed: msg`Falhou`,
};

/** Why it failed, in the user's language. While the live runs a failure is tried again, as the texts
 * say; a connection that lost its authorisation is mended on the integrations page. */
export function simulcastFailureText(reason: SimulcastFailure, provider: Provider): MessageDescriptor {
  const name = PROVIDER_NAMES[provider];
  switch (reason) {
    case 'refused':
      return msg`O ${name} recusou a transmissão. Tentando de novo.`;
    case 'unreachable':
      return msg`O ${name} não respondeu. Tentando de novo.`;
    case 'authorization':
      return msg`A conexão com o ${name} precisa ser autorizada de novo em Integrações.`;
    case 'address':
      return msg`O ${name} indicou um endereço de envio que não é permitido.`;
    case 'push':
      return msg`O envio do vídeo para o ${name} caiu. Tentando de novo.`;
    case 'other':
      return msg`Não foi possível transmitir no ${name}. Tentando de novo.`;
  }
}

/** Polled while the live may still start or end a destination, or one is not settled yet; an ended
 * live whose destinations all ended (or that went nowhere) is not read again. */
export function simulcastPollMs(
  status: StreamStatus,
  targets: readonly { state: SimulcastState }[] | undefined,
): number | false {
  if (status !== 'finished') return SIMULCAST_POLL_MS;
  return targets?.some((t) => t.state !== 'ended' && t.state !== 'waiting') ? SIMULCAST_POLL_MS : false;
}
