import { INTEGRATION_CARDS, type IntegrationCard } from '@contract/integrations';
import { Trans, useLingui } from '@lingui/react/macro';
import * as page from '@/components/ui/admin-page.css';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useProviders } from '../api/providers';
import { FacebookCard } from './facebook-card';
import { GoogleMeetCard } from './google-meet-card';
import * as css from './integrations.css';
import { TencentCard } from './tencent-card';
import { YoutubeCard } from './youtube-card';
import { ZoomCard } from './zoom-card';
import { ZoomMultiCard } from './zoom-multi-card';

/** /integrations (SPEC §2.4, docs/integrations.md): the six cards, in the spec's order. */
export function IntegrationsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Integrações`);
  const providers = useProviders();
  // Until the server told, a card is taken as configured: starting its authorisation says otherwise.
  const configured = (card: IntegrationCard) => providers.data?.providers[card].configured ?? true;
  const cards: Record<IntegrationCard, React.ReactNode> = {
    'google-meet': <GoogleMeetCard key="google-meet" configured={configured('google-meet')} />,
    tencent: <TencentCard key="tencent" />,
    facebook: <FacebookCard key="facebook" configured={configured('facebook')} />,
    'zoom-multi': <ZoomMultiCard key="zoom-multi" configured={configured('zoom-multi')} />,
    zoom: <ZoomCard key="zoom" configured={configured('zoom')} />,
    youtube: <YoutubeCard key="youtube" configured={configured('youtube')} />,
  };
  return (
    <div className={page.page}>
      <div className={page.header}>
        <h1 className={page.title}>
          <Trans>Integrações</Trans>
        </h1>
      </div>
      <p className={page.muted}>
        <Trans>
          Traga para a sua biblioteca as gravações de outras plataformas e leve as suas lives para elas.
        </Trans>
      </p>
      <ul className={css.grid}>{INTEGRATION_CARDS.map((card) => cards[card])}</ul>
    </div>
  );
}
