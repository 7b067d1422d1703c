import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef } from 'react';
import { Alert } from '@/components/ui/alert';
import * as layout from '@/components/ui/layout.css';
import { ListError, listFailed, listQueryState } from '@/components/ui/list-error';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import type { ViewDetail as Detail, useView } from '../api/get-view';
import type { View } from '../api/view';
import { countryName, formatMs, startedAt } from '../lib/format';
import { DEVICE_LABELS, labelOf } from '../lib/labels';
import { EventTimeline } from './event-timeline';
import { ViewStatus } from './status-pill';
import * as css from './support.css';

const DASH = '—';

/** A term and its value; `testId` names the value for tests. */
function Fact({ term, value, testId }: { term: ReactNode; value: ReactNode; testId?: string }) {
  return (
    <>
      <dt>{term}</dt>
      <dd data-testid={testId}>{value ?? DASH}</dd>
    </>
  );
}

/** The viewer's views of this live, newest first; each opens in the detail. */
function ServiceHistory({
  liveId,
  views,
  currentId,
}: {
  liveId: string;
  views: readonly View[];
  currentId: string;
}) {
  const { i18n } = useLingui();
  return (
    <ol className={css.history} aria-labelledby="support-history-title" data-testid="support-history">
      {views.map((v) => {
        const when = startedAt(v.startedAt, i18n.locale);
        const current = v.id === currentId;
        return (
          <li key={v.id} className={current ? css.historyCurrent : css.historyItem}>
            {current ? (
              <span aria-current="true">
                {when}{' '}
                <span className={layout.muted}>
                  <Trans>(aberta)</Trans>
                </span>
              </span>
            ) : (
              <Link
                to="/atendimento/$liveId"
                params={{ liveId }}
                search={(prev) => ({ ...prev, view: v.id })}
                resetScroll={false}
                className={layout.link}
              >
                {when}
              </Link>
            )}
            <ViewStatus status={v.status} />
          </li>
        );
      })}
    </ol>
  );
}

function DetailBody({ liveId, detail, mobile }: { liveId: string; detail: Detail; mobile: boolean }) {
  const { i18n } = useLingui();
  const { view, tech_info: tech, geo_info: geo } = detail;
  const ms = (value: number | null) => formatMs(value, i18n.locale);
  return (
    <>
      <dl className={css.facts}>
        <Fact term={<Trans>Status</Trans>} value={<ViewStatus status={view.status} />} />
        <Fact term={<Trans>Começou</Trans>} value={startedAt(view.startedAt, i18n.locale)} />
        <Fact
          term={<Trans>Terminou</Trans>}
          value={view.endedAt ? startedAt(view.endedAt, i18n.locale) : <Trans>Em andamento</Trans>}
        />
        <Fact term={<Trans>Tempo de início</Trans>} value={ms(view.startupMs)} />
        <Fact term={<Trans>Tempo assistido</Trans>} value={ms(view.watchMs)} />
        <Fact term={<Trans>Rebuffering</Trans>} value={view.rebufferCount > 0 ? ms(view.rebufferMs) : DASH} />
        <Fact term={<Trans>Erro</Trans>} value={view.error} testId="support-error" />
        <Fact term={<Trans>CDN</Trans>} value={view.cdn} />
      </dl>
      <div className={css.factGroups}>
        <section aria-labelledby="support-tech-title">
          <h3 id="support-tech-title" className={css.subTitle}>
            <Trans>Aparelho e conexão</Trans>
          </h3>
          <dl className={css.facts}>
            <Fact
              term={<Trans>Dispositivo</Trans>}
              value={tech.device ? labelOf(i18n, DEVICE_LABELS, tech.device) : null}
              testId="support-device"
            />
            <Fact term={<Trans>Sistema operacional</Trans>} value={tech.os} testId="support-os" />
            <Fact term={<Trans>Navegador ou app</Trans>} value={tech.app} testId="support-app" />
            <Fact
              term={<Trans>Provedor de internet</Trans>}
              value={tech.network_provider}
              testId="support-provider"
            />
          </dl>
        </section>
        <section aria-labelledby="support-geo-title">
          <h3 id="support-geo-title" className={css.subTitle}>
            <Trans>Localização</Trans>
          </h3>
          <dl className={css.facts}>
            <Fact
              term={<Trans>País</Trans>}
              value={countryName(geo.country, i18n.locale)}
              testId="support-country"
            />
            <Fact term={<Trans>Estado</Trans>} value={geo.state} testId="support-state" />
            <Fact term={<Trans>Cidade</Trans>} value={geo.city} testId="support-city" />
          </dl>
        </section>
      </div>
      <section aria-labelledby="support-history-title">
        <h3 id="support-history-title" className={css.subTitle}>
          <Trans>Histórico do espectador nesta transmissão</Trans>
        </h3>
        <ServiceHistory liveId={liveId} views={detail.service_history} currentId={view.id} />
      </section>
      <section aria-labelledby="support-events-title">
        <h3 id="support-events-title" className={css.subTitle}>
          <Trans>Eventos do player</Trans>
        </h3>
        <EventTimeline events={detail.player_events} startIso={view.startedAt} mobile={mobile} />
      </section>
    </>
  );
}

/**
 * One view (SPEC §3 Live telemetry): its status and times, the viewer's device and place, their other
 * views of the live and the player's events in order. When another view is opened the heading takes
 * the focus (and scrolls into sight), so a keyboard or screen-reader user lands on what they chose.
 */
export function ViewDetail({
  liveId,
  viewId,
  viewerId,
  query,
  mobile,
}: {
  liveId: string;
  viewId: string;
  /** From the list row, while the detail loads. */
  viewerId: string | undefined;
  query: ReturnType<typeof useView>;
  mobile: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(viewId);
  useEffect(() => {
    if (shown.current === viewId) return;
    shown.current = viewId;
    heading.current?.focus();
  }, [viewId]);
  const detail = query.data?.view.id === viewId ? query.data : undefined;
  const state = listQueryState(query);
  // A view that is not the team's, or no longer kept: the server's words ('Visualização não encontrada').
  const missing = query.error instanceof ApiError && query.error.status === 404 && !detail;
  const who = detail?.view.viewerId ?? viewerId;

  return (
    <section className={layout.card} aria-labelledby="support-view-title" data-testid="support-view">
      <h2 id="support-view-title" ref={heading} tabIndex={-1} className={layout.cardTitle}>
        {who ? <Trans>Visualização de {who}</Trans> : <Trans>Visualização</Trans>}
      </h2>
      {missing ? <Alert>{query.error?.message}</Alert> : <ListError {...state} />}
      {detail ? (
        <DetailBody liveId={liveId} detail={detail} mobile={mobile} />
      ) : missing || listFailed(state) ? null : (
        <div aria-busy="true">
          <p role="status" className={layout.visuallyHidden}>
            <Trans>Carregando visualização…</Trans>
          </p>
          <Skeleton height="1.2em" />
          <Skeleton height="1.2em" width="70%" />
          <Skeleton height="1.2em" width="50%" />
        </div>
      )}
    </section>
  );
}
