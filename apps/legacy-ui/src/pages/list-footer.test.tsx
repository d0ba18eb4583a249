import { act, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeApi } from '../../test/fake-api.ts';
import { renderWithLegacy } from '../../test/render-legacy.tsx';
import { ListFooter, pageCount, usePaging } from './list-footer.tsx';
import type { ListFooterProps } from './list-footer.tsx';

describe('pageCount', () => {
  it.each([
    // total, page size, pages
    [0, 25, 1],
    [1, 25, 1],
    [25, 25, 1],
    [26, 25, 2],
    [800, 10, 80],
    [801, 10, 81],
  ])('%i rows at %i a page fill %i pages', (total, pageSize, pages) => {
    expect(pageCount(total, pageSize)).toBe(pages);
  });
});

describe('usePaging', () => {
  it('starts at page 1, moves to a page, and starts again at page 1 with another size', () => {
    const { result } = renderHook(() => usePaging(25));
    expect(result.current[0]).toEqual({ pageNumber: 1, pageSize: 25 });
    act(() => result.current[1]({ pageNumber: 4 }));
    expect(result.current[0]).toEqual({ pageNumber: 4, pageSize: 25 });
    act(() => result.current[1]({ pageSize: 50, pageNumber: 1 }));
    expect(result.current[0]).toEqual({ pageNumber: 1, pageSize: 50 });
  });
});

function renderFooter(props: Partial<ListFooterProps>) {
  const onPaging = vi.fn();
  const { api } = createFakeApi({});
  renderWithLegacy(
    <>
      <h1 id="page-title" tabIndex={-1}>
        Things
      </h1>
      <ListFooter
        label="Thing pages"
        page={{ total: 60, results: [1, 2] }}
        paging={{ pageNumber: 2, pageSize: 25 }}
        pageSizes={[25, 50]}
        onPaging={onPaging}
        {...props}
      />
    </>,
    { api, permissions: [] },
  );
  return { onPaging };
}

describe('ListFooter', { timeout: 30_000 }, () => {
  it('pages the total at the page size', () => {
    renderFooter({});
    expect(screen.getByRole('navigation', { name: 'Thing pages' })).toHaveTextContent(
      'Page 2 of 3',
    );
  });

  it.each([
    // the page, what an empty one says, whether it is said
    [{ total: 0, results: [] }, 'Nothing here.', true],
    [{ total: 3, results: [1] }, 'Nothing here.', false],
    [null, 'Nothing here.', false],
    [{ total: 0, results: [] }, undefined, false],
  ])('page %j with %j: the empty state shown is %s', (page, empty, shown) => {
    renderFooter({ page, empty });
    expect(document.querySelector('.empty-state') !== null).toBe(shown);
    if (shown) expect(screen.getByText('Nothing here.')).toBeInTheDocument();
  });

  it.each([true, false])(
    'asks for another page (the title focused: %s) and another size from page 1',
    async (focusTitle) => {
      const user = userEvent.setup();
      const { onPaging } = renderFooter({ focusTitle });
      await user.click(screen.getByRole('button', { name: 'Next page' }));
      expect(onPaging).toHaveBeenLastCalledWith({ pageNumber: 3 });
      expect(screen.getByRole('heading', { name: 'Things' }) === document.activeElement).toBe(
        focusTitle,
      );
      await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
      expect(onPaging).toHaveBeenLastCalledWith({ pageSize: 50, pageNumber: 1 });
    },
  );
});
