import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import * as layout from '@/components/ui/layout.css';
import { ListError, listFailed, listQueryState } from '@/components/ui/list-error';
import { Skeleton } from '@/components/ui/skeleton';
import { usePollWhileDisconnected } from '@/lib/realtime/use-realtime';
import { useDocumentTitle } from '@/lib/use-document-title';
import { wallQueryOptions } from '../../api/list-wall';
import * as s from '../streaming.css';
import * as css from './wall.css';
import { WallTile } from './wall-tile';

/** How often the wall re-reads its lives while the account's events do not arrive. */
const POLL_MS = 5_000;
/** Health figures age out (src/features/streaming/realtime/health.ts): the wall looks again this often. */
const TICK_MS = 5_000;

/** `/broadcast`, the monitoring wall (docs/routes.md): every live of the team that is publishing or scheduled
 * soon, one tile each. `focus` (the stream menu's 'Monitoramento') scrolls to that live's tile and marks it.
 * */
export function WallPage({ focus }: { focus?: string }) {
  const { t } = useLingui();
  useDocumentTitle(t`Broadcast`);
  const refetchInterval = usePollWhileDisconnected(POLL_MS);
  const lives = useQuery({ ...wallQueryOptions(), refetchInterval });
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const loaded = lives.data !== undefined;
  const state = listQueryState(lives);
  useEffect(() => {
    if (!focus || !loaded) return;
    // The router restores the page's scroll once the route has rendered, which under React is after
    // this effect: scroll on the next frame, past that restoration.
    const frame = requestAnimationFrame(() =>
      document.getElementById(`live-${focus}`)?.scrollIntoView({ block: 'start' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [focus, loaded]);

  return (
    <section className={layout.page} aria-labelledby="wall-title">
      <div>
        <h1 id="wall-title" className={layout.pageTitle}>
          <Trans>Broadcast</Trans>
        </h1>
        <p className={s.subtitle}>
          <Trans>Transmissões ao vivo, pausadas e agendadas para as próximas 12 horas.</Trans>
        </p>
      </div>
      <ListError {...state} />
      {listFailed(state) ? null : !loaded ? (
        <div aria-busy="true">
          <Skeleton height="240px" />
        </div>
      ) : lives.data.length === 0 ? (
        <p className={css.empty}>
          <Trans>Nenhuma transmissão ao vivo ou agendada para as próximas horas.</Trans>
        </p>
      ) : (
        <ul className={css.grid} aria-label={t`Transmissões monitoradas`}>
          {lives.data.map((stream) => (
            <WallTile key={stream.id} stream={stream} focused={stream.id === focus} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}
