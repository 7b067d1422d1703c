import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from './env';

const AUTH_STORAGE_KEY = 'v706-demo1-auth';

/** Signs in through the API (fast) and stores the token the way the console does. The console's own
 * login form is covered by auth.spec.ts. Returns the token. */
export async function signIn(page: Page, login: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await page.request.post('/api/user/login', { data: { login, password } });
  if (!res.ok()) throw new Error(`login ${login} failed: ${res.status()}`);
  const { Token } = (await res.json()) as { Token: string };
  await page.goto('/auth/login');
  await page.evaluate(
    ([key, token]) =>
      localStorage.setItem(
        key,
        JSON.stringify({ authToken: token, user: null, permissions: [], contasCargos: [] }),
      ),
    [AUTH_STORAGE_KEY, Token] as const,
  );
  return Token;
}
