// The foot of a paged list: what an empty page says, then the pager. Where the list is in its pages
// is the page's own state (`usePaging`) or its address (the resource lists, the audit trail).
import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { Pager } from './pager.tsx';

/** The page a list shows, from 1, and how many rows a page has. */
export interface Paging {
  pageNumber: number;
  pageSize: number;
}

/** A move of the pager: another page, or another page size (which starts again at page 1). */
export type PagingChange = { pageNumber: number } | { pageSize: number; pageNumber: 1 };

/** How many pages `total` rows fill at `pageSize` a page: at least one, an empty list has one. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Paging kept in the page's own state, from page 1; a change is merged into it. */
export function usePaging(pageSize: number): [Paging, (change: PagingChange) => void] {
  const [paging, setPaging] = useState<Paging>({ pageNumber: 1, pageSize });
  const move = useCallback(
    (change: PagingChange) => setPaging((current) => ({ ...current, ...change })),
    [],
  );
  return [paging, move];
}

/** Props of {@link ListFooter}. */
export interface ListFooterProps {
  /** The pager's landmark name ("Log pages"). */
  label: string;
  /** The page loaded (null while the first is loading): its total, and whether it has rows. */
  page: { total: number; results: readonly unknown[] } | null;
  paging: Paging;
  pageSizes: readonly number[];
  onPaging(change: PagingChange): void;
  /** What an empty page says; without it an empty page shows the pager alone. */
  empty?: ReactNode;
  /** A page moved to by the pager starts at the page's title, which takes the focus. */
  focusTitle?: boolean;
}

export function ListFooter({
  label,
  page,
  paging,
  pageSizes,
  onPaging,
  empty,
  focusTitle = false,
}: ListFooterProps) {
  return (
    <>
      {empty && page && page.results.length === 0 ? (
        <div className="empty-state">{empty}</div>
      ) : null}
      <Pager
        label={label}
        pageNumber={paging.pageNumber}
        pages={pageCount(page?.total ?? 0, paging.pageSize)}
        pageSize={paging.pageSize}
        pageSizes={pageSizes}
        onPage={(pageNumber) => {
          onPaging({ pageNumber });
          if (focusTitle) document.getElementById('page-title')?.focus();
        }}
        onPageSize={(pageSize) => onPaging({ pageSize, pageNumber: 1 })}
      />
    </>
  );
}
