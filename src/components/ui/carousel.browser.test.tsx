import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { renderUi } from '@/test/render-ui';
import { Carousel } from './carousel';

const TEAMS = ['Demo Produções', 'Eventos Ao Vivo', 'Rádio Centro', 'TV Escola', 'Clube da Música'];

function Teams({ perPage }: { perPage: number }) {
  return (
    <div style={{ width: '600px' }}>
      <Carousel
        items={TEAMS}
        getKey={(team) => team}
        slidesPerPage={perPage}
        animationMs={60}
        labels={{
          region: 'Times',
          previous: 'Times anteriores',
          next: 'Próximos times',
          item: (index, count) => `Time ${index + 1} de ${count}`,
          indicator: (index) => `Ir para a página ${index + 1}`,
        }}
        renderItem={(team, { inView }) => (
          <button type="button" tabIndex={inView ? 0 : -1} data-in-view={inView} style={{ width: '100%' }}>
            {team}
          </button>
        )}
      />
    </div>
  );
}

/** The teams the carousel says are in view (their controls are tabbable), in order. */
const inView = () =>
  [...document.querySelectorAll<HTMLButtonElement>('button[data-in-view="true"]')].map((b) => b.textContent);
const next = () => page.getByRole('button', { name: 'Próximos times' });
const previous = () => page.getByRole('button', { name: 'Times anteriores' });

describe('Carousel', () => {
  it('shows a page of items and pages with its arrows', async () => {
    await renderUi(<Teams perPage={2} />);
    await expect.element(page.getByRole('region', { name: 'Times' })).toBeVisible();
    await expect.poll(inView).toEqual(['Demo Produções', 'Eventos Ao Vivo']);
    await expect.element(previous()).toBeDisabled();
    // Five teams, two a page: three pages.
    await expect.element(page.getByRole('button', { name: 'Ir para a página 3' })).toBeInTheDocument();

    await next().click();
    await expect.poll(inView).toEqual(['Rádio Centro', 'TV Escola']);
    // Its dot is the current one (the style marks it).
    await expect
      .element(page.getByRole('button', { name: 'Ir para a página 2' }))
      .toHaveAttribute('data-current');
    await next().click();
    await expect.poll(inView).toContain('Clube da Música');
    await expect.element(next()).toBeDisabled();

    await previous().click();
    await expect.poll(inView).toEqual(['Rádio Centro', 'TV Escola']);
    await previous().click();
    await expect.poll(inView).toEqual(['Demo Produções', 'Eventos Ao Vivo']);
  });

  it('goes to a page from its dot', async () => {
    await renderUi(<Teams perPage={2} />);
    await page.getByRole('button', { name: 'Ir para a página 3' }).click();
    await expect.poll(inView).toContain('Clube da Música');
  });

  it('shows no arrows when every item fits on one page', async () => {
    await renderUi(<Teams perPage={5} />);
    await expect.poll(inView).toEqual(TEAMS);
    await expect.element(next()).not.toBeInTheDocument();
  });
});
