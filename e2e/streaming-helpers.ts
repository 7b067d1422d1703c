import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';

/** A notice (toast) with this title. */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: text });

/** Closes every notice on screen, as a user does when one covers the button they want: a notice under
 * the pointer waits (it does not time out while hovered). */
export async function closeToasts(page: Page) {
  const open = page.locator('[data-scope="toast"][data-part="root"][data-state="open"]');
  await expect(async () => {
    for (const one of await open.all()) {
      await one
        .getByRole('button', { name: 'Fechar' })
        .click({ timeout: 2000 })
        .catch(() => undefined);
    }
    await expect(open).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

/** A name no other test (or earlier run) uses. */
export const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A date in the browser's (and this machine's) zone, days from today, as a date input takes it. */
export const dayFromToday = (days: number) => Temporal.Now.plainDateISO().add({ days }).toString();

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

export interface Api {
  request: APIRequestContext;
  token: string;
  teamId: string;
}

const auth = (api: Api) => ({
  headers: { Authorization: `Bearer ${api.token}` },
  params: { accountId: api.teamId },
});

export interface StreamJson {
  id: string;
  nome: string;
  status: string;
  transcode: { enableDvr: boolean; enableLive2vod: boolean };
  security: { geoAccessControl: string; geoRegionList: string[]; referrerWhitelist: string[] };
  assets: { thumbnail: string | null; playerColor: string };
  ads: { preRollVastUrl: string | null };
  type: string;
  signals: { id: string; nome: string; key: string | null }[];
  streamKey: string | null;
}

/** Creates a stream through the API (tests that are not about the wizard start from one). */
export async function createStream(api: Api, nome: string, extra: Record<string, unknown> = {}) {
  const res = await api.request.post('/v1/live-streams', {
    ...auth(api),
    data: { nome, scheduledStartTime: new Date(Date.now() + 86_400_000).toISOString(), ...extra },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as StreamJson;
}

export async function getStream(api: Api, id: string) {
  const res = await api.request.get(`/v1/live-streams/${id}`, auth(api));
  return { status: res.status(), body: res.ok() ? ((await res.json()) as StreamJson) : undefined };
}

export async function listStreams(api: Api, params: Record<string, string | number | boolean>) {
  const res = await api.request.get('/v1/live-streams', {
    ...auth(api),
    params: { accountId: api.teamId, ...params },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { items: StreamJson[]; pagination: { total: number } };
}

/** Runs a control action (start, pause, resume, complete) through the API. */
export async function controlStream(api: Api, id: string, action: 'start' | 'pause' | 'resume' | 'complete') {
  const res = await api.request.put(`/v1/live-streams/${id}/control/${action}`, auth(api));
  expect(res.status()).toBe(200);
  return (await res.json()) as StreamJson;
}

export async function deleteStream(api: Api, id: string) {
  const res = await api.request.delete(`/v1/live-streams/${id}`, auth(api));
  expect(res.status()).toBe(204);
}

export async function getPreset(api: Api) {
  const res = await api.request.get('/bff/lives/preset', auth(api));
  return (await res.json()) as { security: { referrerWhitelist: string[] }; autoCuts: boolean };
}

/** Opens a stream's options menu in the library and picks an item. */
export async function pickOption(page: Page, streamName: string, item: string) {
  await page.getByRole('button', { name: `Opções de ${streamName}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Searches the library (or the history) by name. */
export async function searchByName(page: Page, name: string) {
  const box = page.getByRole('searchbox');
  await box.fill(name);
  await box.press('Enter');
}

/** Confirms the open confirmation dialog with its button. */
export async function confirmDialog(page: Page, title: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}
