import { Trans, useLingui } from '@lingui/react/macro';
import { Link, type LinkProps } from '@tanstack/react-router';
import * as css from './folder-breadcrumb.css';

export interface FolderStep {
  id: string;
  name: string;
}

/** Library › folder › subfolder (the folder's `path`, root first): each step a link that opens that
 * folder (`linkOf(id)`, the library itself for `undefined`), the open folder marked as the current page.
 * Shared by the VOD library and VOD analytics, which link to their own page. */
export function FolderBreadcrumb({
  path,
  linkOf,
  testId,
}: {
  path: readonly FolderStep[];
  linkOf: (folderId: string | undefined) => LinkProps;
  testId?: string;
}) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Caminho da pasta`}>
      <ol className={css.crumbs} data-testid={testId}>
        <li className={css.crumb}>
          <Link
            {...linkOf(undefined)}
            className={css.crumbLink}
            aria-current={path.length === 0 ? 'page' : undefined}
          >
            <Trans>Biblioteca</Trans>
          </Link>
        </li>
        {path.map((step, i) => (
          <li key={step.id} className={css.crumb}>
            <span className={css.crumbSep} aria-hidden="true">
              /
            </span>
            <Link
              {...linkOf(step.id)}
              className={css.crumbLink}
              aria-current={i === path.length - 1 ? 'page' : undefined}
            >
              {step.name}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
