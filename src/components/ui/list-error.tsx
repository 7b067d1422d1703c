import { Trans, useLingui } from '@lingui/react/macro';
import { shortDateTime } from '@/lib/intl';
import { useOnline } from '@/lib/use-online';
import { Button } from './button';
import * as css from './list-error.css';

/** What a list's query tells this component: whether its last fetch failed, and when the data it still
 * holds was fetched (undefined: it holds none). */
export interface ListErrorProps {
  failed: boolean;
  updatedAt: number | undefined;
  onRetry: () => void;
  /** A refetch is under way: the button shows it. */
  retrying?: boolean;
  /** What the query holds: a list (the default), or the data of a page that is not a list (a settings
   * form, a usage panel): the texts say "os dados" instead of "a lista". */
  subject?: 'list' | 'data';
}

/** The state of a list page's query, from react-query's result. */
export function listQueryState(query: {
  isError: boolean;
  data: unknown;
  dataUpdatedAt: number;
  isFetching: boolean;
  refetch: () => unknown;
}): ListErrorProps {
  return {
    failed: query.isError,
    updatedAt: query.data !== undefined && query.dataUpdatedAt > 0 ? query.dataUpdatedAt : undefined,
    onRetry: () => void query.refetch(),
    retrying: query.isFetching,
  };
}

/** True when the list area shows the error state instead of rows or an empty state. */
export const listFailed = ({ failed, updatedAt }: Pick<ListErrorProps, 'failed' | 'updatedAt'>) =>
  failed && updatedAt === undefined;

/**
 * A list that could not be loaded never looks empty (docs/ui.md "Lists: states, paging, skeletons"). With no
 * data: an error state (or, offline, one saying so) with "Tentar novamente". With data kept from before (the
 * cache, persisted for offline use): a bar above it telling when that data is from. Renders nothing when the
 * list is fresh. The 5xx 'Ops' notification itself comes from the app's API error handling.
 */
export function ListError({ failed, updatedAt, onRetry, retrying, subject = 'list' }: ListErrorProps) {
  const list = subject === 'list';
  const { i18n } = useLingui();
  const online = useOnline();
  const hasData = updatedAt !== undefined;
  if (!failed && (online || !hasData)) return null;
  const retry = (
    <Button variant="secondary" onClick={onRetry} busy={retrying}>
      <Trans>Tentar novamente</Trans>
    </Button>
  );

  if (hasData) {
    const dataHora = shortDateTime(new Date(updatedAt), i18n.locale);
    return (
      <div className={css.note} role="status" data-testid="list-stale">
        <span>
          {!online ? null : list ? (
            <Trans>Não foi possível atualizar a lista. Exibindo dados de {dataHora}.</Trans>
          ) : (
            <Trans>Não foi possível atualizar os dados. Exibindo dados de {dataHora}.</Trans>
          )}
          {online ? null : <Trans>Você está offline. Exibindo dados de {dataHora}.</Trans>}
        </span>
        {online ? retry : null}
      </div>
    );
  }

  return (
    <div className={css.block} role="alert" data-testid="list-error">
      <StateIcon path={online ? ERROR_ICON : OFFLINE_ICON} />
      {online ? (
        <>
          <h2 className={css.title}>
            {list ? (
              <Trans>Não foi possível carregar a lista</Trans>
            ) : (
              <Trans>Não foi possível carregar os dados</Trans>
            )}
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
            {list ? (
              <Trans>
                Esta lista ainda não foi salva neste aparelho. Ela aparece quando a conexão voltar.
              </Trans>
            ) : (
              <Trans>
                Estes dados ainda não foram salvos neste aparelho. Eles aparecem quando a conexão voltar.
              </Trans>
            )}
          </p>
        </>
      )}
      {retry}
    </div>
  );
}

/** The pictures of a failed load: a circled exclamation mark, and a crossed-out signal when offline. */
export const ERROR_ICON = 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18Zm0 5v5m0 3.5v.01';
export const OFFLINE_ICON =
  'M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M12 19v.01M3 3l18 18';

/** The outlined 48 px picture above a list's state (error, offline, empty): one path drawn. */
export function StateIcon({ path }: { path: string }) {
  return (
    <svg
      className={css.icon}
      aria-hidden="true"
      width="48"
      height="48"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
    >
      <path d={path} />
    </svg>
  );
}
