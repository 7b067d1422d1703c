import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { renderUi } from '@/test/render-ui';
import { Select, type SelectOption } from './select';

const OPTIONS: SelectOption[] = [
  { value: 'recent', label: 'Mais recentes' },
  { value: 'oldest', label: 'Mais antigos' },
  { value: 'name', label: 'Nome' },
  { value: 'views', label: 'Visualizações', disabled: true },
];

/** A page that keeps the chosen value (the Select is controlled) and shows what it was told. */
function SortBy() {
  const [value, setValue] = useState('recent');
  return (
    <form>
      <Select name="sort" label="Ordenar por" options={OPTIONS} value={value} onValueChange={setValue} />
      <output data-testid="chosen">{value}</output>
    </form>
  );
}

const trigger = () => page.getByRole('combobox', { name: 'Ordenar por' });
const listbox = () => page.getByRole('listbox');
const chosen = () => page.getByTestId('chosen');

describe('Select', () => {
  it('shows the chosen option, opens on click and picks an option by click', async () => {
    await renderUi(<SortBy />);
    await expect.element(trigger()).toHaveTextContent('Mais recentes');
    await expect.element(listbox()).not.toBeInTheDocument();
    await trigger().click();
    await expect.element(listbox()).toBeVisible();
    await expect
      .element(page.getByRole('option', { name: 'Visualizações' }))
      .toHaveAttribute('aria-disabled', 'true');
    await page.getByRole('option', { name: 'Nome' }).click();
    await expect.element(listbox()).not.toBeInTheDocument();
    await expect.element(trigger()).toHaveTextContent('Nome');
    await expect.element(chosen()).toHaveTextContent('name');
    // The hidden native select carries the value for a form.
    expect(new FormData(document.querySelector('form')!).get('sort')).toBe('name');
  });

  it('opens, moves and picks with the keyboard', async () => {
    await renderUi(<SortBy />);
    await userEvent.keyboard('{Tab}');
    await expect.element(trigger()).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(listbox()).toBeVisible();
    // From the chosen option (Mais recentes) one down.
    await userEvent.keyboard('{ArrowDown}');
    await expect
      .element(page.getByRole('option', { name: 'Mais antigos' }))
      .toHaveAttribute('data-highlighted');
    await userEvent.keyboard('{Enter}');
    await expect.element(listbox()).not.toBeInTheDocument();
    await expect.element(trigger()).toHaveTextContent('Mais antigos');
    await expect.element(chosen()).toHaveTextContent('oldest');
    await expect.element(trigger()).toHaveFocus();
  });

  it('closes on Escape without changing the value', async () => {
    await renderUi(<SortBy />);
    await trigger().click();
    await expect.element(listbox()).toBeVisible();
    await userEvent.keyboard('{ArrowDown}{Escape}');
    await expect.element(listbox()).not.toBeInTheDocument();
    await expect.element(chosen()).toHaveTextContent('recent');
  });
});
