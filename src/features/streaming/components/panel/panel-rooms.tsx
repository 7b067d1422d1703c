import { Trans, useLingui } from '@lingui/react/macro';
import { CopyButton, EmbedLinks } from '@/components/embed/embed-links';
import * as layout from '@/components/ui/layout.css';
import { usePublicUrl } from '@/lib/public-url';
import { useCopy } from '@/lib/use-copy';
import { useGuestLink } from '../../api/guest-link';
import { useIngestUrl, useWhipUrl } from '../../api/ingest';
import type { Stream } from '../../api/stream';
import { guestUrl, playerUrl, spectatorUrl, studioUrl } from '../../lib/links';
import { CopyIcon } from '../icons';
import * as css from '../streaming.css';
import * as p from './panel.css';

/** Where viewers watch (spectator room, embed) and where the host streams (studio room, guest link,
 * or the RTMP server for an encoder). */
export function PanelRooms({ stream }: { stream: Stream }) {
  const { t } = useLingui();
  const spectator = spectatorUrl(window.location.origin, stream.id);
  const publicUrl = usePublicUrl();
  const player = playerUrl(publicUrl, stream.id);
  const studio = studioUrl(window.location.origin, stream.id);
  return (
    <>
      <section className={layout.card} aria-labelledby="panel-spectator-title">
        <h2 id="panel-spectator-title" className={layout.cardTitle}>
          <Trans>Sala do espectador</Trans>
        </h2>
        <div className={p.linkRow}>
          <a href={spectator} target="_blank" rel="noopener noreferrer" className={layout.link}>
            <Trans>Abrir a sala do espectador</Trans>
          </a>
          <CopyButton
            text={spectator}
            success={t`Link da sala copiado`}
            label={t`Copiar link da sala do espectador`}
          />
        </div>
        <EmbedLinks player={player} title={stream.nome} />
      </section>

      <section className={layout.card} aria-labelledby="panel-room-title">
        <h2 id="panel-room-title" className={layout.cardTitle}>
          <Trans>Sala de transmissão</Trans>
        </h2>
        {stream.type === 'studio' ? (
          <>
            <div className={p.linkRow}>
              <a href={studio} target="_blank" rel="noopener noreferrer" className={layout.link}>
                <Trans>Entrar no estúdio</Trans>
              </a>
            </div>
            <GuestLinkRow liveId={stream.id} />
          </>
        ) : (
          <>
            <p className={layout.muted}>
              <Trans>Configure o seu encoder (OBS, vMix…) com o servidor abaixo e a chave de um sinal.</Trans>
            </p>
            <IngestServer />
          </>
        )}
      </section>
    </>
  );
}

/** 'Copiar link de convidado': the server makes (or hands out again) the signed guest link, then it is copied. */
function GuestLinkRow({ liveId }: { liveId: string }) {
  const { t } = useLingui();
  const copy = useCopy();
  const link = useGuestLink(liveId);
  return (
    <div className={p.linkRow}>
      <span>
        <Trans>Link de convidado</Trans>
      </span>
      <button
        type="button"
        className={css.iconButton}
        aria-label={t`Copiar link de convidado`}
        disabled={link.isPending}
        onClick={() =>
          link.mutate(undefined, {
            onSuccess: (made) =>
              void copy(guestUrl(window.location.origin, made.path), t`Link de convidado copiado`),
          })
        }
      >
        <CopyIcon />
      </button>
    </div>
  );
}

/** The RTMP server to configure in the encoder, and the WHIP endpoint (OBS 30+: service WHIP, the
 * signal key as Bearer token), as the running API server tells them. */
function IngestServer() {
  const { t } = useLingui();
  const ingestUrl = useIngestUrl();
  const whipUrl = useWhipUrl();
  if (ingestUrl === null)
    return (
      <p className={layout.muted}>
        <Trans>Este servidor não recebe sinais RTMP (ingest desativado).</Trans>
      </p>
    );
  return (
    <>
      <div className={p.linkRow}>
        <code className={css.code} data-testid="ingest-url">
          {ingestUrl ?? '…'}
        </code>
        {ingestUrl ? (
          <CopyButton text={ingestUrl} success={t`Servidor copiado`} label={t`Copiar servidor RTMP`} />
        ) : null}
      </div>
      {whipUrl ? (
        <div className={p.linkRow}>
          <span>
            <Trans>WHIP (OBS 30+, token Bearer: a chave do sinal)</Trans>
          </span>
          <code className={css.code} data-testid="whip-url">
            {whipUrl}
          </code>
          <CopyButton text={whipUrl} success={t`URL WHIP copiada`} label={t`Copiar URL WHIP`} />
        </div>
      ) : null}
    </>
  );
}
