import { expect, type Page, test } from '@playwright/test';
import {
  type Api,
  confirmDialog,
  controlStream,
  createStream,
  dayFromToday,
  getStream,
  listStreams,
  PNG,
  pickOption,
  searchByName,
  toast,
  unique,
} from './streaming-helpers';
import { DEMO, E2E_PORT } from './support/env';
import { signInWithTeam } from './support/pwa';

// SPEC §2.7 streaming screens, §4 streaming statuses, §5 rules, §8 streaming messages,
// against the real server. Each test makes its own streams (unique names).

async function signIn(page: Page): Promise<Api> {
  const { token, teamId } = await signInWithTeam(page, DEMO.owner, 'Demo Produções');
  return { request: page.request, token, teamId };
}

/** The control panel's status pill. */
const status = (page: Page) =>
  page.getByRole('region', { name: 'Controle da transmissão' }).locator('[data-status]');
/** A switch's visible label (the checkbox itself is visually hidden). */
const switchFor = (page: Page, name: string | RegExp) =>
  page.locator('label').filter({ has: page.getByRole('switch', { name }) });
const control = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Controle da transmissão' }).getByRole('button', { name, exact: true });

test.describe
  .serial('a stream from the wizard to the end', () => {
    const name = unique('Aula e2e');
    let api: Api;
    let liveId = '';

    test('the create wizard checks each step and creates the stream with its banner', async ({ page }) => {
      test.setTimeout(60_000);
      api = await signIn(page);
      await page.goto('/streaming');
      await page.getByRole('button', { name: 'Nova transmissão' }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /Transmissão única/ })
        .click();
      await expect(page).toHaveURL(/\/streaming\/new$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nova transmissão');

      // Event: the name is required; the date cannot be in the past.
      await page.getByRole('button', { name: 'Próximo' }).click();
      await expect(page.getByText('O campo é obrigatório')).toBeVisible();
      await page.locator('input[name="nome"]').fill(name);
      await page.locator('textarea[name="descricao"]').fill('Turma A, câmera 2');
      await page.locator('input[name="date"]').fill(dayFromToday(-1));
      await page.getByRole('button', { name: 'Próximo' }).click();
      await expect(page.getByText(/^A data minima é /)).toBeVisible();
      await page.locator('input[name="date"]').fill(dayFromToday(1));
      await page.locator('input[name="time"]').fill('19:30:00');

      // Banners are checked before anything is sent (SPEC §5).
      const thumb = page.locator('input[type="file"][name="thumbnail"]');
      await thumb.setInputFiles({
        name: 'capa.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not an image'),
      });
      await expect(page.getByText('O formato da imagem é inválido!')).toBeVisible();
      await thumb.setInputFiles({ name: 'capa.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.getByText('O formato da imagem é inválido!')).toBeHidden();
      await page.getByRole('button', { name: 'Próximo' }).click();

      // Settings: DVR on, the domain rules, a VAST URL that must be a URL.
      await expect(page.getByRole('heading', { level: 2, name: 'Configurações' })).toBeVisible();
      await switchFor(page, /^DVR/).click();
      const domain = page.locator('input[name="security.referrerWhitelist"]');
      await domain.fill('não é domínio');
      await page.getByRole('button', { name: 'Adicionar domínio' }).click();
      await expect(page.getByText('Domínio inválido!')).toBeVisible();
      await domain.fill('Palco.Example');
      await domain.press('Enter');
      await expect(page.getByTestId('domain-list')).toContainText('palco.example');
      await domain.fill('palco.example');
      await page.getByRole('button', { name: 'Adicionar domínio' }).click();
      await expect(page.getByText('Domínio já inserido')).toBeVisible();
      await page.locator('input[name="ads.preRollVastUrl"]').fill('anuncio.xml');
      await page.getByRole('button', { name: 'Próximo' }).click();
      await expect(
        page.getByText('A URL não é válida (Exemplo válido: https://exemplo.com/vast.xml)'),
      ).toBeVisible();
      await page.locator('input[name="ads.preRollVastUrl"]').fill('https://ads.example.com/pre.xml');
      await page.getByRole('button', { name: 'Próximo' }).click();

      // Geoblock: block one region.
      await page.getByRole('radio', { name: 'Bloquear regiões da lista' }).check();
      await page.locator('select[name="security.geoRegionList"]').selectOption('AR');
      await page.getByRole('button', { name: 'Adicionar região' }).click();
      await expect(page.getByTestId('region-list')).toContainText('(AR)');
      await page.getByRole('button', { name: 'Próximo' }).click();

      // Keys: two signals; keys come with the stream.
      await expect(page.getByText('As chaves são geradas quando a transmissão é criada')).toBeVisible();
      await page.getByRole('button', { name: 'Adicionar sinal' }).click();
      await page.locator('input[name="signals.1.nome"]').fill('Plateia');
      await page.getByRole('button', { name: 'Criar transmissão' }).click();

      await expect(toast(page, 'Transmissão criada')).toBeVisible();
      await expect(page).toHaveURL(/\/streaming\/[0-9a-f-]{36}\/panel$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      liveId = page.url().match(/streaming\/([0-9a-f-]{36})\/panel/)![1]!;

      const saved = (await getStream(api, liveId)).body!;
      expect(saved.transcode.enableDvr).toBe(true);
      expect(saved.security).toEqual({
        geoAccessControl: 'block',
        geoRegionList: ['AR'],
        referrerWhitelist: ['palco.example'],
      });
      expect(saved.ads.preRollVastUrl).toBe('https://ads.example.com/pre.xml');
      expect(saved.signals.map((s) => s.nome)).toEqual(['Sinal 1', 'Plateia']);
      expect(saved.assets.thumbnail).toMatch(/^\/media\/streams\//);
      expect(saved.status).toBe('scheduled');
    });

    test('the library finds it by name and in the Scheduled tab, not under Live', async ({ page }) => {
      api = await signIn(page);
      await page.goto('/streaming');
      await expect(page.getByRole('tab', { name: 'Todas' })).toHaveAttribute('aria-selected', 'true');
      await searchByName(page, name);
      await expect(page).toHaveURL(/q=/);
      const row = page.getByTestId('stream-row').filter({ hasText: name });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Agendada');
      await page.getByRole('tab', { name: 'Ao vivo' }).click();
      await expect(page.getByText('Nenhum resultado encontrado')).toBeVisible();
      await page.getByRole('tab', { name: 'Agendadas' }).click();
      await expect(row).toBeVisible();
      // From the keyboard (manual activation): arrows and Home/End move the focus, Enter selects; the
      // panel is labelled by the selected tab and Tab goes on into it.
      const tab = (label: string) => page.getByRole('tab', { name: label });
      await tab('Agendadas').focus();
      await page.keyboard.press('ArrowRight');
      await expect(tab('Todas')).toBeFocused();
      await expect(tab('Agendadas')).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('End');
      await expect(tab('Agendadas')).toBeFocused();
      await page.keyboard.press('Home');
      // Ark moves the focus on the next frame: the next key goes where it has landed.
      await expect(tab('Todas')).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect(tab('Ao vivo')).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/tab=live/);
      await expect(tab('Ao vivo')).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel', { name: 'Ao vivo' })).toContainText(
        'Nenhum resultado encontrado',
      );
      await page.keyboard.press('Tab');
      await expect(page.getByRole('searchbox', { name: 'Buscar transmissões pelo nome' })).toBeFocused();
      await tab('Ao vivo').focus();
      await page.keyboard.press('ArrowLeft');
      await expect(tab('Todas')).toBeFocused();
      await page.keyboard.press('ArrowLeft');
      await expect(tab('Agendadas')).toBeFocused();
      await page.keyboard.press('Space');
      await expect(row).toBeVisible();
      await row.getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`/streaming/${liveId}/panel$`));
    });

    test('the control panel runs it: start → pause → continue → end, each confirmed', async ({ page }) => {
      test.setTimeout(60_000);
      api = await signIn(page);
      await page.goto(`/streaming/${liveId}/panel`);
      await expect(status(page)).toHaveText('Agendada');
      // Only the legal moves are enabled.
      await expect(control(page, 'Iniciar')).toBeEnabled();
      for (const b of ['Pausar', 'Continuar', 'Encerrar']) await expect(control(page, b)).toBeDisabled();

      // A cancelled confirmation changes nothing.
      await control(page, 'Iniciar').click();
      await page
        .getByRole('dialog', { name: 'Iniciar transmissão?' })
        .getByRole('button', { name: 'Cancelar' })
        .click();
      await expect(status(page)).toHaveText('Agendada');

      await control(page, 'Iniciar').click();
      await confirmDialog(page, 'Iniciar transmissão?', 'Iniciar');
      await expect(toast(page, 'Transmissão iniciada')).toBeVisible();
      await expect(status(page)).toHaveText('Ao vivo');
      await expect(control(page, 'Iniciar')).toBeDisabled();
      await expect(control(page, 'Continuar')).toBeDisabled();

      await control(page, 'Pausar').click();
      await confirmDialog(page, 'Pausar transmissão?', 'Pausar');
      await expect(status(page)).toHaveText('Pausada');
      await expect(control(page, 'Pausar')).toBeDisabled();

      await control(page, 'Continuar').click();
      await confirmDialog(page, 'Continuar transmissão?', 'Continuar');
      await expect(status(page)).toHaveText('Ao vivo');

      await control(page, 'Encerrar').click();
      await confirmDialog(page, 'Encerrar transmissão?', 'Encerrar');
      await expect(toast(page, 'Transmissão encerrada')).toBeVisible();
      await expect(status(page)).toHaveText('Encerrada');
      for (const b of ['Iniciar', 'Pausar', 'Continuar', 'Encerrar'])
        await expect(control(page, b)).toBeDisabled();
      expect((await getStream(api, liveId)).body!.status).toBe('finished');
    });

    test('editing: the name changes; date, time, colour and latency stay fixed after the start', async ({
      page,
    }) => {
      api = await signIn(page);
      await page.goto(`/streaming/${liveId}/edit`);
      await expect(page.locator('input[name="date"]')).toBeDisabled();
      await expect(page.locator('input[name="time"]')).toBeDisabled();
      await page.locator('input[name="nome"]').fill(`${name} (editada)`);
      await page.getByRole('tab', { name: 'Configurações', exact: true }).click();
      await expect(page.getByRole('radio', { name: 'Baixa', exact: true })).toBeDisabled();
      await expect(page.locator('input[type="color"]').first()).toBeDisabled();
      await page.getByRole('button', { name: 'Salvar alterações' }).click();
      await expect(toast(page, 'Transmissão atualizada')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name} (editada)`);
      expect((await getStream(api, liveId)).body!.nome).toBe(`${name} (editada)`);
    });

    test('the history lists it with its duration and an honest recording state', async ({ page }) => {
      api = await signIn(page);
      await page.goto('/historic');
      await searchByName(page, `${name} (editada)`);
      const row = page.getByTestId('historic-row').filter({ hasText: name });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(/\d+:\d{2}/);
      await expect(row).toContainText('Gravação indisponível');
    });
  });

test('a paused live is on air: the Live tab lists it with its paused badge, the Scheduled tab does not', async ({
  page,
}) => {
  const api = await signIn(page);
  const stream = await createStream(api, unique('Pausada e2e'));
  await controlStream(api, stream.id, 'start');
  expect((await controlStream(api, stream.id, 'pause')).status).toBe('paused');

  await page.goto('/streaming');
  await searchByName(page, stream.nome);
  const row = page.getByTestId('stream-row').filter({ hasText: stream.nome });
  await expect(row).toHaveCount(1);
  await page.getByRole('tab', { name: 'Ao vivo' }).click();
  await expect(page).toHaveURL(/tab=live/);
  const panel = page.getByRole('tabpanel', { name: 'Ao vivo' });
  await expect(panel.getByTestId('stream-row').filter({ hasText: stream.nome })).toHaveCount(1);
  await expect(row.locator('[data-status]')).toHaveText('Pausada');
  await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'paused');
  await page.getByRole('tab', { name: 'Agendadas' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Agendadas' })).toContainText(
    'Nenhum resultado encontrado',
  );
  // Ended, so that no other test finds it on air.
  await controlStream(api, stream.id, 'complete');
});

test('wizard: a marked field loses its mark as soon as its value is valid, not at the next submit', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/streaming/new');
  await page.locator('input[name="nome"]').fill(unique('Marca e2e'));
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Configurações' })).toBeVisible();

  const vast = page.locator('input[name="ads.preRollVastUrl"]');
  const message = page.getByText('A URL não é válida (Exemplo válido: https://exemplo.com/vast.xml)');
  const step = page.getByRole('tab', { name: /^Configurações/ });
  await vast.fill('anuncio.xml');
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(message).toBeVisible();
  await expect(vast).toHaveAttribute('aria-invalid', 'true');
  await expect(step).toHaveAccessibleName('Configurações (com erro)');
  // Still wrong: still marked.
  await vast.fill('ftp://ads.example.com/pre.xml');
  await expect(message).toBeVisible();
  await expect(vast).toHaveAttribute('aria-invalid', 'true');
  // Fixed: the mark goes at once, on the field and on its step.
  await vast.fill('https://ads.example.com/pre.xml');
  await expect(message).toBeHidden();
  await expect(vast).not.toHaveAttribute('aria-invalid', 'true');
  await expect(step).toHaveAccessibleName('Configurações');
});

test('wizard: leaving with typed data asks first ("Descartar alterações?"); with nothing typed it leaves at once', async ({
  page,
}) => {
  const api = await signIn(page);
  const name = unique('Descarte e2e');
  const discard = page.getByRole('dialog', { name: 'Descartar alterações?' });

  // Nothing typed: "Cancelar" goes back to the library without a question.
  await page.goto('/streaming/new');
  await expect(page.locator('input[name="nome"]')).toBeVisible();
  await page.getByRole('link', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/streaming$/);
  await expect(discard).toHaveCount(0);

  // Typed: "Cancelar" asks; "Continuar editando" keeps what was typed.
  await page.goto('/streaming/new');
  await page.locator('input[name="nome"]').fill(name);
  await page.getByRole('link', { name: 'Cancelar' }).click();
  await expect(discard).toBeVisible();
  await expect(discard).toContainText('O que você preencheu nesta transmissão será perdido.');
  await discard.getByRole('button', { name: 'Continuar editando' }).click();
  await expect(discard).toBeHidden();
  await expect(page).toHaveURL(/\/streaming\/new$/);
  await expect(page.locator('input[name="nome"]')).toHaveValue(name);

  // Any other way out asks too (the page's back link); "Descartar" leaves and creates nothing.
  await page.locator('main').getByRole('link', { name: 'Transmissões', exact: true }).click();
  await confirmDialog(page, 'Descartar alterações?', 'Descartar');
  await expect(page).toHaveURL(/\/streaming$/);
  expect((await listStreams(api, { title: name })).pagination.total).toBe(0);
});

test('the library fetches its list once per visit: the first load, a tab, a hover then a click, coming back', async ({
  page,
}) => {
  await signIn(page);
  // The login page signIn leaves open sees the new session and goes to the library on its own: leave
  // it first, so only this visit's requests are counted.
  await page.goto('about:blank');
  const fetched: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname === '/v1/live-streams') fetched.push(url.search);
  });
  // Once the list has come, nothing asks for it again.
  const settled = async (count: number) => {
    await expect.poll(() => fetched.length).toBeGreaterThanOrEqual(count);
    await page.waitForTimeout(1500);
    expect(fetched).toHaveLength(count);
  };
  // The route's loader asks for the list while the page's code is still on its way; on a slow phone the
  // answer can come first, and the page mounting after it asked again. The page's chunk is held back
  // here so that this order is certain.
  const pageChunk = /\/assets\/streaming-[^/]+\.js$/;
  await page.route(pageChunk, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.goto('/streaming');
  await expect(page.getByTestId('stream-row').first()).toBeVisible();
  await settled(1);
  await page.unroute(pageChunk);
  await page.getByRole('tab', { name: 'Agendadas' }).click();
  await settled(2);
  expect(fetched[1]).toContain('status=scheduled');
  // SPEC: the data is always refetched; a return to the page asks again, once. Resting the pointer on a
  // link loads its page ahead; the click just after shows that answer instead of asking again.
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  const historyLink = menu.getByRole('link', { name: 'Histórico de transmissões' });
  await historyLink.hover();
  await expect.poll(() => fetched.length).toBe(3);
  await historyLink.click();
  await expect(page).toHaveURL(/\/historic$/);
  await settled(3);
  expect(fetched[2]).toContain('shutdown=true');
  await menu.getByRole('link', { name: 'Transmissões', exact: true }).click();
  await expect(page.getByTestId('stream-row').first()).toBeVisible();
  await settled(4);
  expect(fetched[3]).toContain('shutdown=false');
});

test('batch CSV: a good file creates every stream; a bad row is reported by line and creates none', async ({
  page,
}) => {
  const api = await signIn(page);
  const tag = unique('Lote');
  await page.goto('/streaming');
  const openCsv = async () => {
    await page.getByRole('button', { name: 'Nova transmissão' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Lote por CSV/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'Criar transmissões em lote' })).toBeVisible();
  };

  // A bad date on line 3: the server names it, nothing is created.
  await openCsv();
  const bad = `nome,data,hora\n${tag} A,01/12/2030,19:00\n${tag} B,31/02/2030,20:00\n`;
  await page.locator('input[type="file"][name="csv"]').setInputFiles({
    name: 'lote.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(bad),
  });
  await expect(page.getByTestId('csv-file')).toContainText('lote.csv');
  await page.getByRole('button', { name: 'Enviar arquivo' }).click();
  await expect(page.getByTestId('csv-errors')).toContainText('Linha 3: data: Data inválida');
  expect((await listStreams(api, { title: tag, shutdown: false })).pagination.total).toBe(0);

  // The corrected file creates all rows.
  const good = `nome,data,hora,descricao\n${tag} A,01/12/2030,19:00,turma A\n${tag} B,02/12/2030,20:00:00,\n${tag} C,2030-12-03,21:15,\n`;
  await page.locator('input[type="file"][name="csv"]').setInputFiles({
    name: 'lote-ok.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(good),
  });
  await page.getByRole('button', { name: 'Enviar arquivo' }).click();
  await expect(toast(page, 'Arquivo de lote enviado')).toBeVisible();
  await expect(toast(page, 'Arquivo de lote enviado')).toContainText('3 transmissões criadas');
  await searchByName(page, tag);
  await expect(page.getByTestId('stream-row')).toHaveCount(3);
});

test('delete: confirmed from the options menu; a stream already gone says so', async ({ page }) => {
  const api = await signIn(page);
  const tag = unique('Apagar');
  await createStream(api, `${tag} 1`);
  const second = await createStream(api, `${tag} 2`);
  await page.goto('/streaming');
  await searchByName(page, tag);
  await expect(page.getByTestId('stream-row')).toHaveCount(2);

  await pickOption(page, `${tag} 1`, 'Excluir');
  await expect(page.getByRole('dialog', { name: 'Excluir transmissão?' })).toContainText(`${tag} 1`);
  await confirmDialog(page, 'Excluir transmissão?', 'Excluir');
  await expect(toast(page, 'Transmissão excluída')).toBeVisible();
  await expect(page.getByTestId('stream-row')).toHaveCount(1);

  // Deleted elsewhere meanwhile: the console says 'Transmissão não encontrada'.
  await pickOption(page, `${tag} 2`, 'Excluir');
  const res = await api.request.delete(`/v1/live-streams/${second.id}`, {
    headers: { Authorization: `Bearer ${api.token}` },
    params: { accountId: api.teamId },
  });
  expect(res.status()).toBe(204);
  await page
    .getByRole('dialog', { name: 'Excluir transmissão?' })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await expect(toast(page, 'Transmissão não encontrada')).toBeVisible();
  await expect(page.getByTestId('stream-row')).toHaveCount(0);
  await expect(page.getByText('Nenhum resultado encontrado')).toBeVisible();

  // Its panel, too.
  await page.goto(`/streaming/${second.id}/panel`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transmissão não encontrada');
});

test('the options menu works from the keyboard, the first time and after', async ({ page }) => {
  const api = await signIn(page);
  const name = unique('Teclado');
  const stream = await createStream(api, name);
  await page.goto('/streaming');
  await searchByName(page, name);
  await expect(page.getByTestId('stream-row')).toHaveCount(1);
  const trigger = page.getByRole('button', { name: `Opções de ${name}` });
  for (let round = 0; round < 2; round++) {
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveCount(6);
    // The menu has the focus and highlights its first item (the first open creates the menu).
    await expect(menu).toBeFocused();
    await expect(menu.locator('[data-highlighted]')).toHaveText('Sinais');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    // Focus is back on the trigger, which opens the menu again.
    await expect(trigger).toBeFocused();
  }
  await trigger.press('Enter');
  // As a user does: the arrows once the menu is there (on a loaded CI host a key pressed while the menu
  // was still opening went to the trigger).
  const menu = page.getByRole('menu');
  await expect(menu).toBeFocused();
  await expect(menu.locator('[data-highlighted]')).toHaveText('Sinais');
  await page.keyboard.press('ArrowDown');
  await expect(menu.locator('[data-highlighted]')).toHaveText('Monitoramento');
  await page.keyboard.press('ArrowDown');
  await expect(menu.locator('[data-highlighted]')).toHaveText('Painel de controle');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/streaming/${stream.id}/panel$`));
});

test('panel settings, colour, type and keys: notices and saved values', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const api = await signIn(page);
  const stream = await createStream(api, unique('Painel'));
  await page.goto(`/streaming/${stream.id}/panel`);

  await switchFor(page, 'DVR').click();
  await expect.poll(async () => (await getStream(api, stream.id)).body!.transcode.enableDvr).toBe(true);

  await page.locator('input[type="color"]').fill('#ff0000');
  await page.getByRole('spinbutton', { name: 'Opacidade (%)' }).fill('50');
  await page.getByRole('button', { name: 'Aplicar cor' }).click();
  await expect(toast(page, 'Cor aplicada com sucesso')).toBeVisible();
  expect((await getStream(api, stream.id)).body!.assets.playerColor).toBe('rgba(255, 0, 0, 0.5)');

  await page.getByRole('radio', { name: 'Estúdio' }).check();
  await expect(toast(page, 'Tipo de transmissão alterado')).toBeVisible();
  // The studio is this server's own page; the guest link is a signed token the server makes.
  await expect(page.getByRole('link', { name: 'Entrar no estúdio' })).toHaveAttribute(
    'href',
    new RegExp(`/studio/${stream.id}$`),
  );
  await page.getByRole('button', { name: 'Copiar link de convidado' }).click();
  await expect(toast(page, 'Link de convidado copiado')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    new RegExp(`/studio/${stream.id}/guest\\?t=[\\w.-]+$`),
  );
  // The player is this server's embed page at PUBLIC_URL (the e2e server's default: localhost).
  await page.getByRole('button', { name: 'Copiar link do player' }).click();
  await expect(toast(page, 'Link do player copiado')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `http://localhost:${E2E_PORT}/embed/${stream.id}`,
  );

  const signals = page.getByRole('region', { name: 'Sinais' });
  await signals.getByRole('button', { name: /^Copiar Chave geral/ }).click();
  await expect(toast(page, 'Chave copiada')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(stream.streamKey);

  // A new key replaces the old one after a confirmation.
  await signals.getByRole('button', { name: /^Gerar nova Chave geral/ }).click();
  await confirmDialog(page, 'Gerar nova chave?', 'Gerar nova chave');
  await expect(toast(page, 'Nova chave gerada')).toBeVisible();
  const renewed = (await getStream(api, stream.id)).body!.streamKey;
  expect(renewed).not.toBe(stream.streamKey);
  await signals.getByRole('button', { name: /^Mostrar Chave geral/ }).click();
  await expect(signals.getByTestId('stream-key').first()).toHaveText(renewed!);

  // A setting the server refuses names the setting (SPEC §8).
  await page.route(`**/v1/live-streams/${stream.id}?**`, (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 409, contentType: 'application/json', body: '{"message":"recusado"}' })
      : route.continue(),
  );
  await switchFor(page, 'Somente áudio').click();
  await expect(
    toast(page, 'Ocorreu um erro ao alterar a configuração do Somente áudio. Tente novamente'),
  ).toBeVisible();
  await page.getByRole('radio', { name: 'Encoder' }).click();
  await expect(toast(page, 'Erro ao tentar alterar o tipo de transmissão')).toBeVisible();
  // The panel keeps showing what the server has.
  await expect(page.getByRole('radio', { name: 'Estúdio' })).toBeChecked();
  await expect(switchFor(page, 'Somente áudio').getByRole('switch')).not.toBeChecked();
});

test('signal preview: each signal has its page, and with nothing published it says "Sem sinal" without asking for a playlist', async ({
  page,
}) => {
  const api = await signIn(page);
  const stream = await createStream(api, unique('Prévia'), {
    signals: [{ nome: 'Câmera' }, { nome: 'Palco' }],
  });
  const requested: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('.m3u8')) requested.push(new URL(r.url()).pathname);
  });
  await page.goto('/streaming');
  await searchByName(page, stream.nome);
  await pickOption(page, stream.nome, 'Sinais');
  await expect(page).toHaveURL(new RegExp(`/streaming/${stream.id}/signal/${stream.signals[0]!.id}$`));
  await expect(
    page.getByText('Banners, contadores e pausa não se aplicam à pré-visualização.'),
  ).toBeVisible();
  // No encoder publishes: the signal status says so, and no playlist is asked for
  // (e2e/streaming-ingest.spec.ts plays each signal's own playlist once an encoder publishes).
  await expect(page.getByText('Sem sinal', { exact: true })).toBeVisible({ timeout: 15_000 });

  await page.getByRole('link', { name: 'Palco', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/streaming/${stream.id}/signal/${stream.signals[1]!.id}$`));
  await expect(page.getByText('Sem sinal', { exact: true })).toBeVisible({ timeout: 15_000 });
  expect(requested).toEqual([]);

  await page.getByRole('link', { name: 'Voltar ao painel de controle' }).click();
  await expect(page).toHaveURL(new RegExp(`/streaming/${stream.id}/panel$`));
});

test('general settings: domains with the §5 messages, the users list, saved as the account preset', async ({
  page,
}) => {
  const api = await signIn(page);
  await page.goto('/streaming/settings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Configurações gerais');
  const steps = ['Configurações', 'Estúdio', 'Opções do player', 'Permissões', 'Anúncios'];
  for (const s of steps) await expect(page.getByRole('tab', { name: s, exact: true })).toBeVisible();
  await switchFor(page, /Cortes automáticos/).click();
  await page.getByRole('tab', { name: 'Permissões', exact: true }).click();
  await expect(
    page.getByText('Nenhum domínio na lista: o player pode ser exibido em qualquer domínio.'),
  ).toBeVisible();
  const domain = page.locator('input[name="security.referrerWhitelist"]');
  await domain.fill('http://exemplo.com/x');
  await domain.press('Enter');
  await expect(page.getByText('Domínio inválido!')).toBeVisible();
  const site = unique('site').replace(/\s/g, '-').toLowerCase();
  await domain.fill(`${site}.com.br`);
  await domain.press('Enter');
  await domain.fill(`${site.toUpperCase()}.com.br`);
  await domain.press('Enter');
  await expect(page.getByText('Domínio já inserido')).toBeVisible();

  const users = page.getByTestId('account-user');
  await expect(users.filter({ hasText: 'owner@palco.test' })).toHaveCount(1);
  // Every row has a last access date or says it has none.
  for (const row of await users.all())
    await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4}|Sem último acesso/);

  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(toast(page, 'Configurações gerais salvas')).toBeVisible();
  const preset = (await (
    await page.request.get('/bff/lives/preset', {
      headers: { Authorization: `Bearer ${api.token}` },
      params: { accountId: api.teamId },
    })
  ).json()) as { autoCuts: boolean; security: { referrerWhitelist: string[] } };
  expect(preset.security.referrerWhitelist).toContain(`${site}.com.br`);

  // Put the preset back for the other tests.
  await page.request.put('/bff/lives/preset', {
    headers: { Authorization: `Bearer ${api.token}` },
    params: { accountId: api.teamId },
    data: { autoCuts: !preset.autoCuts, security: { referrerWhitelist: [] } },
  });
});

test('users list: the guest who never signed in shows no last access and is removed after a confirmation', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/streaming/settings');
  // The general settings hold no images: the Studio step says where the background is chosen.
  await page.getByRole('tab', { name: 'Estúdio', exact: true }).click();
  await expect(page.getByText(/^O fundo do estúdio é uma imagem de cada transmissão/)).toBeVisible();
  // SPEC §5: the general settings' hint for it.
  await expect(page.getByTestId('studio-background-hint')).toHaveText('1920x1080 até 30MB');
  await expect(page.locator('input[type="file"][name="studioBackground"]')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Permissões', exact: true }).click();
  const users = page.getByTestId('account-user');
  const guest = users.filter({ hasText: 'convidada@palco.test' });
  await expect(guest).toContainText('Sem último acesso');
  // Nobody removes themselves: the owner's own row has no remove action.
  await expect(
    users.filter({ hasText: 'owner@palco.test' }).getByRole('button', { name: /^Remover da equipe/ }),
  ).toHaveCount(0);
  // Cancelling keeps her.
  await guest.getByRole('button', { name: 'Remover da equipe Clara Convidada' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remover usuário da equipe?' });
  await expect(dialog).toContainText('Clara Convidada perderá o acesso a esta equipe.');
  await dialog.getByRole('button', { name: 'Cancelar', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(guest).toHaveCount(1);
  await guest.getByRole('button', { name: 'Remover da equipe Clara Convidada' }).click();
  await confirmDialog(page, 'Remover usuário da equipe?', 'Remover');
  await expect(toast(page, 'Usuário removido da equipe')).toBeVisible();
  await expect(guest).toHaveCount(0);
  await page.reload();
  await page.getByRole('tab', { name: 'Permissões', exact: true }).click();
  await expect(users.filter({ hasText: 'owner@palco.test' })).toHaveCount(1);
  await expect(guest).toHaveCount(0);
});

test('an operator (no showUsers) sees the users list without the remove action', async ({ page }) => {
  await signInWithTeam(page, DEMO.operator, 'Demo Produções');
  await page.goto('/streaming/settings');
  await page.getByRole('tab', { name: 'Permissões', exact: true }).click();
  await expect(page.getByTestId('account-user').filter({ hasText: 'owner@palco.test' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Remover da equipe/ })).toHaveCount(0);
});

test('studio background: 1920x1080 up to 30MB (§5 messages), uploaded on save, shown in the panel', async ({
  page,
}) => {
  // 42 MB of files are handed to the browser and 12 MB uploaded: on a loaded runner that alone came near
  // the default 30 s (a full run timed out at the save button), so this test gets three times as long.
  test.slow();
  const api = await signIn(page);
  const stream = await createStream(api, unique('Fundo'));
  await page.goto(`/streaming/${stream.id}/edit`);
  await page.getByRole('tab', { name: 'Configurações', exact: true }).click();
  const input = page.locator('input[type="file"][name="studioBackground"]');
  await expect(page.getByText('1920x1080 até 30MB', { exact: true })).toBeVisible();
  await input.setInputFiles({ name: 'fundo.png', mimeType: 'image/png', buffer: Buffer.from('texto') });
  await expect(page.getByText('O formato da imagem é inválido!')).toBeVisible();
  await input.setInputFiles({
    name: 'fundo.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([PNG, Buffer.alloc(30 * 1024 * 1024)]),
  });
  await expect(page.getByText('Tamanho da imagem excedeu limite de 30MB!')).toBeVisible();
  // Over a banner's 10 MB but within the background's 30 MB: taken, and the server stores it.
  await input.setInputFiles({
    name: 'fundo.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([PNG, Buffer.alloc(12 * 1024 * 1024)]),
  });
  await expect(page.getByText('Tamanho da imagem excedeu limite de 30MB!')).toBeHidden();
  await expect(page.getByText('O formato da imagem é inválido!')).toBeHidden();
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(toast(page, 'Transmissão atualizada')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/streaming/${stream.id}/panel$`));
  const saved = (await (
    await page.request.get(`/v1/live-streams/${stream.id}`, {
      headers: { Authorization: `Bearer ${api.token}` },
      params: { accountId: api.teamId },
    })
  ).json()) as { studio: { background: string | null } };
  expect(saved.studio.background).toMatch(/^\/media\/streams\/.+\/studioBackground-[^/]+\.png$/);
  const figure = page.locator('figure').filter({ hasText: 'Fundo do estúdio' });
  await expect(figure.locator('img')).toHaveAttribute('src', saved.studio.background!);
  // The image is public (no token), as a studio page would load it.
  expect((await page.request.get(saved.studio.background!)).status()).toBe(200);
});

test('apply the general settings to selected streams', async ({ page }) => {
  const api = await signIn(page);
  const tag = unique('Selecionadas');
  const a = await createStream(api, `${tag} A`, { autoCuts: true });
  const b = await createStream(api, `${tag} B`, { autoCuts: true });
  await page.goto('/streaming');
  await searchByName(page, tag);
  await page.getByRole('checkbox', { name: `Selecionar ${tag} A` }).check();
  await page.getByRole('checkbox', { name: `Selecionar ${tag} B` }).check();
  await page.getByRole('button', { name: 'Aplicar configurações gerais (2)' }).click();
  await confirmDialog(page, 'Aplicar configurações gerais', 'Aplicar');
  await expect(toast(page, 'Configurações aplicadas')).toBeVisible();
  // The preset's auto cuts (off by default) now rule both.
  const preset = (await (
    await page.request.get('/bff/lives/preset', {
      headers: { Authorization: `Bearer ${api.token}` },
      params: { accountId: api.teamId },
    })
  ).json()) as { autoCuts: boolean };
  for (const s of [a, b])
    expect((await getStream(api, s.id)).body).toMatchObject({ autoCuts: preset.autoCuts });
});

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an operator finds a live, starts it and ends it from the panel', async ({ page }) => {
    const { token, teamId } = await signInWithTeam(page, DEMO.operator, 'Demo Produções');
    const api: Api = { request: page.request, token, teamId };
    const stream = await createStream(api, unique('Celular'));
    await page.goto('/streaming');
    await searchByName(page, stream.nome);
    await page.getByRole('link', { name: stream.nome }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(stream.nome);
    // The controls are the first thing on the page, in view without scrolling.
    await expect(control(page, 'Iniciar')).toBeInViewport();
    await control(page, 'Iniciar').click();
    await confirmDialog(page, 'Iniciar transmissão?', 'Iniciar');
    await expect(status(page)).toHaveText('Ao vivo');
    await control(page, 'Encerrar').click();
    await confirmDialog(page, 'Encerrar transmissão?', 'Encerrar');
    await expect(status(page)).toHaveText('Encerrada');
    // Nothing runs off the side of the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('the general settings wizard and its users list fit the screen, with their actions', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/streaming/settings');
    await page.getByRole('tab', { name: 'Permissões', exact: true }).click();
    const operatorCard = page.getByTestId('account-user').filter({ hasText: 'operator@palco.test' });
    await expect(operatorCard).toContainText('Último acesso:');
    await expect(operatorCard.getByRole('button', { name: /^Remover da equipe/ })).toBeVisible();
    await expect(operatorCard.getByRole('button', { name: /^Copiar e-mail/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
