import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import * as formStyles from '@/components/ui/form.css';
import * as layout from '@/components/ui/layout.css';
import { RadioGroup } from '@/components/ui/radio-group';
import { regionName, regionOptions } from '../../lib/regions';
import * as css from '../streaming.css';
import { useErrorText } from './controls';
import type { SettingsFieldsProps } from './types';

/** SPEC §5 geoblock: off, block mode (listed regions blocked) or allow mode (only listed allowed). */
export function GeoFields({ form, set, errors }: SettingsFieldsProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const error = useErrorText(errors);
  const options = useMemo(() => regionOptions(i18n.locale), [i18n.locale]);
  const [pick, setPick] = useState('');
  const list = form.geoRegionList;
  const listError =
    error('security.geoRegionList') ?? list.map((_, i) => error(`security.geoRegionList.${i}`)).find(Boolean);

  const add = () => {
    if (!pick || list.includes(pick)) return;
    set({ geoRegionList: [...list, pick] });
    setPick('');
  };

  return (
    <div className={layout.page}>
      <RadioGroup
        name="security.geoAccessControl"
        legend={<Trans>Bloqueio geográfico</Trans>}
        value={form.geoAccessControl}
        onChange={(geoAccessControl) => set({ geoAccessControl })}
        options={[
          { value: 'off', label: t`Desativado` },
          { value: 'block', label: t`Bloquear regiões da lista` },
          { value: 'allow', label: t`Liberar só as regiões da lista` },
        ]}
        hint={
          form.geoAccessControl === 'block' ? (
            <Trans>As regiões da lista ficam bloqueadas; as demais podem assistir.</Trans>
          ) : form.geoAccessControl === 'allow' ? (
            <Trans>Só as regiões da lista podem assistir; as demais ficam bloqueadas.</Trans>
          ) : (
            <Trans>Todas as regiões podem assistir.</Trans>
          )
        }
      />
      <fieldset className={formStyles.fieldset} disabled={form.geoAccessControl === 'off'}>
        <legend className={formStyles.fieldLabel}>
          <Trans>Regiões</Trans>
        </legend>
        <div className={css.addRow}>
          <div className={`${formStyles.fieldset} ${css.addInput}`}>
            <label htmlFor={`${id}-region`} className={layout.visuallyHidden}>
              <Trans>Região</Trans>
            </label>
            <select
              id={`${id}-region`}
              name="security.geoRegionList"
              className={css.nativeSelect}
              value={pick}
              onChange={(e) => setPick(e.target.value)}
            >
              <option value="">{t`Escolha uma região`}</option>
              {options.map((o) => (
                <option key={o.code} value={o.code} disabled={list.includes(o.code)}>
                  {o.name} ({o.code})
                </option>
              ))}
            </select>
          </div>
          <Button variant="secondary" onClick={add} disabled={!pick}>
            <Trans>Adicionar região</Trans>
          </Button>
        </div>
        {list.length > 0 ? (
          <ul className={css.chips} aria-label={t`Regiões da lista`} data-testid="region-list">
            {list.map((code) => {
              const name = regionName(code, i18n.locale);
              return (
                <li key={code} className={css.chip}>
                  {name} ({code})
                  <button
                    type="button"
                    className={css.chipRemove}
                    aria-label={t`Remover ${name}`}
                    onClick={() => set({ geoRegionList: list.filter((c) => c !== code) })}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className={layout.muted}>
            <Trans>Nenhuma região na lista.</Trans>
          </p>
        )}
      </fieldset>
      {listError ? <p className={formStyles.errorText}>{listError}</p> : null}
    </div>
  );
}
