import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { SearchField } from '@/components/ui/search-field';
import { TITLE_MAX } from '../lib/search';
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
        <SearchField
          name="title"
          className={css.searchGrow}
          submitLabel={t`Buscar`}
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
      </form>
    </search>
  );
}
