import { Trans } from '@lingui/react/macro';
import type { Summary } from '../api/get-summary';
import { safeHttpUrl } from '../lib/chart-data';
import * as css from './analytics.css';

/** The credits the geo and network databases' licences require (docs/analytics.md "API"), under the
 * figures they fed: places, states, network providers. */
export function Attributions({ items }: { items: Summary['attributions'] }) {
  if (!items || items.length === 0) return null;
  return (
    <p className={css.attributions} data-testid="analytics-attributions">
      <span>
        <Trans>Fontes:</Trans>
      </span>
      {items.map((item) => {
        const href = safeHttpUrl(item.url);
        return href ? (
          <a
            key={`${item.text}-${item.url}`}
            className={css.attributionLink}
            href={href}
            target="_blank"
            rel="noopener noreferrer"
          >
            {item.text}
          </a>
        ) : (
          <span key={`${item.text}-${item.url}`}>{item.text}</span>
        );
      })}
    </p>
  );
}
