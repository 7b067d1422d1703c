import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FakeTencentVod } from '../server/test/fakes/tencent-vod.ts';
import { makeTestMp4 } from '../server/test/fakes/test-media.ts';
import {
  card,
  closeDialog,
  collectAnswers,
  flipSwitch,
  openImportFolder,
  playsInFolder,
} from './integrations-helpers';
import { chooseTeam } from './shell-helpers';
import { signIn } from './support/auth';
import { DEMO } from './support/env';
import { freePort, type OwnServer, startOwnServer } from './support/own-server';

// Issue 29: /integrations against local servers speaking the providers' real protocols
// (server/test/fakes), on a Palco server of this spec's own whose provider endpoints point at them.

test.describe('against the local providers', () => {
  const port = freePort();
  test.use({ baseURL: `http://127.0.0.1:${port}` });
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  const SECRET_ID = 'AKIDpalcoE2E0000000000000000000000';
  const SECRET_KEY = 'palcoE2EsecretKey0000000000000000';
  let dir: string;
  let server: OwnServer;
  let tencent: FakeTencentVod;
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
    server = await startOwnServer(port, {
      TENCENT_VOD_API_URL: tencent.url,
      // The fakes' downloads are http on loopback: allowed for them alone, never for the private target.
      INTEGRATIONS_DEV_HOSTS: [tencent.url].map((url) => new URL(url).host).join(','),
      INTEGRATIONS_POLL_SECONDS: '2',
      INTEGRATIONS_RETRY_DELAY_S: '1',
      INTEGRATIONS_MAX_ATTEMPTS: '2',
    });
  });

  test.afterAll(async () => {
    const errors = server?.serverErrors() ?? [];
    await server?.stop();
    await tencent?.close();
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
});
