import { expect, type Page, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './support/env';
import { mailLinkFor } from './support/mail';

// SPEC §2.1 authentication area, driven through the real forms against the real server.

const AUTH_KEY = 'v706-demo1-auth';
const LAST_VISITED_KEY = 'palco-last-visited';

const storedSession = (page: Page) => page.evaluate((key) => localStorage.getItem(key), AUTH_KEY);

async function fillLogin(page: Page, login: string, password: string) {
  await page.getByLabel('E-mail').fill(login);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** A JWT-shaped token (unsigned: the console only reads `exp`). */
function craftToken(expSecondsFromNow: number) {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + expSecondsFromNow;
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'x', ver: 0, exp })}.c2lnbmF0dXJl`;
}

/** Waits for a recovery mail to `address` written after `since` and answers its link's path and query. */
const recoveryLinkFor = (address: string, since: number): Promise<string> =>
  mailLinkFor(address, /https?:\/\/\S+\/auth\/recover-password\/new\?\S+/, {
    since,
    what: 'a recovery mail',
  });

test.describe('login form', () => {
  test('/auth goes to /auth/login with the heading, fields and links', async ({ page }) => {
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Entre no Palco' })).toBeVisible();
    await expect(page.locator('input[name="login"]')).toBeVisible();
    await expect(page.locator('input[name="password"]')).toHaveAttribute('type', 'password');
    await page.getByRole('link', { name: 'Esqueceu a senha?' }).click();
    await expect(page).toHaveURL(/\/auth\/recover-password$/);
    await expect(page.getByRole('heading', { name: 'Recuperação de senha' })).toBeVisible();
  });

  test('empty fields say the field is required, on the fields themselves', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('O campo é obrigatório')).toHaveCount(2);
    await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription('O campo é obrigatório');
    await expect(page.getByLabel('Senha', { exact: true })).toHaveAccessibleDescription(
      'O campo é obrigatório',
    );
    // Focus goes to the first field in error.
    await expect(page.getByLabel('E-mail')).toBeFocused();
    // Fixing a field clears its message.
    await page.getByLabel('Senha', { exact: true }).fill('x');
    await expect(page.getByText('O campo é obrigatório')).toHaveCount(1);
  });

  test('an invalid e-mail is rejected before any request', async ({ page }) => {
    let calls = 0;
    await page.route('**/api/user/login', (route) => {
      calls++;
      return route.continue();
    });
    await page.goto('/auth/login');
    await fillLogin(page, 'operator@palco', 'whatever');
    await expect(page.getByText('O formato do email não é válido')).toBeVisible();
    expect(calls).toBe(0);
  });

  test('the show/hide toggle switches the password input type', async ({ page }) => {
    await page.goto('/auth/login');
    const input = page.getByLabel('Senha', { exact: true });
    const toggle = page.getByRole('button', { name: 'Mostrar senha' });
    await input.fill('segredo');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(input).toHaveAttribute('type', 'text');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(input).toHaveValue('segredo');
    await toggle.click();
    await expect(input).toHaveAttribute('type', 'password');
  });

  test('a wrong password shows the form error and signs nobody in', async ({ page }) => {
    await page.goto('/auth/login');
    await fillLogin(page, DEMO.owner, 'not-the-password');
    const alert = page.getByRole('alert').filter({ hasText: 'Usuário ou senha estão incorretos' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Error!');
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await storedSession(page)).toBeNull();
  });

  test('too many attempts says so (429)', async ({ page }) => {
    const login = 'ninguem-429@palco.test';
    for (let i = 0; i < 10; i++) {
      const res = await page.request.post('/api/user/login', { data: { login, password: 'nope' } });
      expect(res.status()).toBe(401);
    }
    await page.goto('/auth/login');
    await fillLogin(page, login, 'nope');
    await expect(page.getByRole('alert')).toContainText(
      'Muitas tentativas. Tente novamente em alguns minutos.',
    );
  });

  test('no connection says so', async ({ page }) => {
    await page.goto('/auth/login');
    await page.route('**/api/user/login', (route) => route.abort('internetdisconnected'));
    await fillLogin(page, DEMO.operator, DEMO_PASSWORD);
    await expect(page.getByRole('alert')).toContainText('Não foi possível conectar ao servidor');
  });

  test('the submit button is busy while the request runs', async ({ page }) => {
    await page.goto('/auth/login');
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/user/login', async (route) => {
      await held;
      await route.continue();
    });
    await fillLogin(page, DEMO.operator, DEMO_PASSWORD);
    const button = page.getByRole('button', { name: 'Entrar' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(page).toHaveURL(/\/streaming$/);
  });

  test('English: the heading follows the stored locale', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('palco-locale', 'en'));
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Palco' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('This field is required')).toHaveCount(2);
  });
});

test.describe('signing in and out', () => {
  test('the operator signs in and lands on /streaming', async ({ page }) => {
    await page.goto('/auth/login');
    await fillLogin(page, DEMO.operator, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/streaming$/);
    const stored = JSON.parse((await storedSession(page)) ?? '{}') as {
      authToken?: string;
      user?: { login: string };
    };
    expect(stored.authToken).toBeTruthy();
    expect(stored.user?.login).toBe(DEMO.operator);
  });

  test('redirectTo is honoured: /historic signed out → login → back at /historic', async ({ page }) => {
    await page.goto('/historic');
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fhistoric$/);
    await fillLogin(page, DEMO.operator, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/historic$/);
  });

  test('a redirectTo pointing at another site is ignored', async ({ page }) => {
    await page.goto('/auth/login?redirectTo=%2F%2Fevil.example%2Fsteal');
    await fillLogin(page, DEMO.operator, DEMO_PASSWORD);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/streaming$/);
  });

  test('the last visited page is honoured after signing out and in again', async ({ page }) => {
    await page.goto('/auth/login');
    await fillLogin(page, DEMO.operator, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/streaming$/);
    // The shell remembers each page it renders: open the history from the menu, the last page visited.
    await page.getByRole('link', { name: 'Histórico de transmissões', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Histórico de transmissões' })).toBeVisible();
    await expect
      .poll(() => page.evaluate((k) => localStorage.getItem(k), LAST_VISITED_KEY))
      .toBe('/historic');
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await fillLogin(page, DEMO.operator, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/historic$/);
  });

  test('a signed-in user opening /auth/login is sent on', async ({ page }) => {
    await page.goto('/auth/login');
    await fillLogin(page, DEMO.operator, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/streaming$/);
    await page.goto('/auth/login');
    await expect(page).toHaveURL(/\/streaming$/);
  });

  test('an expired token in storage sends /streaming to /auth/login', async ({ page }) => {
    await page.addInitScript(
      ([key, token]) => {
        if (!sessionStorage.getItem('seeded')) {
          sessionStorage.setItem('seeded', '1');
          localStorage.setItem(
            key,
            JSON.stringify({ authToken: token, user: null, permissions: [], contasCargos: [] }),
          );
        }
      },
      [AUTH_KEY, craftToken(-60)] as const,
    );
    await page.goto('/streaming');
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fstreaming$/);
    await expect(page.getByRole('heading', { name: 'Entre no Palco' })).toBeVisible();
    expect(await storedSession(page)).toBeNull();
  });

  test('/logout revokes the token, clears the session and the cache, and lands on /auth/login', async ({
    page,
  }) => {
    await page.goto('/auth/login');
    await fillLogin(page, DEMO.operator, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/streaming$/);
    const { authToken } = JSON.parse((await storedSession(page)) ?? '{}') as { authToken: string };

    await page.goto('/logout');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('heading', { name: 'Entre no Palco' })).toBeVisible();
    expect(await storedSession(page)).toBeNull();
    // The persisted query cache keeps nothing of the user who left.
    const persistedQueries = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('keyval-store');
          open.onerror = () => resolve(0);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('keyval')) return resolve(0);
            const get = db.transaction('keyval').objectStore('keyval').get('palco-query-cache');
            get.onsuccess = () => resolve(get.result?.clientState?.queries?.length ?? 0);
            get.onerror = () => resolve(0);
          };
        }),
    );
    expect(persistedQueries).toBe(0);
    // The server revoked the token.
    const me = await page.request.get('/bff/me', { headers: { Authorization: `Bearer ${authToken}` } });
    expect(me.status()).toBe(401);
    // And the guarded pages send the user back to the login.
    await page.goto('/streaming');
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fstreaming$/);
  });
});

test.describe('password recovery', () => {
  test('the recovery field strips whitespace and lowercases as typed; the confirmation shows the address', async ({
    page,
  }) => {
    await page.goto('/auth/recover-password');
    await expect(page.getByText('link para você criar uma nova senha')).toBeVisible();
    const field = page.getByLabel('E-mail');
    await field.pressSequentially(' Fulano De Tal@Palco. TEST ');
    await expect(field).toHaveValue('fulanodetal@palco.test');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByRole('heading', { name: 'Verifique seu e-mail' })).toBeVisible();
    await expect(page.getByText('fulanodetal@palco.test', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Voltar' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('the recovery form validates the address and maps server errors', async ({ page }) => {
    await page.goto('/auth/recover-password');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('O campo é obrigatório')).toBeVisible();
    await page.getByLabel('E-mail').fill('fulano@palco');
    await expect(page.getByText('O formato do email não é válido')).toBeVisible();

    await page.getByLabel('E-mail').fill('fulano@palco.test');
    await page.route('**/bff/forget-password/send-email', (route) =>
      route.fulfill({ status: 400, json: { statusCode: 400, error: 'Bad Request', message: 'x' } }),
    );
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Endereço de e-mail inválido')).toBeVisible();

    await page.unroute('**/bff/forget-password/send-email');
    await page.route('**/bff/forget-password/send-email', (route) =>
      route.fulfill({ status: 503, json: { statusCode: 503, error: 'Service Unavailable', message: 'x' } }),
    );
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Ocorreu um erro. Tente novamente')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recuperação de senha' })).toBeVisible();
  });

  test('the forgot-password variant shows the masked address and a link back to login', async ({ page }) => {
    await page.goto('/auth/forgot-password');
    await page.getByLabel('E-mail').fill('ninguem@palco.test');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByRole('heading', { name: 'E-mail enviado' })).toBeVisible();
    await expect(page.getByText('n*****m@palco.test', { exact: true })).toBeVisible();
    await expect(page.getByText('ninguem@palco.test')).toHaveCount(0);
    await page.getByRole('link', { name: 'Voltar para o login' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('a recovery link without its parameters shows an error state, not a crash', async ({ page }) => {
    await page.goto('/auth/recover-password/new?email=blocked%40palco.test');
    await expect(page.getByRole('heading', { name: 'Nova senha' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Link inválido');
    await expect(page.getByRole('button', { name: 'Atualizar senha' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Pedir um novo link' }).click();
    await expect(page).toHaveURL(/\/auth\/recover-password$/);
  });

  test('full recovery: mail link, mismatch, new password, sign in with it, link single-use', async ({
    page,
  }) => {
    const user = DEMO.blocked;
    const newPassword = 'nova#2024';
    try {
      await page.goto('/auth/login');
      await page.getByRole('link', { name: 'Esqueceu a senha?' }).click();
      await expect(page.getByRole('heading', { name: 'Recuperação de senha' })).toBeVisible();
      const since = Date.now() - 1000;
      await page.getByLabel('E-mail').fill(user);
      await page.getByRole('button', { name: 'Enviar' }).click();
      await expect(page.getByText(user, { exact: true })).toBeVisible();

      const link = await recoveryLinkFor(user, since);
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Nova senha' })).toBeVisible();
      const fresh = page.getByLabel('Nova senha', { exact: true });
      const repeat = page.getByLabel('Repita a nova senha');
      await expect(page.locator('input[name="newPassword"]')).toHaveAttribute('type', 'password');
      await expect(page.locator('input[name="confirmPassword"]')).toHaveAttribute('type', 'password');

      // Rules: required, 4 to 16 characters, the repeat must match.
      await page.getByRole('button', { name: 'Atualizar senha' }).click();
      await expect(page.getByText('O campo é obrigatório')).toHaveCount(2);
      await fresh.fill('abc');
      await expect(page.getByText('O tamanho minimo é 4')).toBeVisible();
      await fresh.fill('a'.repeat(17));
      await expect(page.getByText('O tamanho máximo é 16')).toBeVisible();
      await fresh.fill(newPassword);
      await repeat.fill(`${newPassword}x`);
      await expect(page.getByText('Senhas incompatíveis')).toBeVisible();
      await expect(repeat).toHaveAccessibleDescription('Senhas incompatíveis');
      // Each field has its own show/hide toggle.
      await page.getByRole('button', { name: 'Mostrar senha' }).nth(1).click();
      await expect(repeat).toHaveAttribute('type', 'text');
      await expect(fresh).toHaveAttribute('type', 'password');

      await repeat.fill(newPassword);
      await page.getByRole('button', { name: 'Atualizar senha' }).click();
      await expect(page.getByRole('heading', { name: 'Senha atualizada com sucesso!' })).toBeVisible();

      // The link works once: a second use fails on the repeat field.
      await page.goto(link);
      await fresh.fill('outra123');
      await repeat.fill('outra123');
      await page.getByRole('button', { name: 'Atualizar senha' }).click();
      await expect(repeat).toHaveAccessibleDescription('Ocorreu um erro. Tente novamente');

      await page.goto('/auth/login');
      await fillLogin(page, user, DEMO_PASSWORD);
      await expect(page.getByRole('alert')).toContainText('Usuário ou senha estão incorretos');
      await fillLogin(page, user, newPassword);
      await expect(page).not.toHaveURL(/\/auth\/login/);
      expect(await storedSession(page)).toContain('"authToken"');
    } finally {
      // Put the demo password back through the same calls, so the other specs can sign in as this user.
      const since = Date.now() - 1000;
      const sent = await page.request.post('/bff/forget-password/send-email', { data: { email: user } });
      expect(sent.status()).toBe(202);
      const link = new URL(await recoveryLinkFor(user, since), 'http://x');
      const restored = await page.request.post('/bff/forget-password/update-password', {
        data: {
          email: link.searchParams.get('email'),
          token: link.searchParams.get('token'),
          hash: link.searchParams.get('hash'),
          newPassword: DEMO_PASSWORD,
        },
      });
      expect(restored.status()).toBe(200);
    }
  });

  test('after updating, "Voltar para o início" goes to the login', async ({ page }) => {
    await page.route('**/bff/forget-password/update-password', (route) =>
      route.fulfill({ json: { ok: true } }),
    );
    await page.goto('/auth/recover-password/new?email=a%40palco.test&token=t&hash=h');
    await page.getByLabel('Nova senha', { exact: true }).fill('abcd');
    await page.getByLabel('Repita a nova senha').fill('abcd');
    await page.getByRole('button', { name: 'Atualizar senha' }).click();
    await page.getByRole('link', { name: 'Voltar para o início' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});
