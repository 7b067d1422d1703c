import { Trans, useLingui } from '@lingui/react/macro';
import { useBlocker } from '@tanstack/react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useOpenedOnce } from '@/components/ui/use-opened-once';

/**
 * Asks before a wizard with unsaved changes is left — "Cancelar", the back link, the side menu, the
 * browser's back button: every way out goes through the router. Nothing typed: it leaves at once. The
 * app's own move to the login page (the session ended) is not held up.
 */
export function DiscardGuard({ dirty }: { dirty: () => boolean }) {
  const { t } = useLingui();
  const blocker = useBlocker({
    shouldBlockFn: ({ next }) => !next.pathname.startsWith('/auth/') && dirty(),
    withResolver: true,
  });
  const open = blocker.status === 'blocked';
  const mounted = useOpenedOnce(open);
  if (!mounted) return null;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) blocker.reset?.();
      }}
      title={<Trans>Descartar alterações?</Trans>}
      description={<Trans>O que você preencheu nesta transmissão será perdido.</Trans>}
      confirmLabel={<Trans>Descartar</Trans>}
      cancelLabel={<Trans>Continuar editando</Trans>}
      closeLabel={t`Fechar`}
      tone="danger"
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
