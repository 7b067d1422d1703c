import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { DEMO, DEMO_PASSWORD, E2E_BASE_URL } from './support/env';
import { signInWithTeam } from './support/pwa';

// SPEC §2.5 activity log page (/records), §4 "Log page", §5 team selector rule, §9 page sizes.
// The entries come from the real server: team switches (TIME_SELECIONADO) and logins are logged.

const rows = (page: Page) => page.getByTestId('log-row');
const today = () => Temporal.Now.plainDateISO();

async function tokenOf(request: APIRequestContext, login: string) {
  const res = await request.post('/api/user/login', { data: { login, password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { Token: string }).Token;
}

async function teamsOf(request: APIRequestContext, token: string) {
  const res = await request.get('/bff/me', { headers: { Authorization: `Bearer ${token}` } });
  const me = (await res.json()) as { contasCargos: Array<{ conta_id: string; conta_nome: string }> };
  return Object.fromEntries(me.contasCargos.map((c) => [c.conta_nome, c.conta_id]));
}

interface Entry {
  event: string;
  identifier: string | null;
  created_at: string;
  user: { email: string | null } | null;
}

async function logsFor(request: APIRequestContext, token: string, query: Record<string, string | number>) {
  const res = await request.get('/v1/logs', { headers: { Authorization: `Bearer ${token}` }, params: query });
  expect(res.ok()).toBe(true);
  return (await res.json()) as {
    items: Entry[];
    pagination: { pagesTotal: number; total?: number; totalExact?: boolean };
  };
}

async function eventLabel(request: APIRequestContext, token: string, code: string) {
  const res = await request.get('/v1/logs/list-event-types', {
    headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'pt-BR' },
  });
  const types = (await res.json()) as Record<string, string>;
  return types[code] ?? code;
}

/** The moments of the rows shown, in order. */
const moments = async (page: Page) =>
  (
    await rows(page)
      .locator('time')
      .evaluateAll((els) => els.map((el) => el.getAttribute('datetime') ?? ''))
  ).map((iso) => Date.parse(iso));

async function openRecords(page: Page, path = '/records') {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Registros' })).toBeVisible();
  await expect(page.getByTestId('log-skeleton')).toHaveCount(0);
}

// Enough entries for paging: the owner switches teams 30 times, the staff user signs in and switches too.
test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const owner = await tokenOf(request, DEMO.owner);
  const teams = await teamsOf(request, owner);
  for (let i = 0; i < 30; i++) {
    const accountId = i % 2 ? teams['Eventos Ao Vivo'] : teams['Demo Produções'];
    const res = await request.put('/bff/me/selected-team', {
      headers: { Authorization: `Bearer ${owner}` },
      data: { accountId },
    });
    expect(res.ok()).toBe(true);
  }
  await tokenOf(request, DEMO.staff);
  await request.dispose();
});

test('a team switch done in the console shows in /records, newest first', async ({ page }) => {
  const token = await signInWithTeam(page, DEMO.owner, 'Demo Produções').then((x) => x.token);
  const label = await eventLabel(page.request, token, 'TIME_SELECIONADO');
  await openRecords(page);

  let switchedAt = 0;
  for (const team of ['Eventos Ao Vivo', 'Demo Produções']) {
    switchedAt = Date.now();
    await page.getByRole('button', { name: /Selecionar time/ }).click();
    await page
      .getByRole('dialog', { name: 'Selecionar time' })
      .getByRole('button', { name: new RegExp(team) })
      .click();
    await expect(page.getByTestId('current-team')).toHaveText(team);
  }
  await expect(page).toHaveURL(/\/records/);
  // The list is refetched for the new team: the newest entry is the switch just made, by this user.
  await expect.poll(async () => (await moments(page))[0] ?? 0).toBeGreaterThanOrEqual(switchedAt - 2000);
  const first = rows(page).first();
  await expect(first.getByTestId('log-event')).toHaveText(label);
  await expect(first).toContainText('owner@palco.test');

  // The info modal names the responsible user and their browser.
  await first.getByRole('button', { name: 'Informações de owner@palco.test' }).click();
  const info = page.getByRole('dialog', { name: 'Informações do responsável' });
  await expect(info).toContainText('owner@palco.test');
  await expect(info).toContainText(/Chrome( Headless)? \d+/);
  await info.getByRole('button', { name: 'Fechar' }).first().click();
  await expect(info).toHaveCount(0);
});

test('search by responsible and by identifier, from page 1, kept by a reload', async ({ page }) => {
  const { token } = await signInWithTeam(page, DEMO.staff, 'Palco Interno');
  await openRecords(page, '/records?page=2');
  // The current page names the total when the server counted it exactly (staff see every team's
  // entries: after the other specs there can be more than the server counts ahead).
  await expect(page.getByRole('button', { name: /^Página 2( de \d+)?$/ })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await page.getByRole('combobox', { name: 'Buscar por' }).click();
  await page.getByRole('option', { name: 'Responsável' }).click();
  const box = page.getByRole('searchbox', { name: 'Buscar por responsável' });
  await box.fill('owner@');
  await box.press('Enter');
  await expect(page).toHaveURL(/by=user/);
  await expect(page).not.toHaveURL(/page=/);
  await expect(rows(page).first()).toBeVisible();
  // Every row is the owner's (staff@ entries exist: the staff user signed in and switched teams).
  await expect(rows(page).filter({ hasNotText: 'owner@palco.test' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Página 1( de \d+)?$/ })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Buscar por responsável' })).toHaveValue('owner@');
  await expect(page.getByRole('combobox', { name: 'Buscar por' })).toHaveText(/Responsável/);
  await expect(rows(page).first()).toContainText('owner@palco.test');

  // By identifier: the start of an identifier the server holds.
  const { items } = await logsFor(page.request, token, { limit: 50 });
  const identifier = items.find((e) => e.identifier && e.identifier.length > 6)?.identifier ?? '';
  expect(identifier).not.toBe('');
  const prefix = identifier.slice(0, 5).trim();
  await page.getByRole('combobox', { name: 'Buscar por' }).click();
  await page.getByRole('option', { name: 'Identificador' }).click();
  const idBox = page.getByRole('searchbox', { name: 'Buscar por identificador' });
  await idBox.fill(prefix);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(prefix);
  await expect(page).not.toHaveURL(/by=/);
  await expect(rows(page).first()).toBeVisible();
  for (const shown of await page.getByTestId('log-identifier').allTextContents()) {
    expect(shown.toLowerCase().startsWith(prefix.toLowerCase())).toBe(true);
  }
});

test('a search with no match shows "Sem resultado"', async ({ page }) => {
  await signInWithTeam(page, DEMO.staff, 'Palco Interno');
  await openRecords(page);
  const box = page.getByRole('searchbox', { name: 'Buscar por identificador' });
  await box.fill('zzz-nada-com-isso');
  await box.press('Enter');
  await expect(page.getByRole('heading', { name: 'Sem resultado' })).toBeVisible();
  await expect(
    page.getByText('Nenhum resultado encontrado, tente novamente com outra palavra-chave.'),
  ).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
});

test('the date header toggles the order between newest and oldest first', async ({ page }) => {
  await signInWithTeam(page, DEMO.staff, 'Palco Interno');
  await openRecords(page);
  const header = page.getByRole('columnheader', { name: 'Data' });
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const desc = await moments(page);
  expect(desc.length).toBeGreaterThan(1);
  expect(desc).toEqual([...desc].sort((a, b) => b - a));

  await header.getByRole('button').click();
  await expect(page).toHaveURL(/order=asc/);
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(async () => (await moments(page))[0]).toBeLessThan(desc[0]!);
  const asc = await moments(page);
  expect(asc).toEqual([...asc].sort((a, b) => a - b));

  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect(page).not.toHaveURL(/order=/);
});

test('the page size changes how many rows show; pages move on', async ({ page }) => {
  const { token } = await signInWithTeam(page, DEMO.staff, 'Palco Interno');
  await openRecords(page);
  await expect(rows(page)).toHaveCount(10);

  await page.getByRole('combobox', { name: 'Itens por página' }).click();
  await page.getByRole('option', { name: '25', exact: true }).click();
  await expect(page).toHaveURL(/limit=25/);
  await expect(rows(page)).toHaveCount(25);

  await page.getByRole('combobox', { name: 'Itens por página' }).click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await expect(rows(page)).toHaveCount(10);
  await page.getByRole('button', { name: 'Próxima página' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows(page)).toHaveCount(10);
  // Page 2 continues where page 1 ended. Staff see every team's entries and the specs running beside
  // this one add entries, each of which moves the pages on by one: page 2 is read again until no entry
  // arrived while it was read, and compared with page 1 as it was then.
  const firstPage = async () =>
    (await logsFor(page.request, token, { limit: 10 })).items.map((e) => Date.parse(e.created_at));
  await expect(async () => {
    const before = await firstPage();
    await page.reload();
    await expect(rows(page)).toHaveCount(10);
    const second = await moments(page);
    expect(await firstPage()).toEqual(before);
    expect(second[0]!).toBeLessThanOrEqual(before[before.length - 1]!);
  }).toPass({ timeout: 60_000 });
  const { pagination } = await logsFor(page.request, token, { limit: 10 });
  // The last page names the total when the server counted it exactly; past what it counts (staff see
  // every team's entries, and the other specs add many) the pager says more pages follow.
  if (pagination.totalExact === false) {
    await expect(page.getByTestId('pagination-more')).toBeVisible();
  } else {
    await expect(
      page.getByRole('button', { name: `Página ${pagination.pagesTotal} de ${pagination.pagesTotal}` }),
    ).toBeVisible();
  }
});

test('a date range narrows the entries; a range without any shows the empty state', async ({ page }) => {
  await signInWithTeam(page, DEMO.staff, 'Palco Interno');
  const day = today();
  const past = day.subtract({ days: 9 }).toString();
  await openRecords(page, `/records?start=${past}&end=${past}`);
  await expect(page.getByRole('heading', { name: 'Nenhum evento registrado' })).toBeVisible();
  await expect(page.getByText('Ações como criar, editar e excluir serão registradas aqui.')).toBeVisible();

  await page.getByRole('button', { name: 'Filtros' }).click();
  const filters = page.getByRole('region', { name: 'Filtros' });
  await filters.getByRole('button', { name: 'Hoje' }).click();
  await expect(page).toHaveURL(new RegExp(`start=${day}&end=${day}`));
  await expect(filters.getByRole('button', { name: 'Hoje' })).toHaveAttribute('aria-pressed', 'true');
  await expect(rows(page).first()).toBeVisible();
  const startOfDay = Date.parse(day.toZonedDateTime(Temporal.Now.timeZoneId()).toInstant().toString());
  for (const m of await moments(page)) expect(m).toBeGreaterThanOrEqual(startOfDay);

  // Two clicks on the grid: the start, then the end. A day past the min (10 days back) can't be chosen.
  const grid = filters.getByRole('grid');
  const dayButton = (d: Temporal.PlainDate) => filters.locator(`button[data-date="${d}"]`);
  const from = day.subtract({ days: 2 });
  if (from.month !== day.month) await filters.getByRole('button', { name: 'Mês anterior' }).click();
  await dayButton(from).click();
  await expect(page.getByTestId('date-range-summary')).toContainText('Selecione a data final');
  if (from.month !== day.month) await filters.getByRole('button', { name: 'Próximo mês' }).click();
  await dayButton(day).click();
  await expect(page).toHaveURL(new RegExp(`start=${from}&end=${day}`));
  await expect(grid).toBeVisible();
  const tooOld = day.subtract({ days: 11 });
  if (tooOld.month === day.month) await expect(dayButton(tooOld)).toBeDisabled();

  // 'Limpar filtro' takes the widest range allowed.
  await filters.getByRole('button', { name: 'Limpar filtro' }).click();
  await expect(page).toHaveURL(
    new RegExp(`start=${day.subtract({ days: 10 })}&end=${day.add({ days: 10 })}`),
  );
});

test('a bad address falls back to the defaults', async ({ page }) => {
  await signInWithTeam(page, DEMO.staff, 'Palco Interno');
  await openRecords(page, '/records?page=-4&limit=7&order=up&by=ip&start=2026-02-30&end=2026-03-01');
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByRole('columnheader', { name: 'Data' })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByRole('combobox', { name: 'Itens por página' })).toHaveText(/10/);
  const day = today();
  const short = (d: Temporal.PlainDate) =>
    d.toLocaleString('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });
  await expect(page.getByTestId('records-period')).toHaveText(
    `Período: ${short(day.subtract({ days: 7 }))} a ${short(day)}`,
  );
});

test('staff filter by client, then by team of that client', async ({ page }) => {
  const { token } = await signInWithTeam(page, DEMO.staff, 'Palco Interno');
  await openRecords(page);
  await page.getByRole('button', { name: 'Filtros' }).click();
  const filters = page.getByRole('region', { name: 'Filtros' });
  // No team select until a client is chosen (SPEC §5).
  await expect(filters.getByRole('combobox', { name: 'Time' })).toHaveCount(0);
  await filters.getByRole('combobox', { name: 'Cliente' }).click();
  await page.getByRole('option', { name: 'Demo Produções' }).click();
  await expect(page).toHaveURL(/clientId=/);
  const team = filters.getByRole('combobox', { name: 'Time' });
  await expect(team).toHaveText(/Todos os times/);
  await team.click();
  await page.getByRole('option', { name: 'Eventos Ao Vivo' }).click();
  await expect(page).toHaveURL(/accountId=/);
  const accountId = new URL(page.url()).searchParams.get('accountId')!;
  const expected = await logsFor(page.request, token, { limit: 10, accountId });
  await expect(rows(page)).toHaveCount(Math.min(10, expected.items.length));
  if (expected.items.length === 0) await expect(page.getByText('Nenhum evento registrado')).toBeVisible();
});

test('an owner with gerenciarTimes sees the team filter on their selected team', async ({ page }) => {
  await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  await openRecords(page);
  await page.getByRole('button', { name: 'Filtros' }).click();
  const filters = page.getByRole('region', { name: 'Filtros' });
  await expect(filters.getByRole('combobox', { name: 'Cliente' })).toHaveCount(0);
  await expect(filters.getByRole('combobox', { name: 'Time' })).toHaveText(/Demo Produções/);
});

test('on a phone the rows are cards, the filters open in a sheet and nothing is wider than the screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithTeam(page, DEMO.staff, 'Palco Interno');
  await openRecords(page);
  await expect(page.getByTestId('log-table')).toHaveCount(0);
  await expect(rows(page)).toHaveCount(10);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: /Ordenar por data/ }).click();
  await expect(page).toHaveURL(/order=asc/);

  await page.getByRole('button', { name: 'Filtros' }).click();
  const sheet = page.getByRole('dialog', { name: 'Filtros' });
  await expect(sheet).toBeVisible();
  const box = await sheet.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  await sheet.getByRole('button', { name: 'Hoje' }).click();
  await sheet.getByRole('button', { name: 'Ver resultados' }).click();
  await expect(sheet).toHaveCount(0);
  await expect(page).toHaveURL(/start=/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

// Last in this file: it adds many entries. The server counts at most 10 pages ahead (docs/api-logs.md).
test('past what the server counts, the pager says more pages follow and shows them as it moves on', async ({
  page,
  playwright,
}) => {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const owner = await tokenOf(request, DEMO.owner);
  const teams = await teamsOf(request, owner);
  for (let i = 0; i < 220; i++) {
    const accountId = i % 2 ? teams['Demo Produções'] : teams['Eventos Ao Vivo'];
    const res = await request.put('/bff/me/selected-team', {
      headers: { Authorization: `Bearer ${owner}` },
      data: { accountId },
    });
    expect(res.ok()).toBe(true);
  }
  await request.dispose();

  const { token } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  const { pagination } = await logsFor(page.request, token, {
    limit: 10,
    accountId: teams['Demo Produções']!,
  });
  expect(pagination).toMatchObject({ pagesTotal: 11, totalExact: false });
  await openRecords(page);
  const pager = page.getByRole('navigation', { name: 'Paginação dos registros' });
  await expect(pager.getByTestId('pagination-more')).toBeVisible();
  // The last page shown names no total: there are more.
  await expect(pager.getByRole('button', { name: 'Página 11', exact: true })).toBeVisible();
  await pager.getByRole('button', { name: 'Página 11', exact: true }).click();
  await expect(page).toHaveURL(/page=11/);
  await expect(rows(page)).toHaveCount(10);
  await expect(pager.getByRole('button', { name: /^Página 12/ })).toBeVisible();
});

test("a quick range cut short by the allowed dates says so; 'Limpar filtro' leaves no filter on the badge", async ({
  page,
}) => {
  await signInWithTeam(page, DEMO.staff, 'Palco Interno');
  await openRecords(page);
  const filterButton = page.getByRole('button', { name: /^Filtros/ });
  await expect(filterButton).not.toContainText('ativos');
  await filterButton.click();
  const filters = page.getByRole('region', { name: 'Filtros' });
  const short = (d: Temporal.PlainDate) =>
    d.toLocaleString('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });
  const day = today();
  const hint = filters.getByTestId('date-range-clamped');

  // 'Hoje' fits: no hint. 'Últimos 15 dias' reaches past the min (10 days back): it is cut and says so.
  await filters.getByRole('button', { name: 'Hoje' }).click();
  await expect(filterButton).toContainText('ativos:1');
  await expect(hint).toHaveCount(0);
  await filters.getByRole('button', { name: 'Últimos 15 dias' }).click();
  await expect(page).toHaveURL(new RegExp(`start=${day.subtract({ days: 10 })}&end=${day}`));
  await expect(hint).toHaveText(
    `Período limitado às datas permitidas: ${short(day.subtract({ days: 10 }))} a ${short(day.add({ days: 10 }))}.`,
  );
  // Picking another range takes the hint away.
  await filters.getByRole('button', { name: 'Hoje' }).click();
  await expect(hint).toHaveCount(0);

  // 'Limpar filtro' clears the date filter: the badge counts none.
  await filters.getByRole('button', { name: 'Limpar filtro' }).click();
  await expect(filters.getByRole('button', { name: 'Limpar filtro' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(filterButton).not.toContainText('ativos');
  await expect(hint).toHaveCount(0);
});
