import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { notify } from '@/components/ui/notify';
import { renderUi } from '@/test/render-ui';
import { DeferredToaster } from './deferred-toaster';

const toast = (title: string) => page.getByRole('status').filter({ hasText: title });
const requestIdleCallback = window.requestIdleCallback;

afterEach(() => {
  window.requestIdleCallback = requestIdleCallback;
});

describe('DeferredToaster', () => {
  it('mounts the toaster as soon as a toast is asked for, busy page or not', async () => {
    // A page that never gets idle (a long first load on a slow phone): the toaster must not wait.
    window.requestIdleCallback = () => 0;
    await renderUi(<DeferredToaster />);
    await expect.element(page.getByRole('region', { name: /Notifications/ })).not.toBeInTheDocument();
    notify('error', 'Ops', 'Aconteceu um erro interno...');
    await expect.element(toast('Ops')).toBeVisible();
  });

  it('shows a toast asked for before it was mounted', async () => {
    notify('info', 'Bem-vindo de volta');
    await renderUi(<DeferredToaster />);
    await expect.element(toast('Bem-vindo de volta')).toBeVisible();
  });
});
