import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FakeTencentVod } from '../server/test/fakes/tencent-vod.ts';
import { makeTestMp4 } from '../server/test/fakes/test-media.ts';
import { type FakeZoom, startFakeZoom } from '../server/test/fakes/zoom.ts';
import {
  card,
  closeDialog,
  collectAnswers,
  flipSwitch,
  openImportFolder,
  playsInFolder,
} from './integrations-helpers';
import { chooseTeam } from './shell-helpers';
import { toast } from './streaming-helpers';
import { signIn } from './support/auth';
import { DEMO, E2E_BASE_URL } from './support/env';
import { freePort, type OwnServer, startOwnServer } from './support/own-server';

// Issue 29: /integrations against local servers speaking the providers' real protocols
// (server/test/fakes), on a Palco server of this spec's own whose provider endpoints point at them.

const CARDS = [
  'Google Meet',
  'Tencent Cloud',
  'Facebook Live',
  'Zoom Meetings (Multi-accounts)',
  'Zoom Meetings',
  'Youtube',
];

test.describe('on the shared server (no provider credentials configured)', () => {
  test.use({ baseURL: E2E_BASE_URL });

  test('the six cards in order; a provider without credentials says so and opens no popup', async ({
    page,
  }) => {
    await signIn(page, DEMO.owner);
    await chooseTeam(page, 'Demo Produções');
    await page.goto('/integrations');
    await expect(page).toHaveTitle('Integrações | Palco');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Integrações');
    await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toHaveText(CARDS);
    for (const name of ['Google Meet', 'Zoom Meetings (Multi-accounts)', 'Zoom Meetings']) {
      await expect(card(page, name).getByRole('note')).toContainText('o servidor não tem as credenciais');
      await expect(card(page, name).getByRole('button', { name: 'Integração', exact: true })).toBeDisabled();
      await expect(card(page, name).getByRole('switch')).toBeDisabled();
      await expect(card(page, name).getByText('DESABILITADO')).toBeVisible();
    }
    // Tencent takes the customer's own keys: always available.
    await expect(
      card(page, 'Tencent Cloud').getByRole('button', { name: 'Integração', exact: true }),
    ).toBeEnabled();

    // Below 930 px the cards stack in one column and nothing overflows the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const first = await card(page, 'Google Meet').boundingBox();
    const second = await card(page, 'Tencent Cloud').boundingBox();
    expect(second!.y).toBeGreaterThanOrEqual(first!.y + first!.height);
    expect(second!.x).toBe(first!.x);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});

test.describe('against the local providers', () => {
  const port = freePort();
  test.use({ baseURL: `http://127.0.0.1:${port}` });
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  const SECRET_ID = 'AKIDpalcoE2E0000000000000000000000';
  const SECRET_KEY = 'palcoE2EsecretKey0000000000000000';
  let dir: string;
  let server: OwnServer;
  let tencent: FakeTencentVod;
  let zoom: FakeZoom;
  const publicUrl = `http://127.0.0.1:${port}`;
  /** A local address no import may reach: counts every request it gets. */
  let privateHits = 0;
  let privateTarget: ReturnType<typeof createServer>;
  let privateUrl = '';

  test.beforeAll(async () => {
    // A fresh database, migrations and the fakes' media: more than a test's default time on a busy box.
    test.setTimeout(180_000);
    dir = mkdtempSync(join(tmpdir(), 'palco-int-e2e-'));
    const mp4 = join(dir, 'gravacao.mp4');
    await makeTestMp4(mp4, 4);
    tencent = new FakeTencentVod(mp4);
    tencent.keys.set(SECRET_ID, SECRET_KEY);
    tencent.addMedia('Aula gravada no Tencent');
    await tencent.listen();
    privateTarget = createServer((_req, res) => {
      privateHits++;
      res.writeHead(200, { 'content-type': 'video/mp4' }).end('not a video');
    });
    await new Promise<void>((resolve) => privateTarget.listen(0, '127.0.0.1', resolve));
    const address = privateTarget.address();
    privateUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/metadata.mp4`;
    zoom = await startFakeZoom({ redirectUris: [`${publicUrl}/bff/zoom/oauth/callback`], mp4Path: mp4 });
    server = await startOwnServer(port, {
      ...zoom.env,
      TENCENT_VOD_API_URL: tencent.url,
      // The fakes' downloads are http on loopback: allowed for them alone, never for the private target.
      INTEGRATIONS_DEV_HOSTS: [tencent.url, zoom.url].map((url) => new URL(url).host).join(','),
      INTEGRATIONS_POLL_SECONDS: '2',
      INTEGRATIONS_RETRY_DELAY_S: '1',
      INTEGRATIONS_MAX_ATTEMPTS: '2',
    });
  });

  test.afterAll(async () => {
    const errors = server?.serverErrors() ?? [];
    await server?.stop();
    await tencent?.close();
    await zoom?.close();
    privateTarget?.close();
    rmSync(dir, { recursive: true, force: true });
    expect(errors, 'the server answered a 5xx').toEqual([]);
  });

  test('Tencent: a wrong key is the form error, the right key imports; no answer holds the secretKey', async ({
    page,
  }) => {
    const answers = collectAnswers(page, `http://127.0.0.1:${port}`);
    await signIn(page, DEMO.owner);
    await chooseTeam(page, 'Demo Produções');
    await page.goto('/integrations');
    const tencentCard = card(page, 'Tencent Cloud');
    await expect(tencentCard.getByRole('button', { name: 'Desfazer Integração' })).toBeDisabled();
    await tencentCard.getByRole('button', { name: 'Integração', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: 'Tencent Cloud' });
    await expect(dialog.getByRole('tab', { name: 'VoD' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('tab', { name: 'COS' })).toBeDisabled();
    const submit = dialog.getByRole('button', { name: 'Integrar' });
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('secretId').fill(SECRET_ID);
    await dialog.getByLabel('secretKey').fill('a-wrong-key');
    await submit.click();
    // Tencent refused the signature: the form says so on secretKey and stays open.
    await expect(dialog.getByLabel('secretKey')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('secretKey')).toHaveAccessibleDescription(/\S/);

    await dialog.getByLabel('secretKey').fill(SECRET_KEY);
    await submit.click();
    const created = page.getByRole('dialog', { name: 'Playlist criada' });
    await expect(created).toBeVisible();
    await closeDialog(created);
    await expect(created).toBeHidden();
    await expect(tencentCard.getByText('HABILITADO', { exact: true })).toBeVisible();
    await expect(tencentCard.getByRole('button', { name: 'Integração', exact: true })).toBeDisabled();
    await expect(tencentCard).toContainText(SECRET_ID);

    // The fake's media becomes a video of the new folder, and plays.
    await openImportFolder(page, 'Tencent Cloud');
    await playsInFolder(page, 'Aula gravada no Tencent');
    expect(tencent.downloads).toBeGreaterThan(0);

    // The activity log lists the connection, without the key either.
    await page.goto('/records');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Registros');
    const bodies = await answers();
    expect(bodies.length).toBeGreaterThan(5);
    for (const { url, body } of bodies) expect(body, url).not.toContain(SECRET_KEY);
  });

  test('a private-address download URL fails the import visibly and reaches nothing', async ({ page }) => {
    tencent.mediaUrlOverride = privateUrl;
    tencent.addMedia('Gravação de endereço interno');
    await signIn(page, DEMO.owner);
    await chooseTeam(page, 'Demo Produções');
    await page.goto('/integrations');
    const tencentCard = card(page, 'Tencent Cloud');
    await expect(async () => {
      await page.reload();
      await expect(tencentCard.getByRole('status')).toContainText('Falhas: 1', { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(tencentCard.getByText(/Última falha:/)).toBeVisible();
    expect(privateHits).toBe(0);
    tencent.mediaUrlOverride = null;
  });

  test('switching the import off stops new imports; undo asks, then says so', async ({ page }) => {
    await signIn(page, DEMO.owner);
    await chooseTeam(page, 'Demo Produções');
    await page.goto('/integrations');
    const tencentCard = card(page, 'Tencent Cloud');
    await flipSwitch(page, 'Tencent Cloud');
    await expect(tencentCard.getByText('DESABILITADO')).toBeVisible();
    const searchesBefore = tencent.calls.filter((c) => c.action === 'SearchMedia').length;
    tencent.addMedia('Gravação depois de desligar');
    // Two poll periods (2 s each) pass with the switch off: Tencent is not asked again.
    await page.waitForTimeout(5_000);
    expect(tencent.calls.filter((c) => c.action === 'SearchMedia').length).toBe(searchesBefore);

    await tencentCard.getByRole('button', { name: 'Desfazer Integração' }).click();
    const confirm = page.getByRole('dialog', { name: 'Desfazer a integração com o Tencent Cloud?' });
    await confirm.getByRole('button', { name: 'Desfazer Integração' }).click();
    const done = page.getByRole('dialog', { name: 'Sucesso' });
    await expect(done).toContainText('A integração com o Tencent Cloud foi desfeita com sucesso.');
    await closeDialog(done);
    await expect(tencentCard.getByRole('button', { name: 'Integração', exact: true })).toBeEnabled();
    await expect(tencentCard.getByRole('switch')).toBeDisabled();
  });

  test("Zoom: the popup's Autorizar shows Playlist criada, and the recording plays in the new folder", async ({
    page,
  }) => {
    await signIn(page, DEMO.owner);
    await chooseTeam(page, 'Demo Produções');
    await page.goto('/integrations');
    const zoomCard = card(page, 'Zoom Meetings');
    await expect(zoomCard.getByRole('switch')).toBeDisabled();
    const opening = page.waitForEvent('popup');
    await zoomCard.getByRole('button', { name: 'Integração', exact: true }).click();
    const popup = await opening;
    // SPEC §4: a 600x800 popup, on the provider's consent page.
    const allow = popup.getByRole('button', { name: 'Autorizar' });
    await expect(allow).toBeVisible();
    expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([600, 800]);
    await allow.click();
    const created = page.getByRole('dialog', { name: 'Playlist criada' });
    await expect(created).toBeVisible({ timeout: 15_000 });
    // Authorized: the console closed the popup.
    await expect.poll(() => popup.isClosed()).toBe(true);
    await closeDialog(created);
    await expect(zoomCard.getByRole('button', { name: 'Integração', exact: true })).toBeDisabled();
    await expect(zoomCard.getByText('HABILITADO', { exact: true })).toBeVisible();
    await expect(zoomCard).toContainText('ana@zoom.example');

    await openImportFolder(page, 'Zoom Meetings');
    await playsInFolder(page, 'Aula de sexta');
  });

  test('Zoom: an expired access token is refreshed without the user noticing', async ({ page }) => {
    const refreshesBefore = zoom.oauth.tokenCalls.refresh_token ?? 0;
    zoom.oauth.expireTokens();
    zoom.addRecording(undefined, 'Aula depois da expiração');
    await signIn(page, DEMO.owner);
    await chooseTeam(page, 'Demo Produções');
    await page.goto('/integrations');
    const zoomCard = card(page, 'Zoom Meetings');
    await expect(async () => {
      await page.reload();
      await expect(zoomCard.getByRole('status')).toContainText('Importados: 2', { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    expect(zoom.oauth.tokenCalls.refresh_token ?? 0).toBeGreaterThan(refreshesBefore);
    await expect(zoomCard.getByText('HABILITADO', { exact: true })).toBeVisible();
  });

  test('Zoom: with the import off nothing new is imported; on again, it is', async ({ page }) => {
    await signIn(page, DEMO.owner);
    await chooseTeam(page, 'Demo Produções');
    await page.goto('/integrations');
    const zoomCard = card(page, 'Zoom Meetings');
    await flipSwitch(page, 'Zoom Meetings');
    await expect(zoomCard.getByText('DESABILITADO')).toBeVisible();
    const downloads = zoom.downloads();
    zoom.addRecording(undefined, 'Aula com a importação desligada');
    // Several poll periods (INTEGRATIONS_POLL_SECONDS=2) with the switch off: nothing is downloaded.
    await page.waitForTimeout(6_000);
    expect(zoom.downloads()).toBe(downloads);
    await page.reload();
    await expect(zoomCard.getByRole('status')).toContainText('Importados: 2');
    // Turned on again, the same window is enough for the recording to come.
    await flipSwitch(page, 'Zoom Meetings');
    await expect(zoomCard.getByText('HABILITADO', { exact: true })).toBeVisible();
    await expect(async () => {
      await page.reload();
      await expect(zoomCard.getByRole('status')).toContainText('Importados: 3', { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
  });

  test('Zoom: a badly signed deauthorization is refused; a signed one puts the card in its reauthorise state', async ({
    page,
  }) => {
    await signIn(page, DEMO.owner);
    await chooseTeam(page, 'Demo Produções');
    await page.goto('/integrations');
    const zoomCard = card(page, 'Zoom Meetings');
    const webhook = `${publicUrl}/bff/zoom/webhook`;
    expect(await zoom.notifyDeauthorization(webhook, 'zoom-user-1', true)).toBe(401);
    await page.reload();
    await expect(zoomCard.getByText('HABILITADO', { exact: true })).toBeVisible();
    await expect(zoomCard.getByRole('button', { name: 'Reautorizar' })).toHaveCount(0);

    expect(await zoom.notifyDeauthorization(webhook, 'zoom-user-1')).toBeLessThan(300);
    await page.reload();
    await expect(zoomCard.getByRole('button', { name: 'Reautorizar' })).toBeEnabled();
    await expect(zoomCard.getByRole('note')).toContainText('revogou o acesso');
    await expect(zoomCard.getByRole('switch')).toBeDisabled();
    await expect(zoomCard.getByRole('button', { name: 'Desfazer Integração' })).toBeDisabled();

    // Authorised again through the popup, the card is integrated again.
    const opening = page.waitForEvent('popup');
    await zoomCard.getByRole('button', { name: 'Reautorizar' }).click();
    const popup = await opening;
    await popup.getByRole('button', { name: 'Autorizar' }).click();
    const created = page.getByRole('dialog', { name: 'Playlist criada' });
    await expect(created).toBeVisible({ timeout: 15_000 });
    await closeDialog(created);
    await expect(zoomCard.getByRole('button', { name: 'Integração', exact: true })).toBeDisabled();
  });

  test('Zoom: undo asks, revokes the token at Zoom, says Sucesso; Negar leaves the card unintegrated', async ({
    page,
  }) => {
    await signIn(page, DEMO.owner);
    await chooseTeam(page, 'Demo Produções');
    await page.goto('/integrations');
    const zoomCard = card(page, 'Zoom Meetings');
    const revokedBefore = zoom.oauth.revoked.length;
    await zoomCard.getByRole('button', { name: 'Desfazer Integração' }).click();
    const confirm = page.getByRole('dialog', { name: 'Desfazer a integração com o Zoom?' });
    await confirm.getByRole('button', { name: 'Desfazer Integração' }).click();
    const done = page.getByRole('dialog', { name: 'Sucesso' });
    await expect(done).toContainText('A integração com o Zoom foi desfeita com sucesso.');
    await closeDialog(done);
    expect(zoom.oauth.revoked.length).toBeGreaterThan(revokedBefore);
    await expect(zoomCard.getByRole('button', { name: 'Integração', exact: true })).toBeEnabled();
    await expect(zoomCard.getByRole('switch')).toBeDisabled();

    // The user refuses at Zoom: an error, and the card stays unintegrated.
    const opening = page.waitForEvent('popup');
    await zoomCard.getByRole('button', { name: 'Integração', exact: true }).click();
    const popup = await opening;
    await popup.getByRole('button', { name: 'Negar' }).click();
    await popup.waitForURL(/\/bff\/zoom\/oauth\/callback/).catch(() => undefined);
    if (!popup.isClosed()) await popup.close();
    await expect(toast(page, 'Erro ao efetuar integração.')).toBeVisible({ timeout: 15_000 });
    await expect(zoomCard.getByRole('button', { name: 'Integração', exact: true })).toBeEnabled();
    await expect(zoomCard.getByRole('button', { name: 'Desfazer Integração' })).toBeDisabled();
  });
});
