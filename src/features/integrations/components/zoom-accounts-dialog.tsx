import { ZOOM_MAX_ACCOUNTS, type ZoomAccount } from '@contract/integrations';
import { Trans, useLingui } from '@lingui/react/macro';
import * as admin from '@/components/ui/admin-page.css';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Switch } from '@/components/ui/switch';
import { addAccountDisabled, reauthorizeDisabled, zoomUndoDisabled } from '../lib/state';
import { ImportSummaryLine } from './import-summary';
import * as css from './integrations.css';

export interface ZoomAccountsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accounts: readonly ZoomAccount[];
  configured: boolean;
  loading: boolean;
  onAdd: () => void;
  onReauthorize: (account: ZoomAccount) => void;
  onToggle: (account: ZoomAccount, on: boolean) => void;
  onUndo: (account: ZoomAccount) => void;
}

/** SPEC §2.4 Zoom modal: the connected accounts (a list of at most 144 px, scrolling), each with its
 * import switch, reauthorise and undo; the add button is disabled at 20 accounts (SPEC §9). */
export function ZoomAccountsDialog({
  open,
  onOpenChange,
  accounts,
  configured,
  loading,
  onAdd,
  onReauthorize,
  onToggle,
  onUndo,
}: ZoomAccountsDialogProps) {
  const { t } = useLingui();
  const count = accounts.length;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={<Trans>Contas Zoom</Trans>}
      description={
        <Trans>
          {count} de {ZOOM_MAX_ACCOUNTS} contas conectadas.
        </Trans>
      }
      closeLabel={t`Fechar`}
      footer={
        <Button type="button" disabled={addAccountDisabled(count, loading, configured)} onClick={onAdd}>
          <Trans>Adicionar conta</Trans>
        </Button>
      }
    >
      {count === 0 ? (
        <p>
          <Trans>Nenhuma conta conectada ainda.</Trans>
        </p>
      ) : (
        <ul className={css.accountList} aria-label={t`Contas conectadas`}>
          {accounts.map((account) => {
            const name = account.label ?? account.zoomAccountId;
            return (
              <li key={account.zoomAccountId} className={css.accountRow}>
                <span className={css.accountId}>{name}</span>
                {account.deauthorized ? (
                  <span className={css.chip}>
                    <Trans>Acesso revogado</Trans>
                  </span>
                ) : null}
                <Switch
                  name={`zoom-import-${account.zoomAccountId}`}
                  label={<Trans>Importar de {name}</Trans>}
                  checked={account.activeImport && !account.deauthorized}
                  disabled={loading || account.deauthorized}
                  onCheckedChange={(on) => onToggle(account, on)}
                />
                <Button
                  type="button"
                  variant="secondary"
                  disabled={reauthorizeDisabled(account, loading)}
                  onClick={() => onReauthorize(account)}
                >
                  <Trans>Reautorizar</Trans>
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  disabled={zoomUndoDisabled(account, loading)}
                  onClick={() => onUndo(account)}
                >
                  <Trans>Desfazer</Trans>
                  <span className={admin.visuallyHidden}> {name}</span>
                </Button>
                <ImportSummaryLine summary={account.import} />
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}
