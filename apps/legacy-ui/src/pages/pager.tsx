import { useId } from 'react';
import { useLegacy } from '../legacy-context.tsx';

/** Props of {@link Pager}. */
export interface PagerProps {
  /** The landmark's name ("Log pages"): a page has one pager, named for what it pages. */
  label: string;
  /** The page shown, from 1. */
  pageNumber: number;
  /** How many pages there are (at least 1). */
  pages: number;
  pageSize: number;
  /** The page sizes offered. */
  pageSizes: readonly number[];
  /** Go to a page (1 … pages). */
  onPage(pageNumber: number): void;
  /** Show this many rows per page (the page it lands on is the caller's choice). */
  onPageSize(pageSize: number): void;
}

/**
 * The pager of every list: first, previous, "Page n of m", next, last, and the rows per page.
 * The buttons that would leave the range are disabled, never hidden, so the layout stays put.
 */
export function Pager({
  label,
  pageNumber,
  pages,
  pageSize,
  pageSizes,
  onPage,
  onPageSize,
}: PagerProps) {
  const { t } = useLegacy();
  const sizeId = useId();
  const atFirst = pageNumber <= 1;
  const atLast = pageNumber >= pages;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="secondary" disabled={atFirst} onClick={() => onPage(1)}>
        {t('list.first')}
      </button>
      <button
        type="button"
        className="secondary"
        disabled={atFirst}
        onClick={() => onPage(pageNumber - 1)}
      >
        {t('list.previous')}
      </button>
      <span>{t('list.page', { page: pageNumber, pages })}</span>
      <button
        type="button"
        className="secondary"
        disabled={atLast}
        onClick={() => onPage(pageNumber + 1)}
      >
        {t('list.next')}
      </button>
      <button type="button" className="secondary" disabled={atLast} onClick={() => onPage(pages)}>
        {t('list.last')}
      </button>
      <span className="filter">
        <label htmlFor={sizeId}>{t('list.pageSize')}</label>
        <select
          id={sizeId}
          value={pageSize}
          onChange={(event) => onPageSize(Number(event.target.value))}
        >
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </span>
    </nav>
  );
}
