import { expect, type Page, type Route, test } from '@playwright/test';
import { type Api, controlStream, createStream, deleteStream, toast, unique } from './streaming-helpers';
import { DEMO } from './support/env';
import { signInWithTeam, waitForPersisted } from './support/pwa';

// docs/ui.md "Lists: states, paging, skeletons": a list that cannot be loaded never looks like an empty list.
// A 5xx (faked through route interception, as in errors.spec.ts) shows the 'Ops' notification and an error
// state with "Tentar novamente", which loads the rows once the server answers again. Offline, /records shows
// the rows it saved (saying when they are from), or says it is offline: never "Nenhum evento registrado".

test.describe.configure({ timeout: 90_000 });

const TEAM = 'Demo Produções';

async function signIn(page: Page): Promise<Api> {
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, TEAM);
  return { request: page.request, token, teamId };
}

const fail500 = (route: Route) =>
  route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' });

/** Answers every GET to this API path (whatever its query) with a 500. */
async function breakList(page: Page, path: string) {
  const matches = (url: URL) => url.pathname === path;
  await page.route(matches, (route) =>
    route.request().method() === 'GET' ? fail500(route) : route.fallback(),
  );
  return () => page.unroute(matches);
}

/** The error state took the list's place: no empty state, the 'Ops' notification, a retry button. */
async function expectErrorState(page: Page, emptyText: string) {
  const error = page.getByTestId('list-error');
  await expect(error).toBeVisible({ timeout: 15_000 });
  await expect(error).toContainText('Não foi possível carregar a lista');
  await expect(page.getByText(emptyText)).toHaveCount(0);
  await expect(toast(page, 'Ops')).toBeVisible();
  await expect(toast(page, 'Ops')).toContainText('Aconteceu um erro interno...');
  return error.getByRole('button', { name: 'Tentar novamente' });
}

test('streams library: a 5xx shows the error state, and "Tentar novamente" loads the rows', async ({
  page,
}) => {
  const api = await signIn(page);
  const name = unique('Lista com erro');
  const stream = await createStream(api, name);
  try {
    const restore = await breakList(page, '/v1/live-streams');
    await page.goto(`/streaming?q=${encodeURIComponent(name)}`);
    const retry = await expectErrorState(page, 'Nenhum resultado encontrado');
    await expect(page.getByTestId('stream-row')).toHaveCount(0);

    await restore();
    await retry.click();
    await expect(page.getByTestId('stream-row').filter({ hasText: name })).toHaveCount(1);
    await expect(page.getByTestId('list-error')).toHaveCount(0);
  } finally {
    await deleteStream(api, stream.id);
  }
});

test('history: a 5xx shows the error state, and "Tentar novamente" loads the rows', async ({ page }) => {
  const api = await signIn(page);
  const name = unique('Histórico com erro');
  const stream = await createStream(api, name);
  await controlStream(api, stream.id, 'start');
  await controlStream(api, stream.id, 'complete');

  const restore = await breakList(page, '/v1/live-streams');
  await page.goto(`/historic?q=${encodeURIComponent(name)}`);
  const retry = await expectErrorState(page, 'Nenhum resultado encontrado');

  await restore();
  await retry.click();
  await expect(page.getByTestId('historic-row').filter({ hasText: name })).toHaveCount(1);
  await expect(page.getByTestId('list-error')).toHaveCount(0);
});

for (const path of ['/v1/videos', '/v1/directories']) {
  test(`VOD library: a 5xx on ${path} shows the error state, and "Tentar novamente" loads the list`, async ({
    page,
  }) => {
    const api = await signIn(page);
    const folder = unique('Pasta com erro');
    const res = await page.request.post('/v1/directories', {
      headers: { Authorization: `Bearer ${api.token}` },
      params: { accountId: api.teamId },
      data: { name: folder },
    });
    expect(res.status()).toBe(201);

    const restore = await breakList(page, path);
    await page.goto(`/vod/dashboard?q=${encodeURIComponent(folder)}`);
    const retry = await expectErrorState(page, 'Nenhum vídeo');
    await expect(page.getByTestId('videos-empty')).toHaveCount(0);

    await restore();
    await retry.click();
    await expect(page.getByTestId('folder').filter({ hasText: folder })).toHaveCount(1);
    await expect(page.getByTestId('videos-empty')).toBeVisible();
    await expect(page.getByTestId('list-error')).toHaveCount(0);
  });
}

test('records: a 5xx shows the error state, not "Nenhum evento registrado"; "Tentar novamente" loads the rows', async ({
  page,
}) => {
  // Signing in with a team logs a team selection: there is at least one entry today.
  await signIn(page);
  const restore = await breakList(page, '/v1/logs');
  await page.goto('/records');
  const retry = await expectErrorState(page, 'Nenhum evento registrado');
  await expect(page.getByTestId('records-empty')).toHaveCount(0);

  await restore();
  await retry.click();
  await expect(page.getByTestId('log-row').first()).toBeVisible();
  await expect(page.getByTestId('list-error')).toHaveCount(0);
});

test('records offline: the saved rows show with when they are from; a page never loaded says it is offline', async ({
  page,
  context,
}) => {
  await signIn(page);
  await page.goto('/records');
  await expect(page.getByTestId('log-row').first()).toBeVisible();
  const rowsOnline = await page.getByTestId('log-row').count();
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, {
    timeout: 15_000,
  });
  // The query cache reaches IndexedDB shortly after it changes.
  await waitForPersisted(page, ['records', 'logs']);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Registros' })).toBeVisible();
    await expect(page.getByTestId('log-row')).toHaveCount(rowsOnline);
    const stale = page.getByTestId('list-stale');
    await expect(stale).toBeVisible();
    await expect(stale).toContainText(
      /^Você está offline\. Exibindo dados de \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}\.$/,
    );
    await expect(page.getByText('Nenhum evento registrado')).toHaveCount(0);

    // A search never made online has nothing saved: the page says it is offline.
    await page.goto(`/records?q=${encodeURIComponent(unique('nunca buscado'))}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Registros' })).toBeVisible();
    const error = page.getByTestId('list-error');
    await expect(error).toBeVisible();
    await expect(error).toContainText('Você está offline');
    await expect(page.getByTestId('records-empty')).toHaveCount(0);
    await expect(page.getByText('Nenhum evento registrado')).toHaveCount(0);
    await expect(page.getByText('Sem resultado')).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
});
