import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import * as layout from '@/components/ui/layout.css';
import { Select } from '@/components/ui/select';
import { messages } from '@/lib/validation';
import { FILTER_LABELS } from '../lib/labels';
import {
  EMAIL_MAX,
  type SearchForm as Form,
  formError,
  normaliseViewerId,
  TEXT_MAX,
  VIEW_FILTERS,
  type ViewFilter,
} from '../lib/search';
import * as css from './support.css';

/** The Select needs a value for "every view". */
const ALL = 'all';

/**
 * How support finds a viewer: the ID the anti-piracy overlay shows, a classroom attendee's e-mail, or
 * the live's views narrowed to a problem, a state or a network provider. Submitting writes the URL
 * (the page reads the search from there); the parent remounts this form when the URL changes.
 */
export function SearchForm({
  initial,
  onSearch,
  onClear,
}: {
  initial: Form;
  onSearch: (form: Form) => void;
  onClear: () => void;
}) {
  const { t, i18n } = useLingui();
  const [form, setForm] = useState(initial);
  const [checked, setChecked] = useState(false);
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const invalid = checked ? formError(form) : undefined;

  return (
    <search aria-labelledby="support-search-title">
      <form
        className={layout.card}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setChecked(true);
          if (formError(form)) return;
          onSearch(form);
        }}
      >
        <h2 id="support-search-title" className={layout.cardTitle}>
          <Trans>Encontrar espectador</Trans>
        </h2>
        <div className={css.searchGrid}>
          <TextField
            name="viewerId"
            label={<Trans>ID do espectador</Trans>}
            hint={<Trans>As 8 letras e números que aparecem sobre o vídeo.</Trans>}
            value={form.viewerId}
            onChange={(e) => set({ viewerId: normaliseViewerId(e.target.value) })}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={16}
            error={invalid === 'viewerId' ? i18n._(messages.invalidFormat) : undefined}
            data-testid="support-viewer-id"
          />
          <TextField
            name="email"
            type="email"
            label={<Trans>E-mail do participante</Trans>}
            hint={<Trans>De quem se inscreveu na sala de aula.</Trans>}
            value={form.email}
            onChange={(e) => set({ email: e.target.value.replace(/\s+/g, '').toLowerCase() })}
            autoComplete="off"
            maxLength={EMAIL_MAX}
            error={invalid === 'email' ? i18n._(messages.email) : undefined}
            data-testid="support-email"
          />
          <Select
            name="filter"
            label={<Trans>Problema</Trans>}
            options={[
              { value: ALL, label: t`Todas as visualizações` },
              ...VIEW_FILTERS.map((f) => ({ value: f, label: i18n._(FILTER_LABELS[f]) })),
            ]}
            value={form.filter || ALL}
            onValueChange={(v) => set({ filter: v === ALL ? '' : (v as ViewFilter) })}
          />
          <TextField
            name="state"
            label={<Trans>Estado</Trans>}
            value={form.state}
            onChange={(e) => set({ state: e.target.value })}
            maxLength={TEXT_MAX}
          />
          <TextField
            name="provider"
            label={<Trans>Provedor de internet</Trans>}
            value={form.provider}
            onChange={(e) => set({ provider: e.target.value })}
            maxLength={TEXT_MAX}
          />
        </div>
        <div className={css.searchActions}>
          <Button type="submit" data-testid="support-search">
            <Trans>Buscar</Trans>
          </Button>
          <Button variant="secondary" onClick={onClear}>
            <Trans>Limpar busca</Trans>
          </Button>
        </div>
      </form>
    </search>
  );
}
