import { Trans } from '@lingui/react/macro';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { buttonClass } from '@/components/ui/button';
import * as layout from '@/components/ui/layout.css';
import { ERROR_ICON, OFFLINE_ICON, StateIcon } from '@/components/ui/list-error';
import * as css from '@/components/ui/list-error.css';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useOnline } from '@/lib/use-online';

export interface PageLoadErrorProps extends ErrorComponentProps {
  /** The page's own title (the tab title and the heading). */
  title: string;
  /** What the page needs the connection for, said when it is offline. */
  offlineText?: ReactNode;
}

/**
 * A shell page whose loader could not get what the page needs (docs/routes.md "Offline"): said inside the
 * shell, never with the whole-app error page (the menu stays, to go elsewhere). Offline it says the page
 * needs a connection (and why, when the page tells), and tries again by itself when the connection is back;
 * online it offers a retry.
 */
export function PageLoadError({ title, offlineText, reset }: PageLoadErrorProps) {
  const router = useRouter();
  const online = useOnline();
  useDocumentTitle(title);
  const retry = () => {
    reset();
    void router.invalidate();
  };
  // Back online: load the page again (once per return of the connection).
  const wasOnline = useRef(online);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the connection's return is the trigger.
  useEffect(() => {
    if (online && !wasOnline.current) retry();
    wasOnline.current = online;
  }, [online]);

  return (
    <section className={layout.page} aria-labelledby="page-load-error-title">
      <h1 id="page-load-error-title" className={layout.pageTitle}>
        {title}
      </h1>
      <div className={css.block} role="alert" data-testid="page-load-error">
        <StateIcon path={online ? ERROR_ICON : OFFLINE_ICON} />
        {online ? (
          <>
            <h2 className={css.title}>
              <Trans>Não foi possível abrir esta página</Trans>
            </h2>
            <p className={css.text}>
              <Trans>Aconteceu um erro ao buscar os dados. Tente novamente em instantes.</Trans>
            </p>
          </>
        ) : (
          <>
            <h2 className={css.title}>
              <Trans>Você está offline</Trans>
            </h2>
            <p className={css.text}>
              {offlineText ?? (
                <Trans>
                  Esta página ainda não foi salva neste aparelho. Ela abre quando a conexão voltar.
                </Trans>
              )}
            </p>
          </>
        )}
        <div className={layout.actions}>
          <button type="button" className={buttonClass('secondary')} onClick={retry}>
            <Trans>Tentar novamente</Trans>
          </button>
        </div>
      </div>
    </section>
  );
}
