import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import * as formStyles from '@/components/ui/form.css';
import * as layout from '@/components/ui/layout.css';
import { checkDomain } from '../../lib/domains';
import * as css from '../streaming.css';
import { useErrorText } from './controls';
import type { SettingsFieldsProps } from './types';

/** SPEC §5 domain authorization: valid domains, no duplicates; an empty list allows every domain. */
export function DomainsField({ form, set, errors }: SettingsFieldsProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const serverError = useErrorText(errors);
  const list = form.referrerWhitelist;
  const listError =
    serverError('security.referrerWhitelist') ??
    list.map((_, i) => serverError(`security.referrerWhitelist.${i}`)).find(Boolean);

  const add = () => {
    const result = checkDomain(text, list);
    if (!result.ok) {
      setError(i18n._(result.message));
      return;
    }
    set({ referrerWhitelist: [...list, result.domain] });
    setText('');
    setError(undefined);
  };

  return (
    <fieldset className={formStyles.fieldset} aria-describedby={`${id}-hint`}>
      <legend className={css.legend}>
        <Trans>Domínios autorizados</Trans>
      </legend>
      <p id={`${id}-hint`} className={layout.muted}>
        {list.length === 0 ? (
          <Trans>Nenhum domínio na lista: o player pode ser exibido em qualquer domínio.</Trans>
        ) : (
          <Trans>O player só pode ser exibido nos domínios da lista.</Trans>
        )}
      </p>
      <div className={css.addRow}>
        <TextField
          className={css.addInput}
          name="security.referrerWhitelist"
          label={<Trans>Domínio</Trans>}
          placeholder={t`exemplo.com.br`}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={text}
          error={error}
          onChange={(e) => {
            setText(e.target.value);
            setError(undefined);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button variant="secondary" onClick={add}>
          <Trans>Adicionar domínio</Trans>
        </Button>
      </div>
      {list.length > 0 ? (
        <ul className={css.chips} aria-label={t`Domínios autorizados`} data-testid="domain-list">
          {list.map((domain) => (
            <li key={domain} className={css.chip}>
              {domain}
              <button
                type="button"
                className={css.chipRemove}
                aria-label={t`Remover ${domain}`}
                onClick={() => set({ referrerWhitelist: list.filter((d) => d !== domain) })}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {listError ? <p className={formStyles.errorText}>{listError}</p> : null}
    </fieldset>
  );
}
