import { useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { renderUi } from '@/test/render-ui';
import type { DateRange } from './date-range';
import { DateRangePicker } from './date-range-picker';

// Wednesday 18 March 2026: the default bounds are 8 to 28 March.
const TODAY = Temporal.PlainDate.from('2026-03-18');

/** The records' filter: the applied range, and every range the picker reported. */
function Filter() {
  const [value, setValue] = useState<DateRange>({ start: TODAY, end: TODAY });
  const [reported, setReported] = useState<string[]>([]);
  return (
    <>
      <DateRangePicker
        label="Período"
        value={value}
        today={TODAY}
        locale="pt-BR"
        onChange={(range) => {
          setValue(range);
          setReported((all) => [...all, `${range.start}/${range.end}`]);
        }}
      />
      <output data-testid="reported">{reported.join(' ')}</output>
    </>
  );
}

const day = (iso: string) =>
  page.getByRole('grid').element().querySelector<HTMLButtonElement>(`[data-date="${iso}"]`)!;
const dayButton = (label: string) => page.getByRole('button', { name: label, exact: true });
const summary = () => page.getByTestId('date-range-summary');
const reported = () => page.getByTestId('reported');

describe('DateRangePicker', () => {
  it('picks a range with two clicks and reports it once complete', async () => {
    await renderUi(<Filter />);
    await expect.element(page.getByText('Março de 2026')).toBeVisible();
    await dayButton('quinta-feira, 12 de março de 2026').click();
    await expect.element(summary()).toHaveTextContent('Início: 12/03/2026. Selecione a data final.');
    await expect.element(reported()).toHaveTextContent('');
    await dayButton('domingo, 15 de março de 2026').click();
    await expect.element(summary()).toHaveTextContent('De 12/03/2026 até 15/03/2026');
    await expect.element(reported()).toHaveTextContent('2026-03-12/2026-03-15');
    for (const iso of ['2026-03-12', '2026-03-13', '2026-03-14', '2026-03-15']) {
      expect(day(iso).closest('td')?.getAttribute('aria-selected')).toBe('true');
    }
    expect(day('2026-03-16').closest('td')?.getAttribute('aria-selected')).toBe('false');
  });

  it('restarts the range from a day before its start', async () => {
    await renderUi(<Filter />);
    await dayButton('domingo, 15 de março de 2026').click();
    await dayButton('terça-feira, 10 de março de 2026').click();
    await expect.element(summary()).toHaveTextContent('Início: 10/03/2026. Selecione a data final.');
    await dayButton('quarta-feira, 11 de março de 2026').click();
    await expect.element(reported()).toHaveTextContent('2026-03-10/2026-03-11');
  });

  it('reports a quick range and shows it pressed', async () => {
    await renderUi(<Filter />);
    const thisWeek = page.getByRole('button', { name: 'Essa semana' });
    await thisWeek.click();
    // Sunday 15 to Saturday 21 March.
    await expect.element(reported()).toHaveTextContent('2026-03-15/2026-03-21');
    await expect.element(thisWeek).toHaveAttribute('aria-pressed', 'true');
    await expect.element(summary()).toHaveTextContent('De 15/03/2026 até 21/03/2026');
  });

  it('keeps days outside the bounds unchoosable', async () => {
    await renderUi(<Filter />);
    await expect.element(dayButton('sábado, 7 de março de 2026')).toBeDisabled();
    await expect.element(dayButton('domingo, 8 de março de 2026')).toBeEnabled();
    await expect.element(page.getByRole('button', { name: 'Mês anterior' })).toBeDisabled();
    await expect.element(page.getByRole('button', { name: 'Próximo mês' })).toBeDisabled();
  });

  it('moves the focus with the arrow keys and picks with Enter', async () => {
    await renderUi(<Filter />);
    // The applied end (today) is the grid's one tab stop.
    day('2026-03-18').focus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect.element(dayButton('terça-feira, 17 de março de 2026')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(dayButton('terça-feira, 24 de março de 2026')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.element(reported()).toHaveTextContent('2026-03-17/2026-03-24');
  });
});
