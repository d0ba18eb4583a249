import { useEffect, useId, useState } from 'react';
import { useLegacy } from '../legacy-context.tsx';
import { AfterAnswer } from './after-answer.tsx';

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
  const jumpId = useId();
  const jumpErrorId = useId();
  const [draft, setDraft] = useState(String(pageNumber));
  const [jumpError, setJumpError] = useState(false);
  // the box follows the page shown (Back, a shared address, the buttons)
  useEffect(() => {
    setDraft(String(pageNumber));
    setJumpError(false);
  }, [pageNumber]);
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
      {pages > 1 ? (
        // a typed page: across 800 pages the buttons alone are no way to get there
        <form
          className="page-jump"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const wanted = Number(draft.trim());
            if (!/^\d+$/.test(draft.trim()) || wanted < 1 || wanted > pages) {
              setJumpError(true);
              return;
            }
            setJumpError(false);
            if (wanted !== pageNumber) onPage(wanted);
          }}
        >
          <label htmlFor={jumpId}>{t('list.goToPage')}</label>
          <input
            id={jumpId}
            type="text"
            inputMode="numeric"
            size={Math.max(2, String(pages).length)}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            aria-invalid={jumpError || undefined}
            aria-describedby={jumpError ? jumpErrorId : undefined}
            autoComplete="off"
          />
          <button type="submit" className="secondary">
            {t('list.go')}
          </button>
          {jumpError ? (
            <span id={jumpErrorId} className="field-error" role="alert">
              {t('list.pageOutOfRange', { pages })}
            </span>
          ) : null}
        </form>
      ) : null}
      <span className="filter">
        <label htmlFor={sizeId}>{t('list.pageSize')}</label>
        <AfterAnswer>
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
        </AfterAnswer>
      </span>
    </nav>
  );
}
