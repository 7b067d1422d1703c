import { expect, test } from '@playwright/test';
import { DEMO } from './support/env';
import { signInWithTeam } from './support/pwa';

// docs/api-admin.md "Clients": staff find a client on /clients and act in one of its teams, logged as staff.

const EVENTOS = 'a0000000-0000-4000-8000-000000000003';

test('staff find a client by a team name and act in that team; the log says it was staff', async ({
  page,
}) => {
  const { token } = await signInWithTeam(page, DEMO.staff, 'Palco Interno');
  await page.goto('/clients');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Clientes');
  await expect(page.getByText('Em breve')).toHaveCount(0);
  const clients = page.getByTestId('client');
  await expect(clients.filter({ hasText: 'Conta Bloqueada' })).toContainText('Bloqueado');

  await page.getByLabel('Buscar por cliente ou time').fill('eventos');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(clients).toHaveCount(1);
  const demo = clients.first();
  await expect(demo).toContainText('Demo Produções');
  await expect(demo.getByRole('list', { name: 'Times de Demo Produções' })).toContainText('Eventos Ao Vivo');

  await demo.getByRole('button', { name: 'Acessar Eventos Ao Vivo' }).click();
  await expect(page).toHaveURL(/\/streaming/);
  await expect(page.getByTestId('current-team')).toHaveText('Eventos Ao Vivo');

  const logs = await page.request.get(`/v1/logs?accountId=${EVENTOS}&limit=25`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const items = ((await logs.json()) as { items: Array<{ event: string; user: { email: string } | null }> })
    .items;
  expect(items).toContainEqual(
    expect.objectContaining({ event: 'ACESSO_STAFF', user: expect.objectContaining({ email: DEMO.staff }) }),
  );
});
