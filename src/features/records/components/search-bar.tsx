import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useState } from 'react';
import { SearchField } from '@/components/ui/search-field';
import { Select } from '@/components/ui/select';
import { SEARCH_MAX, type SearchType } from '../lib/search';
import * as css from './records.css';

export interface SearchBarProps {
  by: SearchType;
  q: string;
  onSearch: (search: { by: SearchType; q: string }) => void;
}

/** Search type (identifier or responsible) and the search box: Enter or the icon submits. */
export function SearchBar({ by, q, onSearch }: SearchBarProps) {
  const { t } = useLingui();
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ by, q: text.trim() });
  };
  const types = [
    { value: 'identifier', label: t`Identificador` },
    { value: 'user', label: t`Responsável` },
  ];
  return (
    <search className={css.searchWrap} aria-label={t`Buscar registros`}>
      <form className={css.searchForm} onSubmit={submit}>
        <Select
          name="searchType"
          label={t`Buscar por`}
          hideLabel
          className={css.searchType}
          options={types}
          value={by}
          // A new type re-runs the search that is in the box.
          onValueChange={(value) => onSearch({ by: value as SearchType, q: text.trim() })}
        />
        <SearchField
          name={by}
          className={css.searchBox}
          tone="accent"
          submitLabel={t`Buscar`}
          value={text}
          maxLength={SEARCH_MAX}
          autoComplete="off"
          enterKeyHint="search"
          aria-label={by === 'user' ? t`Buscar por responsável` : t`Buscar por identificador`}
          placeholder={by === 'user' ? t`E-mail ou nome` : t`ID, nome ou e-mail`}
          onChange={(e) => setText(e.target.value)}
        />
      </form>
    </search>
  );
}
