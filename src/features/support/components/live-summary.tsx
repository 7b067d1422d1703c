import { Trans } from '@lingui/react/macro';
import * as layout from '@/components/ui/layout.css';
import { Skeleton } from '@/components/ui/skeleton';
import type { SupportLive } from '../api/get-live-details';
import { LiveStatus } from './status-pill';
import * as css from './support.css';

/** The live the page is about: thumbnail, title, status. */
export function LiveSummary({ live }: { live: SupportLive | undefined }) {
  if (!live) {
    return (
      <section className={layout.card} aria-busy="true">
        <p role="status" className={layout.visuallyHidden}>
          <Trans>Carregando transmissão…</Trans>
        </p>
        <div className={css.live}>
          <Skeleton width="160px" height="90px" />
          <div className={css.liveText}>
            <Skeleton width="240px" height="1.4em" />
            <Skeleton width="80px" />
          </div>
        </div>
      </section>
    );
  }
  return (
    <section className={layout.card} aria-labelledby="support-live-title" data-testid="support-live">
      <div className={css.live}>
        {live.thumbnail ? (
          <img src={live.thumbnail} alt="" className={css.liveThumb} loading="lazy" />
        ) : (
          <span className={css.liveThumb} aria-hidden="true" />
        )}
        <div className={css.liveText}>
          <p className={layout.muted}>
            <Trans>Transmissão</Trans>
          </p>
          <h2 id="support-live-title" className={css.liveTitle}>
            {live.title}
          </h2>
          <LiveStatus status={live.status} />
        </div>
      </div>
    </section>
  );
}

/** The live could not be read and nothing is kept: the server's own words (SPEC §8: "Can't find
 * Eventos with id: {id}" for a live that is not the team's). */
export function LiveError({ message }: { message: string }) {
  return (
    <section className={layout.card} role="alert" data-testid="support-live-error">
      <h2 className={layout.cardTitle}>
        <Trans>Não foi possível carregar a transmissão</Trans>
      </h2>
      <p className={layout.muted}>{message}</p>
    </section>
  );
}
