import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { bearer } from './helpers.ts';

/** `config.integrations` pointed at the local providers (their `env`), with short retry delays. */
export function integrationsConfig(env: Record<string, string>, devHosts: string[]) {
  const base = loadConfig({ ...env, INTEGRATIONS_DEV_HOSTS: devHosts.join(',') }).integrations;
  return { ...base, retryDelaySeconds: 1, maxAttempts: 3, pollSeconds: 3600 };
}

/** Every answer a test received, to check that no token ever left the server. */
export const answers: string[] = [];

export async function call(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  const res = await app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  answers.push(res.body);
  return res;
}

/**
 * The binding cookie a start answer gives the browser, as the browser sends it back (`name=value`),
 * after checking how it is set (docs/integrations.md "The popup's binding").
 */
export function bindingCookie(start: LightMyRequestResponse): string {
  const header = [start.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('palco_oauth_'));
  expect(header, 'the start sets the binding cookie').toBeTruthy();
  expect(header).toMatch(/; HttpOnly; SameSite=Lax/);
  expect(header).toMatch(/; Path=\/bff\/[a-z-]+;/);
  return header!.split(';')[0]!;
}

/** The callback address a provider sent the popup to, and the cookie of the browser that started it. */
export type Back = URL & { cookie: string };

/** What a browser does in the popup, up to the provider sending it back (the callback URL). */
export async function throughConsent(
  app: FastifyInstance,
  token: string,
  startPath: string,
  accountId: string,
  decision: 'allow' | 'deny' = 'allow',
  tamper?: (authorize: URL) => void,
): Promise<Back> {
  const start = await call(app, token, 'POST', `${startPath}?accountId=${accountId}`);
  expect(start.statusCode).toBe(200);
  const cookie = bindingCookie(start);
  const popup = new URL(start.json<{ url: string }>().url);
  expect(popup.searchParams.get('account_id')).toBe(accountId);
  const redirect = await app.inject({
    method: 'GET',
    url: `${popup.pathname}${popup.search}`,
    headers: { cookie },
  });
  expect(redirect.statusCode).toBe(302);
  const authorize = new URL(redirect.headers.location as string);
  tamper?.(authorize);
  const page = await fetch(authorize);
  const html = await page.text();
  expect(html).toContain('Autorizar');
  expect(html).toContain('Negar');
  const consent = /name="consent" value="([^"]+)"/.exec(html)?.[1];
  expect(consent).toBeTruthy();
  const decided = await fetch(new URL('/_consent', authorize), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ consent: consent!, decision }).toString(),
    redirect: 'manual',
  });
  expect(decided.status).toBe(302);
  return Object.assign(new URL(decided.headers.get('location')!), { cookie });
}

/**
 * The popup's last page (the callback), as the browser loads it: by default the browser that
 * started the flow (its binding cookie); `cookie` stands for another browser's (null: none).
 */
export async function callback(
  app: FastifyInstance,
  back: Back,
  cookie: string | null = back.cookie,
): Promise<LightMyRequestResponse> {
  const res = await app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    ...(cookie ? { headers: { cookie } } : {}),
  });
  answers.push(res.body);
  return res;
}

/** Polls until `check` returns a value (the server works in the background); the timeout is a safety net. */
export async function until<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Waits for a pg-boss job to finish (completed or failed). */
export async function jobDone(app: FastifyInstance, queue: string, id: string | null): Promise<void> {
  expect(id).toBeTruthy();
  await until(async () => {
    const job = await app.jobs.boss.getJobById(queue, id!);
    return job && ['completed', 'failed', 'cancelled'].includes(job.state);
  });
}
