import { Trans, useLingui } from '@lingui/react/macro';
import * as layout from '@/components/ui/layout.css';
import { useSimulcast } from '../../api/get-simulcast';
import type { Stream } from '../../api/stream';
import { PROVIDER_NAMES, SIMULCAST_STATE_LABELS, simulcastFailureText } from '../../lib/simulcast';
import * as p from './panel.css';

/** Where the live also goes (the team's YouTube channel and Facebook Page, docs/integrations.md
 * "Simulcast"): one row per destination with its state, and why it failed. Nothing when the team
 * simulcasts nowhere. */
export function PanelSimulcast({ stream }: { stream: Pick<Stream, 'id' | 'status'> }) {
  const { i18n } = useLingui();
  const targets = useSimulcast(stream.id, stream.status);
  if (targets.length === 0) return null;
  return (
    <section className={layout.card} aria-labelledby="panel-simulcast-title">
      <h2 id="panel-simulcast-title" className={layout.cardTitle}>
        <Trans>Transmissão simultânea</Trans>
      </h2>
      <ul className={p.simulcastList} aria-live="polite">
        {targets.map((target) => {
          const provider = PROVIDER_NAMES[target.provider];
          return (
            <li key={target.id} className={p.signal} data-testid="simulcast-target" data-state={target.state}>
              <div className={p.rowHead}>
                <span className={p.simulcastName}>
                  <strong>{provider}</strong>
                  {target.name ? <span className={layout.muted}> · {target.name}</span> : null}
                </span>
                <span className={p.simulcastState} data-state={target.state}>
                  {i18n._(SIMULCAST_STATE_LABELS[target.state])}
                </span>
              </div>
              {target.state === 'failed' && target.reason ? (
                <p className={p.simulcastReason} role="alert">
                  {i18n._(simulcastFailureText(target.reason, target.provider))}
                </p>
              ) : null}
              {target.watchUrl && target.state !== 'waiting' ? (
                <a href={target.watchUrl} target="_blank" rel="noreferrer noopener" className={layout.link}>
                  <Trans>Assistir no {provider}</Trans>
                </a>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
