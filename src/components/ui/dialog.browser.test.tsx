import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { renderUi } from '@/test/render-ui';
import { Dialog } from './dialog';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Editar
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Editar evento"
        description="Mude o nome do evento."
        closeLabel="Fechar"
        footer={<button type="button">Salvar</button>}
      >
        <label>
          Nome <input name="nome" />
        </label>
      </Dialog>
    </>
  );
}

const dialog = () => page.getByRole('dialog', { name: 'Editar evento' });
const opener = () => page.getByRole('button', { name: 'Editar' });

describe('Dialog', () => {
  it('opens on its trigger, labelled by its title and described', async () => {
    await renderUi(<Opener />);
    await expect.element(dialog()).not.toBeInTheDocument();
    await opener().click();
    await expect.element(dialog()).toBeVisible();
    await expect.element(dialog()).toHaveAccessibleDescription('Mude o nome do evento.');
  });

  it('traps the focus: Tab and Shift+Tab stay inside', async () => {
    await renderUi(<Opener />);
    await opener().click();
    await expect.element(dialog()).toBeVisible();
    const inside = () => dialog().element().contains(document.activeElement);
    await expect.poll(inside).toBe(true);
    for (let i = 0; i < 5; i++) {
      await userEvent.keyboard('{Tab}');
      expect(inside()).toBe(true);
    }
    for (let i = 0; i < 5; i++) {
      await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
      expect(inside()).toBe(true);
    }
  });

  it('closes on Escape and gives the focus back to its trigger', async () => {
    await renderUi(<Opener />);
    await opener().click();
    await expect.element(dialog()).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog()).not.toBeInTheDocument();
    await expect.element(opener()).toHaveFocus();
  });

  it('closes on its × button and gives the focus back to its trigger', async () => {
    await renderUi(<Opener />);
    await opener().click();
    await dialog().getByRole('button', { name: 'Fechar' }).click();
    await expect.element(dialog()).not.toBeInTheDocument();
    await expect.element(opener()).toHaveFocus();
  });
});
