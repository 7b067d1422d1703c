import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import * as css from '@/components/ui/admin-page.css';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListError, listQueryState } from '@/components/ui/list-error';
import { notify } from '@/components/ui/notify';
import { Skeleton } from '@/components/ui/skeleton';
import { failureText } from '@/lib/failure-text';
import { shortDateTime } from '@/lib/intl';
import { useDocumentTitle } from '@/lib/use-document-title';
import { type ApiKey, useApiKeys, useRevokeApiKey } from '../api/api-keys';
import { CreateKeyDialog } from './create-key-dialog';

/** /api-keys: the team's API keys (docs/api-keys.md), and the way to the API reference (/docs). */
export function ApiKeysPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Chaves de API`);
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey>();
  const [error, setError] = useState<string>();
  const when = (iso: string) => shortDateTime(new Date(iso), i18n.locale);
  const revokingName = revoking?.name ?? '';

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        notify('success', t`Chave revogada`, revoking.name);
        setRevoking(undefined);
      },
      onError: (e) => setError(failureText(e, t`Não foi possível revogar a chave. Tente novamente`)),
    });
  };

  return (
    <div className={css.page}>
      <div className={css.header}>
        <h1 className={css.title}>
          <Trans>Chaves de API</Trans>
        </h1>
        <Button type="button" onClick={() => setCreating(true)}>
          <Trans>Nova chave</Trans>
        </Button>
      </div>
      <p className={css.muted}>
        <Trans>
          Integrações chamam a API com <code className={css.code}>Authorization: Bearer &lt;chave&gt;</code>.
        </Trans>{' '}
        <a href="/docs" target="_blank" rel="noopener">
          <Trans>Referência da API</Trans>
        </a>
      </p>
      <ListError {...listQueryState(keys)} />
      {keys.data === undefined ? (
        keys.isError ? null : (
          <div className={css.list} aria-busy="true">
            <div className={css.row}>
              <Skeleton height="1.2em" />
            </div>
          </div>
        )
      ) : keys.data.length === 0 ? (
        <p className={css.empty}>
          <Trans>Nenhuma chave criada nesta equipe.</Trans>
        </p>
      ) : (
        <ul className={css.list}>
          {keys.data.map((key) => (
            <li key={key.id} className={css.row} data-testid="api-key">
              <span className={css.cell}>
                <span className={css.name}>{key.name}</span>
                <span className={css.code}>{key.prefix}…</span>
              </span>
              <span className={css.muted}>
                {key.lastUsedAt ? (
                  <Trans>Último uso: {when(key.lastUsedAt)}</Trans>
                ) : (
                  <Trans>Nunca usada</Trans>
                )}
              </span>
              <span className={css.muted}>
                {key.expired ? <Trans>Expirada</Trans> : <Trans>Expira em {when(key.expiresAt)}</Trans>}
              </span>
              <span className={css.actions}>
                <button
                  type="button"
                  className={css.dangerLink}
                  onClick={() => {
                    setError(undefined);
                    setRevoking(key);
                  }}
                >
                  <Trans>Revogar</Trans>
                  <span className={css.visuallyHidden}> {key.name}</span>
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <CreateKeyDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={revoking !== undefined}
        onOpenChange={(open) => (open ? undefined : setRevoking(undefined))}
        title={<Trans>Revogar a chave {revokingName}?</Trans>}
        description={
          <Trans>As integrações que usam esta chave deixam de funcionar na próxima chamada.</Trans>
        }
        confirmLabel={<Trans>Revogar</Trans>}
        cancelLabel={<Trans>Cancelar</Trans>}
        closeLabel={t`Fechar`}
        tone="danger"
        busy={revoke.isPending}
        error={error}
        onConfirm={confirmRevoke}
      />
    </div>
  );
}
