import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import { FakeFacebook } from '../server/test/fakes/facebook.ts';
import { type FakeGoogle, startFakeGoogle } from '../server/test/fakes/google.ts';
import { RtmpReceiver } from '../server/test/fakes/rtmp-receiver.ts';
import { FakeTencentVod } from '../server/test/fakes/tencent-vod.ts';
import { makeTestMp4 } from '../server/test/fakes/test-media.ts';
import { FakeYoutube } from '../server/test/fakes/youtube.ts';
import { type FakeZoom, startFakeZoom } from '../server/test/fakes/zoom.ts';
import { publishTestSignal } from '../server/test/rtmp-encoder.ts';
import {
  authorizeImportCard,
  card,
  closeDialog,
  collectAnswers,
  flipSwitch,
  openImportFolder,
  playsInFolder,
} from './integrations-helpers';
import { chooseTeam } from './shell-helpers';
import { type Api, confirmDialog, createStream, getStream, toast, unique } from './streaming-helpers';
import { signIn } from './support/auth';
import { DEMO, E2E_BASE_URL } from './support/env';
import { freePort, type OwnServer, startOwnServer } from './support/own-server';
import { signInWithTeam } from './support/pwa';

const run = promisify(execFile);

// /integrations (docs/integrations-page.md) against local servers speaking the providers' real protocols
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
  const ingestPort = freePort();
  test.use({ baseURL: `http://127.0.0.1:${port}` });
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  const SECRET_ID = 'AKIDpalcoE2E0000000000000000000000';
  const SECRET_KEY = 'palcoE2EsecretKey0000000000000000';
  let dir: string;
  let server: OwnServer;
  let tencent: FakeTencentVod;
  let zoom: FakeZoom;
  let google: FakeGoogle;
  let youtube: FakeYoutube;
  let facebook: FakeFacebook;
  let receiver: RtmpReceiver;
  const publicUrl = `http://127.0.0.1:${port}`;
  /** A local address no import may reach: counts every request it gets. */
  let privateHits = 0;
  let privateTarget: ReturnType<typeof createServer>;
  let privateUrl = '';
  /** Waits until the poll queue has looked at Google Meet's connection `n` more times (2 s apart). */
  const pollsPass = async (n: number) => {
    const target = google.lists() + n;
    await expect.poll(() => google.lists(), { timeout: 30_000 }).toBeGreaterThanOrEqual(target);
  };

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
    // YouTube (Google's OAuth) and Facebook, whose ingestion is a local RTMP receiver writing one FLV
    // per push it takes (only the stream keys the fakes handed out, like the real ones).
    google = await startFakeGoogle({
      redirectUris: [
        `${publicUrl}/bff/google-meet/oauth/callback`,
        `${publicUrl}/bff/palco-youtube/oauth/callback`,
      ],
      mp4Path: mp4,
    });
    receiver = new RtmpReceiver({
      dir: join(dir, 'rtmp'),
      accept: (app, key) =>
        (app === 'live2' && [...youtube.streams.values()].some((s) => s.streamName === key)) ||
        (app === 'rtmp' && [...facebook.liveVideos.values()].some((v) => v.key === key)),
    });
    await receiver.listen();
    youtube = new FakeYoutube(receiver, (token) =>
      google.oauth.userOf(`Bearer ${token}`) ? ['https://www.googleapis.com/auth/youtube'] : null,
    );
    facebook = new FakeFacebook(receiver);
    await youtube.listen();
    await facebook.listen();
    server = await startOwnServer(port, {
      ...zoom.env,
      ...google.env,
      TENCENT_VOD_API_URL: tencent.url,
      YOUTUBE_API_URL: youtube.url,
      FACEBOOK_APP_ID: facebook.appId,
      FACEBOOK_APP_SECRET: facebook.appSecret,
      FACEBOOK_DIALOG_URL: facebook.dialogUrl,
      FACEBOOK_GRAPH_URL: facebook.graphUrl,
      SIMULCAST_RETRY_MS: '500',
      INGEST_PORT: String(ingestPort),
      INGEST_HOST: '127.0.0.1',
      // The fakes' downloads (and the receiver's rtmp://) are on loopback: allowed for them alone,
      // never for the private target.
      INTEGRATIONS_DEV_HOSTS: [tencent.url, zoom.url, google.url, `http://127.0.0.1:${receiver.port}`]
        .map((url) => new URL(url).host)
        .join(','),
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
    await google?.close();
    await Promise.all([youtube?.close(), facebook?.close(), receiver?.close()]);
    privateTarget?.close();
    rmSync(dir, { recursive: true, force: true });
    expect(errors, 'the server answered a 5xx').toEqual([]);
  });

  test("Tencent: when Tencent Cloud cannot be reached, the dialog says so in the server's words", async ({
    page,
  }) => {
    await signIn(page, DEMO.owner);
    await chooseTeam(page, 'Demo Produções');
    await page.goto('/integrations');
    await card(page, 'Tencent Cloud').getByRole('button', { name: 'Integração', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Tencent Cloud' });
    await dialog.getByLabel('secretId').fill(SECRET_ID);
    await dialog.getByLabel('secretKey').fill(SECRET_KEY);
    tencent.failNext = { status: 503, count: 20 };
    await dialog.getByRole('button', { name: 'Integrar' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Não foi possível falar com a Tencent Cloud agora');
    tencent.failNext = null;
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await expect(dialog).toBeHidden();
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

  test("Zoom: the popup's Autorizar shows Playlist criada, and the recording plays in the new folder", async ({
    page,
  }) => {
    await signIn(page, DEMO.owner);
    await chooseTeam(page, 'Demo Produções');
    await page.goto('/integrations');
    await authorizeImportCard(page, 'Zoom Meetings', 'ana@zoom.example');

    await openImportFolder(page, 'Zoom Meetings');
    await playsInFolder(page, 'Aula de sexta');
  });

  test("Google Meet: the popup's Autorizar shows Playlist criada, and the Meet recording plays in the new folder", async ({
    page,
  }) => {
    await signIn(page, DEMO.owner);
    await chooseTeam(page, 'Demo Produções');
    await page.goto('/integrations');
    // 'Integração' first says what Google will ask; its 'Conectar com o Google' opens the popup.
    await authorizeImportCard(page, 'Google Meet', 'ana@gmail.example', 'Conectar com o Google');

    // The fake's conference recording (its Drive file) becomes a video of the new folder, and plays.
    await openImportFolder(page, 'Google Meet');
    await playsInFolder(page, /^Google Meet/);
    expect(google.downloads()).toBeGreaterThan(0);
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
    // Google Meet's connection (the test before) is polled on the same queue and period: once it has
    // been listed three more times, Tencent's look that was pending at the switch has run, and found
    // the import off.
    await pollsPass(3);
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
    // Several poll periods (INTEGRATIONS_POLL_SECONDS=2) with the switch off, counted by Google Meet's
    // connection being listed on the same queue: nothing is downloaded from Zoom.
    await pollsPass(3);
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

  test('a YouTube- and a Facebook-connected live, when started, pushes to both (the local RTMP receiver)', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
    const api: Api = { request: page.request, token, teamId };
    const auth = { headers: { Authorization: `Bearer ${token}` }, params: { accountId: teamId } };
    await page.goto('/integrations');

    // Each card connects through its popup: 'Autorizar' on the provider's consent page.
    const connect = async (name: string, connected: string) => {
      const opening = page.waitForEvent('popup');
      await card(page, name).getByRole('button', { name: 'Integração', exact: true }).click();
      const popup = await opening;
      await popup.getByRole('button', { name: 'Autorizar' }).click();
      await expect(toast(page, connected)).toBeVisible({ timeout: 15_000 });
      await expect.poll(() => popup.isClosed()).toBe(true);
    };
    await connect('Youtube', 'Canal do YouTube conectado');
    await expect(card(page, 'Youtube')).toContainText(`Canal: ${youtube.channel.title}`);
    await connect('Facebook Live', 'Página do Facebook conectada');
    await expect(card(page, 'Facebook Live')).toContainText(`Página: ${facebook.page.name}`);
    // The simulcast switches (`enabled`): on for both.
    for (const name of ['Youtube', 'Facebook Live']) {
      const on = card(page, name).getByRole('switch');
      await expect(on).toBeEnabled();
      if (!(await on.isChecked())) await flipSwitch(page, name);
      await expect(on).toBeChecked();
      await expect(card(page, name).getByText('HABILITADO', { exact: true })).toBeVisible();
    }

    // A live, started from its panel, with a real encoder publishing to the server's ingest.
    const title = unique('Simulcast e2e');
    const live = await createStream(api, title, { type: 'encoder', transcode: { enableLive2vod: false } });
    const control = (p: Page, name: string) =>
      p.getByRole('region', { name: 'Controle da transmissão' }).getByRole('button', { name, exact: true });
    await page.goto(`/streaming/${live.id}/panel`);
    // The panel lists where the live will also go: the channel and the Page, waiting for it.
    const simulcast = page.getByRole('region', { name: 'Transmissão simultânea' });
    const row = (provider: string) => simulcast.getByTestId('simulcast-target').filter({ hasText: provider });
    await expect(row('YouTube')).toContainText(youtube.channel.title);
    await expect(row('YouTube')).toContainText('Aguardando a transmissão');
    await expect(row('Facebook')).toContainText(facebook.page.name);
    await expect(row('Facebook')).toContainText('Aguardando a transmissão');
    await control(page, 'Iniciar').click();
    await confirmDialog(page, 'Iniciar transmissão?', 'Iniciar');
    await expect(control(page, 'Iniciar')).toBeDisabled();
    const key = (await getStream(api, live.id)).body!.signals[0]!.key!;
    const encoder = publishTestSignal(`rtmp://127.0.0.1:${ingestPort}/live/${key}`, 90);
    const exited = new Promise<void>((resolve) => encoder.once('close', () => resolve()));
    const targets = async () => {
      const res = await page.request.get(`/bff/simulcast/${live.id}`, auth);
      expect(res.status()).toBe(200);
      return (await res.json()) as { provider: string; state: string; watchUrl: string | null }[];
    };
    try {
      // Both go live: YouTube's broadcast once its stream saw data, Facebook's live video as data flows.
      await expect
        .poll(async () => (await targets()).map((t) => `${t.provider}:${t.state}`).sort(), {
          timeout: 60_000,
        })
        .toEqual(['facebook:live', 'youtube:live']);
      const broadcast = [...youtube.broadcasts.values()].find((b) => b.title === title);
      expect(broadcast?.lifeCycleStatus).toBe('live');
      const video = [...facebook.liveVideos.values()].find((v) => v.title === title);
      expect(video?.status).toBe('LIVE');
      expect((await targets()).find((t) => t.provider === 'youtube')?.watchUrl).toBe(
        `https://www.youtube.com/watch?v=${broadcast?.id}`,
      );
      // The panel shows both on air (it polls), with the broadcast's page at YouTube.
      for (const provider of ['YouTube', 'Facebook']) {
        await expect(row(provider)).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
        await expect(row(provider)).toContainText('No ar');
      }
      await expect(row('YouTube').getByRole('link', { name: 'Assistir no YouTube' })).toHaveAttribute(
        'href',
        `https://www.youtube.com/watch?v=${broadcast?.id}`,
      );
      // Below 930 px the rows fit a phone's width: nothing scrolls sideways.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(row('Facebook')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.setViewportSize({ width: 1280, height: 720 });
      // Media reaches the receiver under both providers' keys.
      const ytKey = youtube.streams.get(broadcast?.boundStreamId ?? '')?.streamName ?? '';
      const fbKey = video?.key ?? '';
      await expect
        .poll(
          () => [ytKey, fbKey].map((k) => receiver.received(k).reduce((sum, p) => sum + p.bytes, 0) > 50_000),
          { timeout: 30_000 },
        )
        .toEqual([true, true]);

      // The live ends from its panel: the broadcast is complete, the live video ended.
      await control(page, 'Encerrar').click();
      await confirmDialog(page, 'Encerrar transmissão?', 'Encerrar');
      await expect(control(page, 'Encerrar')).toBeDisabled();
      await expect
        .poll(async () => (await targets()).map((t) => t.state), { timeout: 30_000 })
        .toEqual(['ended', 'ended']);
      for (const provider of ['YouTube', 'Facebook']) {
        await expect(row(provider)).toHaveAttribute('data-state', 'ended', { timeout: 15_000 });
        await expect(row(provider)).toContainText('Encerrada');
      }
      expect(broadcast?.lifeCycleStatus).toBe('complete');
      expect(video?.status).toBe('VOD');

      // What each provider received holds the live's video (ffprobe of the receiver's FLV files).
      for (const k of [ytKey, fbKey]) {
        const publishes = receiver.received(k);
        expect(publishes.length).toBeGreaterThan(0);
        await expect.poll(() => publishes.every((p) => p.ended), { timeout: 15_000 }).toBe(true);
        const { stdout } = await run('ffprobe', [
          ...['-v', 'error', '-show_entries', 'stream=codec_type,codec_name', '-of', 'csv=p=0'],
          publishes[0]!.file,
        ]);
        expect(stdout).toContain('h264,video');
      }
    } finally {
      encoder.kill('SIGINT');
      await exited;
    }
  });
});
