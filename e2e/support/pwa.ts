import type { Page } from '@playwright/test';
import { signIn } from './auth';

/** Signs in through the API and chooses a team on the server (the choice lives there), so the console
 * opens its shell at once. Returns the token and the chosen team's id. */
export async function signInWithTeam(page: Page, login: string, teamName: string) {
  const token = await signIn(page, login);
  const headers = { Authorization: `Bearer ${token}` };
  const me = (await (await page.request.get('/bff/me', { headers })).json()) as {
    contasCargos: Array<{ conta_id: string; conta_nome: string }>;
  };
  const team = me.contasCargos.find((c) => c.conta_nome === teamName);
  if (!team) throw new Error(`${login} has no team ${teamName}`);
  const res = await page.request.put('/bff/me/selected-team', {
    headers,
    data: { accountId: team.conta_id },
  });
  if (!res.ok()) throw new Error(`selecting ${teamName} failed: ${res.status()}`);
  return { token, teamId: team.conta_id };
}
