import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createStream, PNG, unique } from './streaming-helpers';
import { DEMO, DEMO_PASSWORD } from './support/env';
import { mailMatchFor } from './support/mail';
import { signInWithTeam } from './support/pwa';

// SPEC §2.8 (docs/classroom.md "Classroom"): the classroom's registration, viewing page and chat, as a viewer
// (no session).

const DEMO_TEAM = 'a0000000-0000-4000-8000-000000000002';

async function ownerToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/user/login', {
    data: { login: DEMO.owner, password: DEMO_PASSWORD },
  });
  return ((await login.json()) as { Token: string }).Token;
}

/** A class (a live of the demo team), made through the API by its owner. */
async function newClass(request: APIRequestContext, nome: string): Promise<string> {
  const Token = await ownerToken(request);
  const res = await request.post('/v1/live-streams', {
    headers: { Authorization: `Bearer ${Token}` },
    params: { accountId: DEMO_TEAM },
    data: {
      nome,
      // The team's internal note, and the classroom's public description (docs/classroom.md).
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

// docs/classroom.md "Registering an e-mail again": another browser registering an e-mail already in the
// class gets nothing of the registration until it types the code mailed to the address.
test('a second browser gets into a registered e-mail only with the mailed code; the first keeps its name', async ({
  page,
  browser,
  request,
}) => {
  // Two browsers, a mail and two chats: more than one page's share of the default 30 s on a busy machine.
  test.setTimeout(120_000);
  const liveId = await newClass(request, 'Aula com código');
  const email = `carla${Date.now().toString(36)}@escola.test`;
  await page.goto(`/classroom/register?liveId=${liveId}`);
  await registerAs(page, 'Carla Nunes', email);
  await expect(page).toHaveURL(new RegExp(`/classroom\\?liveId=${liveId}$`));
  const chat = page.frameLocator('iframe[title="Chat"]');
  await chat.getByPlaceholder('Escreva uma mensagem').fill('oi do notebook');
  await chat.getByRole('button', { name: 'Enviar' }).click();
  await expect(chat.getByRole('listitem').filter({ hasText: 'oi do notebook' })).toContainText('Carla Nunes');

  // Another browser (no shared storage) registers the same address under another name.
  const other = await browser.newContext({ locale: 'pt-BR' });
  try {
    const second = await other.newPage();
    await second.goto(`/classroom/register?liveId=${liveId}`);
    const since = Date.now() - 1000;
    await registerAs(second, 'Carla no Celular', email.toUpperCase());
    await expect(
      second.getByText(
        `Este e-mail já está inscrito nesta aula. Enviamos um código para ${email.toUpperCase()}: digite-o para entrar neste navegador.`,
      ),
    ).toBeVisible();
    await expect(second).toHaveURL(/\/classroom\/register/);
    const [, code] = await mailMatchFor(email, /: (\d{6})\n/, { since, what: 'a classroom code mail' });
    // A wrong code is refused with the server's message; the mailed one lets the browser in.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await second.getByLabel('Código', { exact: true }).fill(wrong);
    await second.getByRole('button', { name: 'Confirmar código' }).click();
    await expect(second.getByRole('alert')).toHaveText('Código incorreto. Confira o e-mail e tente de novo.');
    await second.getByLabel('Código', { exact: true }).fill(code!);
    await second.getByRole('button', { name: 'Confirmar código' }).click();
    await expect(second).toHaveURL(new RegExp(`/classroom\\?liveId=${liveId}$`));
    const secondChat = second.frameLocator('iframe[title="Chat"]');
    await secondChat.getByPlaceholder('Escreva uma mensagem').fill('oi do celular');
    await secondChat.getByRole('button', { name: 'Enviar' }).click();
    await expect(secondChat.getByRole('listitem').filter({ hasText: 'oi do celular' })).toContainText(
      'Carla no Celular',
    );
  } finally {
    await other.close();
  }

  // The first browser still chats, under its own name.
  await chat.getByPlaceholder('Escreva uma mensagem').fill('ainda sou eu');
  await chat.getByRole('button', { name: 'Enviar' }).click();
  await expect(chat.getByRole('listitem').filter({ hasText: 'ainda sou eu' })).toContainText('Carla Nunes');
  await expect(chat.getByRole('listitem').filter({ hasText: 'oi do notebook' })).toContainText('Carla Nunes');
});

// The classroom of SPEC §2.8, complete (docs/classroom.md "Speakers, agenda and images") — speakers and
// agenda edited in the console, an unknown class, a finished class, the header at 390 px.

const UNKNOWN = '00000000-0000-4000-8000-00000000dead';

/** The attendee a registration leaves, for a class (the viewing page opens with one). */
async function saveAttendeeFor(page: Page, liveId: string) {
  await page.goto('/classroom/register');
  await page.evaluate(
    (id) =>
      localStorage.setItem(
        'palco-classroom-attendee',
        JSON.stringify({ name: 'Ana', email: 'ana@escola.test', liveId: id }),
      ),
    liveId,
  );
}

/** Only the not-found text: no form, no player, nothing to press. */
async function expectOnlyNotFound(page: Page) {
  await expect(page.getByText('Sala de aula não encontrada')).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('button')).toHaveCount(0);
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(page.getByRole('heading')).toHaveCount(0);
}

test('the team sets speakers, photos and the agenda in the console; the classroom shows them', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const live = await createStream({ request: page.request, token, teamId }, unique('Aula com oradores'));

  await page.goto(`/streaming/${live.id}/edit`);
  const room = page.getByRole('group', { name: 'Sala de aula' });
  await expect(room).toBeVisible();
  for (const [i, name] of ['Ana Souza', 'Bruno Lima', 'Carla Dias'].entries()) {
    await room.getByRole('button', { name: 'Adicionar orador' }).click();
    await room.getByRole('textbox', { name: `Nome do orador ${i + 1}` }).fill(name);
  }
  await room.getByRole('textbox', { name: 'Cargo ou tema (opcional)' }).first().fill('Violonista');
  await room
    .getByLabel('Foto de Ana Souza')
    .setInputFiles({ name: 'ana.png', mimeType: 'image/png', buffer: PNG });
  await expect(room.getByRole('img', { name: 'Foto de Ana Souza' })).toBeVisible();
  // Carla moves up one place, before Bruno.
  await room.getByRole('button', { name: 'Mover para cima: Carla Dias' }).click();
  for (const [i, [time, title]] of [
    ['19:00', 'Boas-vindas'],
    ['19:30', 'Acordes maiores'],
  ].entries()) {
    await room.getByRole('button', { name: 'Adicionar item' }).click();
    await room.getByLabel(`Horário do item ${i + 1}`).fill(time!);
    await room.getByRole('textbox', { name: `Título do item ${i + 1}` }).fill(title!);
  }
  // An empty item is refused with the field's message, and nothing is saved until it is fixed.
  await room.getByRole('button', { name: 'Adicionar item' }).click();
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(room.getByText('O campo é obrigatório').first()).toBeVisible();
  await expect(page).toHaveURL(/\/edit$/);
  await room.getByRole('button', { name: 'Remover: Item 3' }).click();
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page).toHaveURL(new RegExp(`/streaming/${live.id}/panel$`));

  // Editing again shows what was saved, in order.
  await page.goto(`/streaming/${live.id}/edit`);
  // (A full load of the console: on a loaded machine the wizard can take longer than one expect.)
  await expect(room).toBeVisible({ timeout: 30_000 });
  await expect(room.getByRole('textbox', { name: 'Nome do orador 2' })).toHaveValue('Carla Dias');
  await expect(room.getByRole('img', { name: 'Foto de Ana Souza' })).toHaveAttribute(
    'src',
    /^\/media\/streams\//,
  );

  await page.goto(`/classroom/register?liveId=${live.id}`);
  await registerAs(page, 'Bia Lima', 'bia@escola.test');
  await expect(page).toHaveURL(new RegExp(`/classroom\\?liveId=${live.id}$`));
  // The carousel (a region of the 'ORADORES' section, named like it).
  const carousel = page.locator('#oradores [aria-roledescription="carrossel"]');
  const speakers = carousel.getByRole('listitem');
  await expect(speakers).toHaveText([/Ana Souza\s*Violonista/, /Carla Dias$/, /Bruno Lima$/]);
  await expect(speakers.first().locator('img')).toHaveAttribute('src', /^\/media\/streams\/.+\/speaker-/);
  // 6 a view from 1080 px: all three in view, nothing to page.
  for (const s of await speakers.all()) await expect(s).toBeInViewport();
  await expect(carousel.getByRole('button', { name: 'Próximos' })).toBeDisabled();
  const agenda = page.locator('#agenda').getByRole('listitem');
  await expect(agenda).toHaveText([/19:00\s*Boas-vindas/, /19:30\s*Acordes maiores/]);

  // On a phone: one at a time, paged by the arrows.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await carousel.scrollIntoViewIfNeeded();
  await expect(speakers.nth(0)).toBeInViewport({ ratio: 0.9 });
  await expect(speakers.nth(1)).not.toBeInViewport();
  await expect(carousel.getByRole('button', { name: 'Anteriores' })).toBeDisabled();
  await carousel.getByRole('button', { name: 'Próximos' }).click();
  await expect(speakers.nth(1)).toBeInViewport({ ratio: 0.9 });
  await expect(carousel.getByRole('button', { name: 'Anteriores' })).toBeEnabled();
  await expect(agenda).toHaveCount(2);
});

test('an unknown or malformed class shows only "Sala de aula não encontrada"', async ({ page }) => {
  for (const url of [
    `/classroom/register?liveId=${UNKNOWN}`,
    '/classroom/register?liveId=nao-e-uma-aula',
    '/classroom/register',
  ]) {
    await page.goto(url);
    await expectOnlyNotFound(page);
  }
  // The viewing page of an unknown class: without an attendee it is the registration, and with one it
  // says the same.
  await page.goto(`/classroom?liveId=${UNKNOWN}`);
  await expect(page).toHaveURL(/\/classroom\/register/);
  await expectOnlyNotFound(page);
  await saveAttendeeFor(page, UNKNOWN);
  await page.goto(`/classroom?liveId=${UNKNOWN}`);
  await expect(page).toHaveURL(new RegExp(`/classroom\\?liveId=${UNKNOWN}$`));
  await expectOnlyNotFound(page);
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a finished class says it has ended (${viewport.width} px)`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const liveId = await newClass(request, `Aula encerrada ${viewport.width}`);
    const token = await ownerToken(request);
    for (const action of ['start', 'complete']) {
      const res = await request.put(`/v1/live-streams/${liveId}/control/${action}`, {
        headers: { Authorization: `Bearer ${token}` },
        params: { accountId: DEMO_TEAM },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    await page.goto(`/classroom/register?liveId=${liveId}`);
    await expect(page.getByRole('heading', { name: `Aula encerrada ${viewport.width}` })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(/Esta aula terminou\.\s*Não há gravação disponível\./);
    // Nothing left to join: no registration form.
    await expect(page.getByRole('button', { name: 'Entrar na sala' })).toHaveCount(0);
    await expect(page.getByLabel('Nome')).toHaveCount(0);

    // An attendee who registered before the end sees it on the viewing page too.
    await saveAttendeeFor(page, liveId);
    await page.goto(`/classroom?liveId=${liveId}`);
    await expect(page.getByRole('status')).toHaveText(/Esta aula terminou\./);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
  });
}

test('at 390 px the header tabs and the logout fit, without scrolling', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const liveId = await newClass(request, 'Aula no celular');
  await saveAttendeeFor(page, liveId);
  await page.goto(`/classroom?liveId=${liveId}`);
  const nav = page.getByRole('navigation', { name: 'Seções' });
  await expect(nav.getByRole('link', { name: 'AGENDA' })).toBeVisible();
  const navBox = (await nav.boundingBox())!;
  for (const tab of ['INÍCIO', 'ORADORES', 'AGENDA']) {
    const box = (await nav.getByRole('link', { name: tab }).boundingBox())!;
    expect(box.x, tab).toBeGreaterThanOrEqual(navBox.x - 0.5);
    expect(box.x + box.width, tab).toBeLessThanOrEqual(navBox.x + navBox.width + 0.5);
  }
  expect(await nav.evaluate((n) => n.scrollWidth - n.clientWidth)).toBeLessThanOrEqual(0);
  await expect(page.getByRole('button', { name: 'Sair' })).toBeInViewport({ ratio: 1 });
});
