import { Trans, useLingui } from '@lingui/react/macro';
import * as css from '@/components/ui/admin-page.css';
import { ListError, listQueryState } from '@/components/ui/list-error';
import { Skeleton } from '@/components/ui/skeleton';
import { capitalize } from '@/lib/text';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePermissionCatalog } from '../api/list-permissions';

/** /permissions (showPermissions): every permission, what it opens and which roles hold it. */
export function PermissionsPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Permissões`);
  const catalog = usePermissionCatalog(i18n.locale);
  return (
    <div className={css.page}>
      <h1 className={css.title}>
        <Trans>Permissões</Trans>
      </h1>
      <ListError {...listQueryState(catalog)} />
      {catalog.data === undefined ? (
        catalog.isError ? null : (
          <Skeleton height="4em" />
        )
      ) : (
        <ul className={css.list}>
          {catalog.data.map((entry) => (
            <li key={entry.permission} className={css.row} data-testid="permission">
              <span className={css.cell}>
                <span className={`${css.name} ${css.code}`}>{entry.permission}</span>
                <span className={css.muted}>{entry.description}</span>
              </span>
              <span className={css.cell}>
                {entry.opens.map((path) => (
                  <span key={path} className={css.code}>
                    {path}
                  </span>
                ))}
              </span>
              <span className={css.cell} style={{ gridColumn: 'span 2' }}>
                {entry.roles.length === 0 ? (
                  <span className={css.muted}>
                    <Trans>Nenhum cargo</Trans>
                  </span>
                ) : (
                  entry.roles.map((r) => (
                    <span key={r.id} className={css.muted}>
                      {capitalize(r.name, i18n.locale)} · {r.team.name} · {r.client.name}
                    </span>
                  ))
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
