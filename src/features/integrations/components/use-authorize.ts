import { useLingui } from '@lingui/react/macro';
import { type FetchQueryOptions, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '@/components/ui/notify';
import { failureText } from '@/lib/failure-text';
import { type OAuthProvider, startOAuth } from '../api/oauth-start';
import { authorizeInPopup, PopupBlockedError } from '../lib/popup';

export interface AuthorizeRequest<T> {
  provider: OAuthProvider;
  /** The status query the poll reads (always fetched afresh). */
  status: FetchQueryOptions<T, Error, T, unknown[]>;
  /** True once the status shows the connection this popup was opened for. */
  done: (status: T) => boolean;
}

/** SPEC §4 authorisation: the popup (Facebook's smaller, polled every second), polled until the status
 * shows the connection or the popup is closed. Resolves true on success; every failure is told as the
 * spec's 'Erro ao efetuar integração.' with the reason underneath. */
export function useAuthorize() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<OAuthProvider | null>(null);

  async function authorize<T>({ provider, status, done }: AuthorizeRequest<T>): Promise<boolean> {
    setPending(provider);
    try {
      const outcome = await authorizeInPopup({
        kind: provider === 'facebook' ? 'facebook' : 'oauth',
        url: () => startOAuth(provider),
        authorized: async () =>
          done(
            await queryClient.fetchQuery({
              queryKey: status.queryKey,
              queryFn: status.queryFn,
              staleTime: 0,
            }),
          ),
        screen: window.screen,
      });
      if (!outcome.authorized)
        notify(
          'error',
          t`Erro ao efetuar integração.`,
          outcome.reason ?? t`A autorização foi negada ou a janela foi fechada antes de terminar.`,
        );
      await queryClient.invalidateQueries({ queryKey: status.queryKey });
      return outcome.authorized;
    } catch (error) {
      notify(
        'error',
        t`Erro ao efetuar integração.`,
        error instanceof PopupBlockedError
          ? t`O navegador bloqueou a janela de autorização. Permita pop-ups para este site e tente de novo.`
          : failureText(error, t`Não foi possível iniciar a autorização. Tente novamente`),
      );
      return false;
    } finally {
      setPending(null);
    }
  }

  return { authorize, pending };
}
