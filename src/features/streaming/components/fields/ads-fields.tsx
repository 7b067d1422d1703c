import { Trans } from '@lingui/react/macro';
import { TextField } from '@/components/ui/field';
import * as formStyles from '@/components/ui/form.css';
import { VAST_EXAMPLE } from '../../lib/validate';
import { useErrorText } from './controls';
import type { SettingsFieldsProps } from './types';

/** Pre- and post-roll ads: VAST tag URLs (SPEC §2.7). */
export function AdsFields({ form, set, errors }: SettingsFieldsProps) {
  const error = useErrorText(errors);
  return (
    <div className={formStyles.formGrid}>
      <TextField
        name="ads.preRollVastUrl"
        type="url"
        inputMode="url"
        label={<Trans>URL VAST do anúncio antes da transmissão (pre-roll)</Trans>}
        placeholder={VAST_EXAMPLE}
        value={form.preRollVastUrl}
        error={error('ads.preRollVastUrl')}
        onChange={(e) => set({ preRollVastUrl: e.target.value })}
      />
      <TextField
        name="ads.postRollVastUrl"
        type="url"
        inputMode="url"
        label={<Trans>URL VAST do anúncio depois da transmissão (post-roll)</Trans>}
        placeholder={VAST_EXAMPLE}
        value={form.postRollVastUrl}
        error={error('ads.postRollVastUrl')}
        onChange={(e) => set({ postRollVastUrl: e.target.value })}
      />
    </div>
  );
}
