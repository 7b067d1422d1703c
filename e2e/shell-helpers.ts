import { expect, type Page } from '@playwright/test';

/** The aside menu (desktop) by its accessible name. */
export const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

/** Picks a team on /select-team (whatever the server remembers from an earlier test) and waits for the
 * console to show it. */
export async function chooseTeam(page: Page, teamName: string) {
  await page.goto('/select-team');
  await page.locator('article', { hasText: teamName }).getByRole('button', { name: 'Acessar' }).click();
  await expect(page.getByTestId('current-team')).toHaveText(teamName);
}
