import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PasswordField } from '@/components/ui/field';
import { notify } from '@/components/ui/notify';
import { Tabs } from '@/components/ui/tabs';
import { failureText, serverReason } from '@/lib/failure-text';
import { useConnectTencent } from '../api/tencent-connect';
import * as css from './integrations.css';

export interface TencentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConnected: () => void;
}

/** The field a 400 of the connect call names (`secretKey` for a pair Tencent refused). */
function fieldOf(error: unknown): string | null {
  const data = (error as { data?: unknown } | null)?.data;
  if (data && typeof data === 'object' && 'field' in data && typeof data.field === 'string')
    return data.field;
  return null;
}

/** SPEC §2.4 Tencent modal: the VoD tab (active) and the COS tab (disabled); secretId and secretKey,
 * both required, each with show/hide; 'Integrar' disabled until both are filled. */
export function TencentDialog({ open, onOpenChange, onConnected }: TencentDialogProps) {
  const { t } = useLingui();
  const connect = useConnectTencent();
  const [secretId, setSecretId] = useState('');
  const [secretKey, setSecretKey] = useState('');
  const [error, setError] = useState<{ field: string | null; text: string }>();
  const filled = secretId.trim() !== '' && secretKey.trim() !== '';

  const close = (next: boolean) => {
    if (connect.isPending) return;
    if (!next) {
      setSecretId('');
      setSecretKey('');
      setError(undefined);
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!filled) return;
    setError(undefined);
    connect.mutate(
      { secretId: secretId.trim(), secretKey: secretKey.trim() },
      {
        onSuccess: () => {
          setSecretId('');
          setSecretKey('');
          onConnected();
        },
        onError: (e) => {
          const status = (e as { status?: number }).status ?? 0;
          if (status >= 400 && status < 500) {
            // A refused pair is the form's error, on the field the server names.
            setError({ field: fieldOf(e), text: failureText(e, t`Erro ao efetuar integração.`) });
          } else {
            // The server's reason when it gave one ("could not reach Tencent Cloud, try again"), in the
            // form as well as the toast: the generic text hides that the keys may be right
            // (docs/ui.md "Server reasons on 5xx").
            const reason = serverReason(e);
            if (reason) setError({ field: null, text: reason });
            notify('error', t`Erro ao efetuar integração.`, reason);
          }
        },
      },
    );
  };

  const label = (text: string) => (
    <>
      {text}
      <span className={css.required} aria-hidden="true">
        *
      </span>
    </>
  );

  return (
    <Dialog open={open} onOpenChange={close} title="Tencent Cloud" closeLabel={t`Fechar`}>
      <Tabs
        label={t`Serviço do Tencent Cloud`}
        tabs={[
          { value: 'vod', label: 'VoD' },
          { value: 'cos', label: 'COS', disabled: true },
        ]}
        value="vod"
        onValueChange={() => undefined}
      >
        <form className={css.form} onSubmit={submit} noValidate>
          <PasswordField
            name="secretId"
            label={label('secretId')}
            required
            autoComplete="off"
            value={secretId}
            onChange={(e) => setSecretId(e.target.value)}
            error={error?.field === 'secretId' ? error.text : undefined}
          />
          <PasswordField
            name="secretKey"
            label={label('secretKey')}
            required
            autoComplete="off"
            value={secretKey}
            onChange={(e) => setSecretKey(e.target.value)}
            error={error?.field === 'secretKey' ? error.text : undefined}
          />
          {error && error.field !== 'secretId' && error.field !== 'secretKey' ? (
            <Alert>{error.text}</Alert>
          ) : null}
          <div className={css.actions}>
            <Button type="submit" disabled={!filled} busy={connect.isPending}>
              <Trans>Integrar</Trans>
            </Button>
          </div>
        </form>
      </Tabs>
    </Dialog>
  );
}
