import type { ZoomAccount } from '@contract/integrations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { renderUi } from '@/test/render-ui';
import { IntegrationCard } from '../components/integration-card';
import { UndoIntegration } from '../components/result-dialogs';
import { TencentDialog } from '../components/tencent-dialog';
import { ZoomAccountsDialog } from '../components/zoom-accounts-dialog';
import type { CardState } from '../lib/state';

function Card({ state, onToggle = () => undefined }: { state: CardState; onToggle?: (on: boolean) => void }) {
  return (
    <ul>
      <IntegrationCard
        name="Zoom Meetings"
        image="/integrations/zoom.svg"
        description="Importa as gravações."
        state={state}
        switchLabel="Importação automática"
        onToggle={onToggle}
        onIntegrate={() => undefined}
        onUndo={() => undefined}
      />
    </ul>
  );
}

const card = () => page.getByRole('article', { name: 'Zoom Meetings' });
const toggle = () => card().getByRole('switch', { name: 'Importação automática' });
const integrate = (name = 'Integração') => card().getByRole('button', { name, exact: true });
const undo = () => card().getByRole('button', { name: 'Desfazer Integração' });

const off: CardState = { configured: true, integrated: false, deauthorized: false, importOn: false };

describe('an integration card (SPEC §4)', () => {
  it('not integrated: the switch is disabled and DESABILITADO, Integração enabled, undo disabled', async () => {
    await renderUi(<Card state={off} />);
    await expect.element(toggle()).toBeDisabled();
    await expect.element(card().getByText('DESABILITADO')).toBeVisible();
    await expect.element(integrate()).toBeEnabled();
    await expect.element(undo()).toBeDisabled();
  });

  it('integrated with import on: HABILITADO, Integração disabled, the switch turns import off', async () => {
    function Live() {
      const [on, setOn] = useState(true);
      return <Card state={{ ...off, integrated: true, importOn: on }} onToggle={setOn} />;
    }
    await renderUi(<Live />);
    await expect.element(card().getByText('HABILITADO', { exact: true })).toBeVisible();
    await expect.element(integrate()).toBeDisabled();
    await expect.element(undo()).toBeEnabled();
    // The checkbox is visually hidden: the user clicks the switch's label.
    await card().getByText('Importação automática').click();
    await expect.element(card().getByText('DESABILITADO')).toBeVisible();
    await expect.element(toggle()).not.toBeChecked();
  });

  it('deauthorized: the switch is disabled and the button reauthorises', async () => {
    await renderUi(<Card state={{ ...off, integrated: true, deauthorized: true, importOn: true }} />);
    await expect.element(toggle()).toBeDisabled();
    await expect.element(card().getByText('DESABILITADO')).toBeVisible();
    await expect.element(integrate('Reautorizar')).toBeEnabled();
    await expect.element(card().getByText(/revogou o acesso/)).toBeVisible();
  });

  it('a provider the server has no credentials for says so and opens nothing', async () => {
    await renderUi(<Card state={{ ...off, configured: false }} />);
    await expect
      .element(card().getByText(/o servidor não tem as credenciais do Zoom Meetings/))
      .toBeVisible();
    await expect.element(integrate()).toBeDisabled();
  });
});

describe('undo', () => {
  function Undo({ undo }: { undo: () => Promise<unknown> }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Desfazer
        </button>
        <UndoIntegration provider="Google Meet" open={open} onOpenChange={setOpen} undo={undo} />
      </>
    );
  }

  it("asks, calls the cancel endpoint, then shows 'Sucesso' with the spec's text", async () => {
    let calls = 0;
    await renderUi(
      <Undo
        undo={async () => {
          calls++;
        }}
      />,
    );
    await page.getByRole('button', { name: 'Desfazer' }).click();
    const confirm = page.getByRole('dialog', { name: 'Desfazer a integração com o Google Meet?' });
    await expect.element(confirm).toBeVisible();
    expect(calls).toBe(0);
    await confirm.getByRole('button', { name: 'Desfazer Integração' }).click();
    const done = page.getByRole('dialog', { name: 'Sucesso' });
    await expect.element(done).toHaveTextContent('A integração com o Google Meet foi desfeita com sucesso.');
    expect(calls).toBe(1);
  });
});

function withQueries(ui: React.ReactNode) {
  return <QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>;
}

describe('the Tencent modal (SPEC §2.4)', () => {
  it("VoD active, COS disabled, both keys required and 'Integrar' disabled until both are filled", async () => {
    await renderUi(
      withQueries(<TencentDialog open onOpenChange={() => undefined} onConnected={() => undefined} />),
    );
    const dialog = page.getByRole('dialog', { name: 'Tencent Cloud' });
    await expect.element(dialog.getByRole('tab', { name: 'VoD' })).toHaveAttribute('aria-selected', 'true');
    await expect.element(dialog.getByRole('tab', { name: 'COS' })).toBeDisabled();
    const submit = dialog.getByRole('button', { name: 'Integrar' });
    await expect.element(submit).toBeDisabled();
    const id = dialog.getByLabelText('secretId');
    const key = dialog.getByLabelText('secretKey');
    await expect.element(id).toBeRequired();
    await expect.element(key).toHaveAttribute('type', 'password');
    await id.fill('AKIDexample');
    await expect.element(submit).toBeDisabled();
    await key.fill('  ');
    await expect.element(submit).toBeDisabled();
    await key.fill('secret');
    await expect.element(submit).toBeEnabled();
    // Show/hide of the value.
    await dialog.getByRole('button', { name: 'Mostrar senha' }).nth(1).click();
    await expect.element(key).toHaveAttribute('type', 'text');
  });
});

const zoomAccount = (i: number): ZoomAccount => ({
  zoomAccountId: `zoom-${i}`,
  label: `conta${i}@example.com`,
  activeImport: true,
  deauthorized: false,
  tokenExpiresIn: 3600,
  import: { folderId: null, folderName: null, pending: 0, imported: 0, failed: 0, lastError: null },
});

describe('the Zoom accounts modal', () => {
  const render = (accounts: ZoomAccount[]) =>
    renderUi(
      <ZoomAccountsDialog
        open
        onOpenChange={() => undefined}
        accounts={accounts}
        configured
        loading={false}
        onAdd={() => undefined}
        onReauthorize={() => undefined}
        onToggle={() => undefined}
        onUndo={() => undefined}
      />,
    );

  it('scrolls its list within 144 px and disables the add button at 20 accounts', async () => {
    await render(Array.from({ length: 20 }, (_, i) => zoomAccount(i)));
    const list = page.getByRole('list', { name: 'Contas conectadas' });
    await expect.element(list).toBeVisible();
    const box = list.element().getBoundingClientRect();
    expect(box.height).toBeLessThanOrEqual(144);
    expect(list.element().scrollHeight).toBeGreaterThan(144);
    await expect.element(page.getByRole('button', { name: 'Adicionar conta' })).toBeDisabled();
  });

  it('19 accounts may take one more; a deauthorized one reauthorises and cannot be undone', async () => {
    const accounts = Array.from({ length: 19 }, (_, i) => zoomAccount(i));
    accounts[0] = { ...zoomAccount(0), deauthorized: true };
    await render(accounts);
    await expect.element(page.getByRole('button', { name: 'Adicionar conta' })).toBeEnabled();
    const first = page.getByRole('listitem').filter({ hasText: 'conta0@example.com' });
    await expect.element(first.getByRole('button', { name: 'Reautorizar' })).toBeEnabled();
    await expect.element(first.getByRole('button', { name: /Desfazer/ })).toBeDisabled();
    const second = page.getByRole('listitem').filter({ hasText: 'conta1@example.com' });
    await expect.element(second.getByRole('button', { name: 'Reautorizar' })).toBeDisabled();
    await expect.element(second.getByRole('button', { name: /Desfazer/ })).toBeEnabled();
  });
});
