import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ownerApi } from './admin-helpers';
import { signIn } from './support/auth';
import { DEMO } from './support/env';

// Two-factor sign-in (docs/api-admin.md "Two-factor sign-in") set up in /profile, then asked for by the
// login.

const DEMO_ACCOUNT = 'a0000000-0000-4000-8000-000000000002';

/** The code an authenticator app shows `offsetSteps` periods from now. */
const codeAt = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

test('2FA set up in /profile, then the login asks for the code and the code signs in', async ({
  page,
  request,
}) => {
  const owner = await ownerApi(request, DEMO.owner, DEMO_ACCOUNT);
  const { email, password } = await owner.newMember(`dois-fatores-${Date.now().toString(36)}@palco.test`, [
    'showVOD',
  ]);
  await signIn(page, email, password);
  await page.goto('/vod');
  await page.getByRole('link', { name: 'Meu perfil' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meu perfil');

  const section = page.getByRole('region', { name: 'Verificação em duas etapas' });
  await section.getByRole('button', { name: 'Configurar' }).click();
  await expect(section.getByRole('img', { name: 'QR code para o aplicativo autenticador' })).toBeVisible();
  const secret = (await section.getByTestId('totp-secret').textContent())!.trim();
  await section.getByLabel('Código de verificação').fill(codeAt(secret));
  await section.getByRole('button', { name: 'Ativar' }).click();
  const codes = section.getByRole('list', { name: 'Códigos de recuperação' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(
    section.getByText('Ativada: o login pede um código do aplicativo autenticador.'),
  ).toBeVisible();

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verificação em duas etapas');

  await page.getByLabel('Código de verificação').fill('000000' === codeAt(secret, 1) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Código inválido, já usado ou expirado/);

  // The next step's code: the one that turned 2FA on was used already.
  await page.getByLabel('Código de verificação').fill(codeAt(secret, 1));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).not.toHaveURL(/\/auth\//);
  await expect(page.getByRole('link', { name: 'Meu perfil' })).toBeVisible();
});
