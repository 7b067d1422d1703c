import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { renderUi } from '@/test/render-ui';
import { ConfirmDialog } from './confirm-dialog';

function DeleteStream({ busy = false, error }: { busy?: boolean; error?: string }) {
  const [open, setOpen] = useState(false);
  const [deleted, setDeleted] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Excluir evento
      </button>
      <p data-testid="deleted">{deleted}</p>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Excluir o evento?"
        description="Esta ação não pode ser desfeita."
        confirmLabel="Excluir"
        cancelLabel="Cancelar"
        closeLabel="Fechar"
        tone="danger"
        busy={busy}
        error={error}
        onConfirm={() => setDeleted((n) => n + 1)}
      />
    </>
  );
}

const dialog = () => page.getByRole('dialog', { name: 'Excluir o evento?' });
const opener = () => page.getByRole('button', { name: 'Excluir evento' });

describe('ConfirmDialog', () => {
  it('asks, and confirming calls onConfirm', async () => {
    await renderUi(<DeleteStream />);
    await opener().click();
    await expect.element(dialog()).toHaveAccessibleDescription('Esta ação não pode ser desfeita.');
    await dialog().getByRole('button', { name: 'Excluir', exact: true }).click();
    await expect.element(page.getByTestId('deleted')).toHaveTextContent('1');
  });

  it('cancel closes without confirming and gives the focus back', async () => {
    await renderUi(<DeleteStream />);
    await opener().click();
    await dialog().getByRole('button', { name: 'Cancelar' }).click();
    await expect.element(dialog()).not.toBeInTheDocument();
    await expect.element(page.getByTestId('deleted')).toHaveTextContent('0');
    await expect.element(opener()).toHaveFocus();
  });

  it('stays open while busy (Escape does nothing) and shows the last failure', async () => {
    await renderUi(<DeleteStream busy error="Não foi possível excluir o evento." />);
    await opener().click();
    await expect.element(dialog().getByRole('alert')).toHaveTextContent('Não foi possível excluir o evento.');
    await expect.element(dialog().getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog()).toBeVisible();
  });
});
