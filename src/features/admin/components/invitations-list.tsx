import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import * as css from '@/components/ui/admin-page.css';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/components/ui/notify';
import { failureText } from '@/lib/failure-text';
import { shortDateTime } from '@/lib/intl';
import { capitalize } from '@/lib/text';
import { useCancelInvitation } from '../api/cancel-invitation';
import type { PendingInvitation } from '../api/list-users';
import { useResendInvitation } from '../api/resend-invitation';

/** The team's open invitations: resend (a new link) or cancel. */
export function InvitationsList({ invitations }: { invitations: PendingInvitation[] }) {
  const { t, i18n } = useLingui();
  const resend = useResendInvitation();
  const cancel = useCancelInvitation();
  const [cancelling, setCancelling] = useState<PendingInvitation>();
  const [error, setError] = useState<string>();
  if (invitations.length === 0) return null;
  const cancellingEmail = cancelling?.email ?? '';

  const onResend = (invitation: PendingInvitation) =>
    resend.mutate(invitation.id, {
      onSuccess: () => notify('success', t`Convite reenviado`, invitation.email),
      onError: (e) =>
        notify('error', failureText(e, t`Não foi possível reenviar o convite. Tente novamente`)),
    });

  const confirmCancel = () => {
    if (!cancelling) return;
    const email = cancelling.email;
    cancel.mutate(cancelling.id, {
      onSuccess: () => {
        setCancelling(undefined);
        notify('success', t`Convite cancelado`, email);
      },
      onError: (e) => setError(failureText(e, t`Não foi possível cancelar o convite. Tente novamente`)),
    });
  };

  return (
    <section className={css.page} aria-labelledby="invitations-title">
      <h2 id="invitations-title" className={css.sectionTitle}>
        <Trans>Convites pendentes</Trans>
      </h2>
      <ul className={css.list}>
        {invitations.map((i) => {
          const until = shortDateTime(new Date(i.expiresAt), i18n.locale);
          return (
            <li key={i.id} className={css.row} data-testid="invitation">
              <span className={css.cell}>
                <span className={css.name}>{i.email}</span>
                {i.invitedBy ? (
                  <span className={css.muted}>
                    <Trans>Convidado por {i.invitedBy}</Trans>
                  </span>
                ) : null}
              </span>
              <span className={css.cell}>{capitalize(i.role.name, i18n.locale)}</span>
              <span className={css.muted}>
                {i.expired ? <Trans>Expirado</Trans> : <Trans>Vale até {until}</Trans>}
              </span>
              <span className={css.actions}>
                <button type="button" className={css.linkButton} onClick={() => onResend(i)}>
                  <Trans>Reenviar</Trans>
                  <span className={css.visuallyHidden}> {i.email}</span>
                </button>
                <button
                  type="button"
                  className={css.dangerLink}
                  onClick={() => {
                    setError(undefined);
                    setCancelling(i);
                  }}
                >
                  <Trans>Cancelar convite</Trans>
                  <span className={css.visuallyHidden}> {i.email}</span>
                </button>
              </span>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={cancelling !== undefined}
        onOpenChange={(open) => (open ? undefined : setCancelling(undefined))}
        title={<Trans>Cancelar o convite?</Trans>}
        description={<Trans>O link enviado para {cancellingEmail} deixará de funcionar.</Trans>}
        confirmLabel={<Trans>Cancelar convite</Trans>}
        cancelLabel={<Trans>Voltar</Trans>}
        closeLabel={t`Fechar`}
        tone="danger"
        busy={cancel.isPending}
        error={error}
        onConfirm={confirmCancel}
      />
    </section>
  );
}
