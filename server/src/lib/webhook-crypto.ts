import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Webhook secrets must be readable to sign each delivery, so unlike passwords and key secrets they
 * cannot be hashed: they are kept AES-256-GCM encrypted under a key derived (HKDF) from the server
 * secret, so a copy of the database alone does not let anyone forge deliveries. The team id is the
 * associated data: a ciphertext moved to another team's row does not decrypt.
 */
export function webhookKey(serverSecret: Uint8Array): Buffer {
  return sealingKey(serverSecret, 'webhook-secrets v1');
}

/** A 256-bit key for one kind of sealed data, derived (HKDF-SHA256) from the server secret; `info`
 * names the kind, so each kind has its own key (webhook secrets, integration tokens, queued mail). */
export function sealingKey(serverSecret: Uint8Array, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'palco', info, 32));
}

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function encryptSecret(key: Buffer, accountId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(accountId));
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, data, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptSecret(key: Buffer, accountId: string, stored: string): string {
  const [version, iv, data, tag] = stored.split('.');
  if (version !== 'v1' || !iv || !data || !tag) throw new Error('unknown webhook secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(accountId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** `X-Palco-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`. */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}
