import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { signatureHeader } from '../lib/webhook-crypto.ts';
import { resolveTarget } from '../lib/webhook-target.ts';

// Sends one delivery over the network under a timer: I/O, so a service and not lib/ (docs/server.md
// "Layers").

/** Bytes of the receiver's answer that are read; the rest is dropped with the connection. */
const MAX_RESPONSE_BYTES = 4096;

export interface Attempt {
  ok: boolean;
  responseCode: number | null;
  durationMs: number;
  /** Why it failed, for the delivery log (English, technical): null on success. */
  error: string | null;
  /** A refused address: trying again would not help. */
  final: boolean;
}

export interface SendInput {
  url: string;
  body: string;
  secret: string;
  event: string;
  deliveryId: string;
  timeoutMs: number;
  allowPrivate: boolean;
}

/**
 * One delivery attempt: resolve and check the address, POST the signed body to it, read at most
 * 4 KiB of the answer. The whole attempt (connect, answer, reading) is bounded by `timeoutMs`, so a
 * slow receiver costs one socket for that long and nothing else. 2xx is success.
 */
export async function sendDelivery(input: SendInput): Promise<Attempt> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(input.url);
  let target: { address: string; family: number } | null;
  try {
    target = await resolveTarget(url.hostname, input.allowPrivate);
  } catch {
    return { ok: false, responseCode: null, durationMs: elapsed(), error: 'DNS lookup failed', final: false };
  }
  if (!target) {
    return {
      ok: false,
      responseCode: null,
      durationMs: elapsed(),
      error: 'address not allowed',
      final: true,
    };
  }
  const pinned = target;
  const pin: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const signature = signatureHeader(input.secret, input.body, Math.floor(Date.now() / 1000));
  return new Promise<Attempt>((resolve) => {
    let settled = false;
    const finish = (attempt: Omit<Attempt, 'durationMs' | 'final'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve({ ...attempt, durationMs: elapsed(), final: false });
    };
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      lookup: pin,
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(input.body),
        'user-agent': 'Palco-Webhooks/1',
        'x-palco-event': input.event,
        'x-palco-delivery': input.deliveryId,
        'x-palco-signature': signature,
      },
    });
    const timer = setTimeout(
      () => finish({ ok: false, responseCode: null, error: `timed out after ${input.timeoutMs} ms` }),
      input.timeoutMs,
    );
    request.on('error', (error) =>
      finish({ ok: false, responseCode: null, error: error.message.slice(0, 200) }),
    );
    request.on('response', (response) => {
      const code = response.statusCode ?? 0;
      const ok = code >= 200 && code < 300;
      let read = 0;
      const done = () => finish({ ok, responseCode: code, error: ok ? null : `HTTP ${code}` });
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read >= MAX_RESPONSE_BYTES) done();
      });
      response.on('end', done);
      response.on('error', done);
    });
    request.end(input.body);
  });
}
