import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { VodAnalytics } from '../api/get-vod-analytics';
import { type Period, searchOf } from '../lib/search';
import * as css from './vod-analytics.css';

/** Library › folder › subfolder, from the answer's `path`: each step opens that folder over the same
 * period, the open folder marked as the current page. */
export function Breadcrumb({ path, period }: { path: VodAnalytics['path']; period: Period }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Caminho da pasta`}>
      <ol className={css.crumbs} data-testid="vod-analytics-path">
        <li className={css.crumb}>
          <Link
            to="/analytics/vod"
            search={searchOf(undefined, period)}
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
              to="/analytics/vod"
              search={searchOf(step.id, period)}
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
