import { Pagination as ArkPagination } from '@ark-ui/react/pagination';
import { useLingui } from '@lingui/react/macro';
import { useIsMobile } from '@/lib/use-media-query';
import { ChevronIcon } from './chevron-icon';
import * as css from './pagination.css';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pagesTotal: number;
  onPageChange: (page: number) => void;
  /** The navigation's accessible name (already translated), e.g. "Paginação dos vídeos"; the arrows'
   * and pages' names are the same everywhere and come from the catalog here. */
  label: string;
  /** More pages exist past `pagesTotal` (a count that stops early): an ellipsis follows the last page,
   * whose label then names no total. */
  openEnded?: boolean;
  className?: string;
}

/** Page buttons with previous/next (Ark pagination, in a labelled nav). Rendered by page count: with a
 * fixed page size of 1 its "items" are pages. */
export function Pagination({
  page,
  pagesTotal,
  onPageChange,
  label,
  openEnded = false,
  className,
}: PaginationProps) {
  const { t } = useLingui();
  // Pages shown on each side of the current one: none on a phone, where the row must fit the screen.
  const siblingCount = useIsMobile() ? 0 : 1;
  const count = Math.max(pagesTotal, 1);
  return (
    <ArkPagination.Root
      className={[css.root, className].filter(Boolean).join(' ')}
      count={count}
      pageSize={1}
      page={Math.min(Math.max(page, 1), count)}
      siblingCount={siblingCount}
      onPageChange={(d) => onPageChange(d.page)}
      translations={{
        rootLabel: label,
        prevTriggerLabel: t`Página anterior`,
        nextTriggerLabel: t`Próxima página`,
        // An open-ended count does not know the total yet.
        itemLabel: ({ page: p, totalPages: total }) =>
          openEnded ? t`Página ${p}` : t`Página ${p} de ${total}`,
      }}
    >
      <ArkPagination.PrevTrigger className={css.arrow}>
        <ChevronIcon flip />
      </ArkPagination.PrevTrigger>
      <ArkPagination.Context>
        {(api) =>
          api.pages.map((p, index) =>
            p.type === 'page' ? (
              <ArkPagination.Item key={p.value} {...p} className={css.item}>
                {p.value}
              </ArkPagination.Item>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: ellipses have no identity but their place.
              <ArkPagination.Ellipsis key={`e${index}`} index={index} className={css.ellipsis}>
                …
              </ArkPagination.Ellipsis>
            ),
          )
        }
      </ArkPagination.Context>
      {openEnded ? (
        <span className={css.ellipsis} data-testid="pagination-more" aria-hidden="true">
          …
        </span>
      ) : null}
      <ArkPagination.NextTrigger className={css.arrow}>
        <ChevronIcon />
      </ArkPagination.NextTrigger>
    </ArkPagination.Root>
  );
}
