import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { notifyServerError } from '@/lib/app-errors';
import { renderUi } from '@/test/render-ui';
import { notify } from './notify';
import { showToast, Toaster, toaster } from './toast';

const toasts = () => page.getByRole('status');
const toast = (title: string) => toasts().filter({ hasText: title });

afterEach(() => {
  // The toaster is one store for the app: each test starts with none on screen.
  for (const t of toaster.getVisibleToasts()) toaster.remove(t.id);
});

describe('Toaster and notify', () => {
  it('shows the title and description, and closes on its × button', async () => {
    await renderUi(<Toaster />);
    notify('success', 'Perfil atualizado', 'Maria Souza');
    await expect.element(toast('Perfil atualizado')).toBeVisible();
    await expect.element(toast('Perfil atualizado')).toHaveTextContent('Maria Souza');
    await toast('Perfil atualizado').getByRole('button', { name: 'Fechar' }).click();
    await expect.element(toast('Perfil atualizado')).not.toBeInTheDocument();
  });

  it('shows every toast asked for inside one React effect', async () => {
    function Uploaded() {
      useEffect(() => {
        showToast('success', 'Vídeo enviado');
        showToast('success', 'Legenda enviada');
      }, []);
      return <p>Enviado</p>;
    }
    function Upload() {
      const [done, setDone] = useState(false);
      return done ? (
        <Uploaded />
      ) : (
        <button type="button" onClick={() => setDone(true)}>
          Enviar
        </button>
      );
    }
    await renderUi(
      <>
        <Toaster />
        <Upload />
      </>,
    );
    // The toaster is on screen with a toast already, as in a session that has shown one.
    showToast('info', 'Bem-vindo');
    await expect.element(toast('Bem-vindo')).toBeVisible();
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect.element(page.getByText('Enviado', { exact: true })).toBeVisible();
    await expect.element(toast('Vídeo enviado')).toBeVisible();
    await expect.element(toast('Legenda enviada')).toBeVisible();
  });

  it("keeps one 'Ops' on screen, and shows the next one as soon as it closed", async () => {
    await renderUi(<Toaster />);
    // A failing page: several calls and their retries fail at once.
    notifyServerError();
    notifyServerError();
    notifyServerError();
    await expect.element(toast('Ops')).toBeVisible();
    await expect.element(toast('Ops')).toHaveTextContent('Aconteceu um erro interno...');
    expect(toast('Ops').elements()).toHaveLength(1);
    await toast('Ops').getByRole('button', { name: 'Fechar' }).click();
    await expect.element(toast('Ops')).not.toBeInTheDocument();
    // The user tries again, and it fails again: they are told so.
    notifyServerError();
    await expect.element(toast('Ops')).toBeVisible();
  });
});
