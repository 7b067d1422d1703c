import { Trans } from '@lingui/react/macro';
import * as formStyles from '@/components/ui/form.css';
import * as layout from '@/components/ui/layout.css';
import { AdsFields } from './fields/ads-fields';
import { DomainsField } from './fields/domains-field';
import { PlayerFields } from './fields/player-fields';
import { type StudioBackground, StudioFields } from './fields/studio-fields';
import { TransmissionFields } from './fields/transmission-fields';
import type { SettingsFieldsProps } from './fields/types';

/** Step 2 (Settings) of the create/edit wizard: every setting of SPEC §2.7 but the geoblock. */
export function SettingsStep({
  background,
  ...props
}: SettingsFieldsProps & { background?: StudioBackground }) {
  return (
    <div className={layout.page}>
      <Section title={<Trans>Transmissão</Trans>}>
        <TransmissionFields {...props} />
      </Section>
      <Section title={<Trans>Player</Trans>}>
        <PlayerFields {...props} />
      </Section>
      <Section title={<Trans>Permissões</Trans>}>
        <DomainsField {...props} />
      </Section>
      <Section title={<Trans>Anúncios</Trans>}>
        <AdsFields {...props} />
      </Section>
      <Section title={<Trans>Estúdio</Trans>}>
        <StudioFields {...props} background={background} />
      </Section>
    </div>
  );
}

function Section({ title, children }: { title: React.ReactNode; children: React.ReactNode }) {
  return (
    <section className={formStyles.fieldset}>
      <h3 className={layout.cardTitle}>{title}</h3>
      {children}
    </section>
  );
}
