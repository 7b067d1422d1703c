import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { chooseTeam } from './shell-helpers';
import { confirmDialog } from './streaming-helpers';
import { signIn } from './support/auth';
import { DEMO } from './support/env';
import { makeVideo } from './vod-helpers';

// docs/billing.md "The /billing page": /billing shows the month's usage from real records, and staff
// blocks a client for non-payment.

const TEAM = 'Demo Produções';
const DEMO_CLIENT = 'c0000000-0000-4000-8000-000000000002';
const DEMO_TEAM = 'a0000000-0000-4000-8000-000000000002';

async function apiAs(page: Page, login: string) {
  const res = await page.request.post('/api/user/login', { data: { login, password: 'palco123' } });
  const { Token } = (await res.json()) as { Token: string };
  return { authorization: `Bearer ${Token}` };
}

test('staff blocks the demo client and its owner lands on /blocked', async ({ page, browser }) => {
  // Staff is no member of the client's team: it works there through the team it selects.
  const staff = await signIn(page, DEMO.staff);
  const selected = await page.request.put('/bff/me/selected-team', {
    headers: { authorization: `Bearer ${staff}` },
    data: { accountId: DEMO_TEAM },
  });
  expect(selected.ok(), await selected.text()).toBe(true);
  await page.goto('/billing');
  const panel = page.getByRole('region', { name: 'Administração do cliente' });
  await expect(panel.getByRole('heading', { name: `Cliente ${TEAM}` })).toBeVisible();
  await panel.getByRole('button', { name: 'Bloquear cliente' }).click();
  try {
    await confirmDialog(page, `Bloquear ${TEAM}?`, 'Bloquear');
    await expect(panel.getByText('Bloqueado', { exact: true })).toBeVisible();

    const context = await browser.newContext();
    const owner = await context.newPage();
    await signIn(owner, DEMO.owner);
    await owner.goto('/streaming');
    await owner.waitForURL(/\/(select-team|blocked)/);
    if (new URL(owner.url()).pathname === '/select-team') {
      await owner.locator('article', { hasText: TEAM }).getByRole('button', { name: 'Acessar' }).click();
    }
    await expect(owner).toHaveURL(/\/blocked$/);
    await expect(
      owner.getByText('Os vídeos já armazenados continuam sendo entregues normalmente.'),
    ).toBeVisible();
    await expect(owner.getByRole('link', { name: 'Sair da plataforma' })).toBeVisible();
    await context.close();

    await panel.getByRole('button', { name: 'Desbloquear cliente' }).click();
    await confirmDialog(page, `Desbloquear ${TEAM}?`, 'Desbloquear');
    await expect(panel.getByText('Bloqueado', { exact: true })).toBeHidden();
  } finally {
    await page.request.post(`/v1/clients/${DEMO_CLIENT}/unblock`, { headers: await apiAs(page, DEMO.staff) });
  }
});

test('the billing page shows the month’s usage from a real transcode and exports it as CSV', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.owner);
  await chooseTeam(page, TEAM);
  const headers = await apiAs(page, DEMO.owner);
  const teamId = DEMO_TEAM;
  const created = await page.request.post('/v1/contents', {
    headers,
    params: { accountId: teamId },
    data: { title: `Faturamento ${Date.now()}`, directoryId: null, accountId: teamId },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { videoId } = (await created.json()) as { videoId: string };
  const video = makeVideo('billing.mp4', { size: '320x180', seconds: 2 });
  const sent = await page.request.post(`/v1/videos/${videoId}/source`, {
    headers,
    params: { accountId: teamId },
    multipart: { file: { name: video.name, mimeType: 'video/mp4', buffer: readFileSync(video.path) } },
  });
  expect(sent.status(), await sent.text()).toBe(202);
  await expect
    .poll(
      async () =>
        (
          (await (
            await page.request.get(`/v1/videos/${videoId}`, { headers, params: { accountId: teamId } })
          ).json()) as {
            status: string;
          }
        ).status,
      { timeout: 60_000 },
    )
    .toBe('ready');
  const usage = (await (
    await page.request.get('/v1/billing/usage', { headers, params: { accountId: teamId } })
  ).json()) as { totals: { encodedMinutes: number }; daily: { day: string; encodedMinutes: number }[] };
  expect(usage.totals.encodedMinutes).toBeGreaterThan(0);

  await page.goto('/billing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Billing');
  const meter = page.locator('[data-metric="encoded"]');
  const shown = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 }).format(
    usage.totals.encodedMinutes,
  );
  await expect(meter).toContainText(`${shown} / 1.000`);
  await expect(meter.getByRole('progressbar', { name: 'Minutos codificados' })).toBeVisible();
  // The daily charts (uPlot, its own chunk) draw one canvas per metric.
  await expect(page.locator('[data-metric="encodedMinutes"] canvas')).toHaveCount(1);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV do mês' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^uso-\d{4}-\d{2}\.csv$/);
  const lines = readFileSync(await file.path(), 'utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('Dia,Armazenamento (GB-mês),Minutos codificados,Minutos ao vivo,Minutos entregues');
  expect(lines).toHaveLength(usage.daily.length + 1);
  const today = usage.daily.find((d) => d.encodedMinutes > 0)!;
  expect(lines.find((l) => l.startsWith(today.day))?.split(',')[2]).toBe(String(today.encodedMinutes));
});
