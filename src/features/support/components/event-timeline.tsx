import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment, type ReactNode } from 'react';
import * as layout from '@/components/ui/layout.css';
import { numberFormat } from '@/lib/intl';
import type { PlayerEvent } from '../api/get-view';
import { clockTime, formatMs, formatPlayhead, sinceStart } from '../lib/format';
import { ERROR_EVENTS, EVENT_LABELS, labelOf } from '../lib/labels';
import * as css from './support.css';

const DASH = '—';

/** The player's events in time order (the server's order; equal times keep it). */
export const inOrder = (events: readonly PlayerEvent[]) =>
  [...events].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));

function useCells(event: PlayerEvent, startIso: string) {
  const { i18n } = useLingui();
  const kbps =
    event.bitrateKbps != null ? `${numberFormat(i18n.locale, {}).format(event.bitrateKbps)} kbps` : null;
  return {
    time: clockTime(event.at, i18n.locale),
    offset: sinceStart(event.at, startIso),
    label: labelOf(i18n, EVENT_LABELS, event.type),
    playhead: formatPlayhead(event.playhead),
    rendition: event.rendition ? [event.rendition, kbps].filter(Boolean).join(' · ') : null,
    rebuffer: formatMs(event.rebufferMs, i18n.locale),
    failed: ERROR_EVENTS.includes(event.type) || event.error !== null,
  };
}

function EventRow({ event, startIso }: { event: PlayerEvent; startIso: string }) {
  const c = useCells(event, startIso);
  return (
    <tr data-testid="support-event" data-type={event.type}>
      <td>
        <time dateTime={event.at}>{c.time}</time>
        {c.offset ? <div className={layout.muted}>{c.offset}</div> : null}
      </td>
      <td className={c.failed ? css.errorEvent : undefined} data-testid="support-event-label">
        {c.label}
      </td>
      <td>{c.playhead ?? DASH}</td>
      <td>{c.rendition ?? DASH}</td>
      <td className={event.error ? css.errorEvent : undefined}>{event.error ?? DASH}</td>
      <td>{c.rebuffer ?? DASH}</td>
    </tr>
  );
}

function EventCard({ event, startIso }: { event: PlayerEvent; startIso: string }) {
  const c = useCells(event, startIso);
  const details: { key: string; node: ReactNode; error?: boolean }[] = [];
  if (c.playhead) details.push({ key: 'playhead', node: <Trans>Posição {c.playhead}</Trans> });
  if (c.rendition) details.push({ key: 'rendition', node: <Trans>Qualidade {c.rendition}</Trans> });
  if (event.error) details.push({ key: 'error', node: <Trans>Erro {event.error}</Trans>, error: true });
  if (c.rebuffer) details.push({ key: 'rebuffer', node: <Trans>Rebuffering {c.rebuffer}</Trans> });
  return (
    <li className={css.eventCard} data-testid="support-event" data-type={event.type}>
      <span className={layout.muted}>
        <time dateTime={event.at}>{c.time}</time>
        {c.offset ? ` (${c.offset})` : null}
      </span>
      <span className={c.failed ? css.errorEvent : undefined} data-testid="support-event-label">
        {c.label}
      </span>
      {details.length > 0 ? (
        <span className={layout.muted}>
          {details.map((d, i) => (
            <Fragment key={d.key}>
              {i > 0 ? ' · ' : null}
              <span className={d.error ? css.errorEvent : undefined}>{d.node}</span>
            </Fragment>
          ))}
        </span>
      ) : null}
    </li>
  );
}

/** A view's timeline: a table with headers on a desktop, an ordered list on a phone. */
export function EventTimeline({
  events,
  startIso,
  mobile,
}: {
  events: readonly PlayerEvent[];
  startIso: string;
  mobile: boolean;
}) {
  const ordered = inOrder(events);
  if (ordered.length === 0) {
    return (
      <p className={layout.muted}>
        <Trans>Nenhum evento do player registrado nesta visualização.</Trans>
      </p>
    );
  }
  if (mobile) {
    return (
      <ol className={css.eventCards} aria-labelledby="support-events-title" data-testid="support-events">
        {ordered.map((e, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: events carry no id; the timeline only grows at its end.
          <EventCard key={`${e.at}-${e.type}-${i}`} event={e} startIso={startIso} />
        ))}
      </ol>
    );
  }
  return (
    <div className={css.scroll}>
      <table className={css.timeline} aria-labelledby="support-events-title" data-testid="support-events">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Hora</Trans>
            </th>
            <th scope="col">
              <Trans>Evento</Trans>
            </th>
            <th scope="col">
              <Trans>Posição</Trans>
            </th>
            <th scope="col">
              <Trans>Qualidade</Trans>
            </th>
            <th scope="col">
              <Trans>Erro</Trans>
            </th>
            <th scope="col">
              <Trans>Rebuffering</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {ordered.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: events carry no id; the timeline only grows at its end.
            <EventRow key={`${e.at}-${e.type}-${i}`} event={e} startIso={startIso} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
