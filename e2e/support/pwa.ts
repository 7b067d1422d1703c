import { expect, type Page } from '@playwright/test';
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

/** The query cache's copy in IndexedDB (what an offline reload shows), as the persister wrote it. */
export function persistedCache(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ buster: string; keys: unknown[][]; json: string } | null>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve(null);
          const get = db.transaction('keyval').objectStore('keyval').get('palco-query-cache');
          get.onerror = () => reject(get.error);
          get.onsuccess = () => {
            const v = get.result as
              | { buster: string; clientState: { queries: Array<{ queryKey: unknown[] }> } }
              | undefined;
            resolve(
              v
                ? {
                    buster: v.buster,
                    keys: v.clientState.queries.map((q) => q.queryKey),
                    json: JSON.stringify(v.clientState),
                  }
                : null,
            );
          };
        };
      }),
  );
}

/** Waits until the persisted query cache holds a query whose key starts with `keyStart` and, when
 * given, whose data mentions `text` (the persister writes shortly after the cache changes). */
export async function waitForPersisted(page: Page, keyStart: unknown[], text?: string) {
  await expect
    .poll(
      async () => {
        const cache = await persistedCache(page);
        if (!cache) return false;
        const keyed = cache.keys.some((k) => keyStart.every((part, i) => k[i] === part));
        return keyed && (text === undefined || cache.json.includes(text));
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}
