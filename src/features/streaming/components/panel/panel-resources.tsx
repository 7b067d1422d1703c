import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import * as layout from '@/components/ui/layout.css';
import type { Stream } from '../../api/stream';
import { BANNER_KINDS } from '../../lib/images';
import { regionName } from '../../lib/regions';
import { BANNER_LABELS } from '../event-step';
import * as css from '../streaming.css';
import * as p from './panel.css';

/** Resources of the stream: banners, studio background and settings, authorized domains, geoblock, ads, analytics. */
export function PanelResources({ stream }: { stream: Stream }) {
  const { t, i18n } = useLingui();
  const yes = (on: boolean) => (on ? t`Ativado` : t`Desativado`);
  const geo = stream.security;
  return (
    <section className={layout.card} aria-labelledby="panel-resources-title">
      <div className={layout.pageHeader}>
        <h2 id="panel-resources-title" className={layout.cardTitle}>
          <Trans>Recursos</Trans>
        </h2>
        <Link to="/streaming/$liveId/edit" params={{ liveId: stream.id }} className={layout.link}>
          <Trans>Editar recursos</Trans>
        </Link>
      </div>
      <div className={p.thumbs}>
        {BANNER_KINDS.map((kind) => (
          <figure key={kind} className={p.thumb}>
            {stream.assets[kind] ? (
              <img src={stream.assets[kind]!} alt="" className={p.thumbImage} loading="lazy" />
            ) : (
              <span className={p.thumbEmpty}>
                <Trans>Sem imagem</Trans>
              </span>
            )}
            <figcaption>{i18n._(BANNER_LABELS[kind])}</figcaption>
          </figure>
        ))}
        <figure className={p.thumb}>
          {stream.studio.background ? (
            <img src={stream.studio.background} alt="" className={p.thumbImage} loading="lazy" />
          ) : (
            <span className={p.thumbEmpty}>
              <Trans>Sem imagem</Trans>
            </span>
          )}
          <figcaption>
            <Trans>Fundo do estúdio</Trans>
          </figcaption>
        </figure>
      </div>
      <dl className={css.dl}>
        <dt>
          <Trans>Domínios autorizados</Trans>
        </dt>
        <dd>{geo.referrerWhitelist.length ? geo.referrerWhitelist.join(', ') : t`Todos os domínios`}</dd>
        <dt>
          <Trans>Bloqueio geográfico</Trans>
        </dt>
        <dd>
          {geo.geoAccessControl === 'off'
            ? t`Desativado`
            : `${geo.geoAccessControl === 'block' ? t`Bloqueadas:` : t`Liberadas:`} ${geo.geoRegionList.map((c) => regionName(c, i18n.locale)).join(', ')}`}
        </dd>
        <dt>
          <Trans>Anúncios</Trans>
        </dt>
        <dd>
          {stream.ads.preRollVastUrl || stream.ads.postRollVastUrl
            ? [stream.ads.preRollVastUrl && t`pre-roll`, stream.ads.postRollVastUrl && t`post-roll`]
                .filter(Boolean)
                .join(', ')
            : t`Nenhum`}
        </dd>
        <dt>
          <Trans>Analytics</Trans>
        </dt>
        <dd>{stream.analyticsMeasurementId ?? t`Não configurado`}</dd>
        <dt>
          <Trans>Chat do estúdio</Trans>
        </dt>
        <dd>{yes(stream.studio.chat)}</dd>
        <dt>
          <Trans>Botões do estúdio</Trans>
        </dt>
        <dd>
          {t`Configurações`}: {yes(stream.studio.settingsButton)} · {t`Mais opções`}:{' '}
          {yes(stream.studio.moreOptionsButton)}
        </dd>
      </dl>
    </section>
  );
}
