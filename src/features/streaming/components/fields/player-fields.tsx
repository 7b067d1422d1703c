import { Trans, useLingui } from '@lingui/react/macro';
import { ColorInput } from '@/components/ui/color-input';
import { TextField } from '@/components/ui/field';
import * as formStyles from '@/components/ui/form.css';
import { useErrorText } from './controls';
import type { SettingsFieldsProps } from './types';

/** Player options: colour (fixed once started) and the analytics measurement ID. */
export function PlayerFields({ form, set, errors, locked }: SettingsFieldsProps) {
  const { t } = useLingui();
  const error = useErrorText(errors);
  return (
    <div className={formStyles.formGrid}>
      <ColorInput
        name="assets.playerColor"
        label={<Trans>Cor do player</Trans>}
        value={form.playerColor}
        onChange={(playerColor) => set({ playerColor })}
        disabled={locked}
        hint={
          locked ? (
            <Trans>A cor do player não pode ser alterada depois do início da transmissão.</Trans>
          ) : undefined
        }
      />
      <TextField
        name="analyticsMeasurementId"
        label={<Trans>ID de métricas do Analytics</Trans>}
        hint={<Trans>Opcional. Ex.: G-XXXXXXXXXX</Trans>}
        value={form.analyticsMeasurementId}
        maxLength={64}
        autoComplete="off"
        placeholder={t`G-XXXXXXXXXX`}
        error={error('analyticsMeasurementId')}
        onChange={(e) => set({ analyticsMeasurementId: e.target.value })}
      />
    </div>
  );
}
