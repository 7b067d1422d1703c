import type { IntegrationProvider } from '../db/tables/integrations.ts';
import { decryptSecret, encryptSecret, sealingKey } from '../lib/webhook-crypto.ts';

/**
 * Provider tokens and secrets are sealed at rest the way webhook secrets are (AES-256-GCM,
 * lib/webhook-crypto.ts), under their own key derived from the server secret. The team and the card
 * are the associated data: a sealed token copied to another team's or card's row does not open.
 */
export function integrationKey(serverSecret: Uint8Array): Buffer {
  return sealingKey(serverSecret, 'integration-secrets v1');
}

export function seal(key: Buffer, accountId: string, provider: IntegrationProvider, secret: string): string {
  return encryptSecret(key, `${accountId}:${provider}`, secret);
}

export function unseal(
  key: Buffer,
  accountId: string,
  provider: IntegrationProvider,
  sealed: string,
): string {
  return decryptSecret(key, `${accountId}:${provider}`, sealed);
}
