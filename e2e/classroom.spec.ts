import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './support/env';

// Issue 17 / SPEC §2.8: the classroom's registration, viewing page and chat, as a viewer (no session).

const DEMO_TEAM = 'a0000000-0000-4000-8000-000000000002';

/** A class (a live of the demo team), made through the API by its owner. */
async function newClass(request: APIRequestContext, nome: string): Promise<string> {
  const login = await request.post('/api/user/login', {
    data: { login: DEMO.owner, password: DEMO_PASSWORD },
  });
  const { Token } = (await login.json()) as { Token: string };
  const res = await request.post('/v1/live-streams', {
    headers: { Authorization: `Bearer ${Token}` },
    params: { accountId: DEMO_TEAM },
    data: {
      nome,
      // The team's internal note, and the classroom's public description (issue 26 point 1).
      descricao: 'Câmera 2 no palco lateral.',
      classroomDescription: 'Acordes e ritmos',
      scheduledStartTime: '2030-05-01T20:00:00.000Z',
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function registerAs(page: Page, name: string, email: string) {
  await page.getByLabel('Nome').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Entrar na sala' }).click();
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`register, watch and leave the classroom (${viewport.width} px)`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const liveId = await newClass(request, `Aula de violão ${viewport.width}`);
    // Without an attendee, the viewing page sends the viewer to the registration.
    await page.goto(`/classroom?liveId=${liveId}`);
    await expect(page).toHaveURL(new RegExp(`/classroom/register\\?liveId=${liveId}$`));
    await expect(page.getByRole('heading', { name: `Aula de violão ${viewport.width}` })).toBeVisible();
    await expect(page.getByText('Acordes e ritmos')).toBeVisible();
    // The internal note never reaches the public page.
    await expect(page.getByText('Câmera 2 no palco lateral.')).toHaveCount(0);

    await registerAs(page, 'Ana 2', 'ana@escola.test');
    await expect(page.getByText('Nome inserido inválido')).toBeVisible();
    await expect(page).toHaveURL(/\/classroom\/register/);
    expect(await page.getByLabel('Nome').getAttribute('maxlength')).toBe('50');

    await registerAs(page, 'Ana Conceição', 'ana@');
    await expect(page.getByText('O formato do email não é válido')).toBeVisible();

    await registerAs(page, 'Ana Conceição', 'ana@escola.test');
    await expect(page).toHaveURL(new RegExp(`/classroom\\?liveId=${liveId}$`));
    const nav = page.getByRole('navigation', { name: 'Seções' });
    for (const tab of ['INÍCIO', 'ORADORES', 'AGENDA'])
      await expect(nav.getByRole('link', { name: tab })).toBeVisible();
    // The player carries the registration, so customer support finds this attendee by e-mail.
    await expect(page.locator(`iframe[src^="/embed/${liveId}?attendee="]`)).toBeVisible();
    const chat = page.frameLocator('iframe[title="Chat"]');
    await expect(chat.getByPlaceholder('Escreva uma mensagem')).toBeVisible();
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );

    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(new RegExp(`/classroom/register\\?liveId=${liveId}$`));
    await page.goto(`/classroom?liveId=${liveId}`);
    await expect(page).toHaveURL(/\/classroom\/register/);
  });
}

test('the player takes 68 % and the chat 32 % on a large screen; chat messages are shown as text', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const liveId = await newClass(request, 'Aula com chat');
  await page.goto(`/classroom/register?liveId=${liveId}`);
  await registerAs(page, 'Bruno Araújo', 'bruno@escola.test');
  const player = await page.locator('.cls-player').boundingBox();
  const stage = await page.locator('.cls-stage').boundingBox();
  expect(player && stage && Math.round((player.width / stage.width) * 100)).toBe(68);
  expect(player && Math.round((player.width / player.height) * 9)).toBe(16);

  const chat = page.frameLocator('iframe[title="Chat"]');
  await chat.getByPlaceholder('Escreva uma mensagem').fill('<b>oi</b> turma');
  await chat.getByRole('button', { name: 'Enviar' }).click();
  await expect(chat.getByText('<b>oi</b> turma')).toBeVisible();
  await expect(chat.locator('b')).toHaveCount(0);
});
