import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { TITLE_MAX } from '../lib/search';
import { SearchIcon } from './icons';
import * as css from './streaming.css';

/** Title search: Enter or the button submits (the page goes back to 1). */
export function SearchBox({
  q,
  onSearch,
  label,
}: {
  q: string;
  onSearch: (q: string) => void;
  label: string;
}) {
  const { t } = useLingui();
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  return (
    <search className={css.search}>
      <form
        className={css.searchForm}
        onSubmit={(e) => {
          e.preventDefault();
          onSearch(text.trim());
        }}
      >
        <input
          type="search"
          name="title"
          className={css.searchInput}
          aria-label={label}
          placeholder={t`Buscar pelo nome`}
          maxLength={TITLE_MAX}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            // Clearing the box shows everything again at once.
            if (e.target.value === '' && q !== '') onSearch('');
          }}
        />
        <button type="submit" className={css.searchSubmit} aria-label={t`Buscar`}>
          <SearchIcon />
        </button>
      </form>
    </search>
  );
}
