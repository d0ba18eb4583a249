import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeApi } from '../../test/fake-api.ts';
import { renderWithLegacy } from '../../test/render-legacy.tsx';
import { Pager } from './pager.tsx';

function renderPager(pageNumber: number, pages: number, language = 'en') {
  const onPage = vi.fn();
  const onPageSize = vi.fn();
  const { api } = createFakeApi({});
  renderWithLegacy(
    <Pager
      label="Thing pages"
      pageNumber={pageNumber}
      pages={pages}
      pageSize={25}
      pageSizes={[10, 25, 50]}
      onPage={onPage}
      onPageSize={onPageSize}
    />,
    { api, permissions: [], language },
  );
  return { onPage, onPageSize };
}

describe('Pager', () => {
  it.each([
    // page, pages, first and previous enabled, next and last enabled
    [1, 1, false, false],
    [1, 3, false, true],
    [2, 3, true, true],
    [3, 3, true, false],
  ])('on page %i of %i: first/previous %s, next/last %s', (page, pages, back, forward) => {
    renderPager(page, pages);
    const nav = screen.getByRole('navigation', { name: 'Thing pages' });
    expect(nav).toHaveTextContent(`Page ${page} of ${pages}`);
    for (const name of ['First page', 'Previous page'])
      expect(screen.getByRole('button', { name })).toHaveProperty('disabled', !back);
    for (const name of ['Next page', 'Last page'])
      expect(screen.getByRole('button', { name })).toHaveProperty('disabled', !forward);
  });

  it('asks for the first, previous, next and last page, and another page size, by keyboard', async () => {
    const user = userEvent.setup();
    const { onPage, onPageSize } = renderPager(3, 7);
    await user.tab();
    expect(screen.getByRole('button', { name: 'First page' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.tab();
    await user.keyboard('{Enter}');
    await user.tab();
    await user.keyboard('{Enter}');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onPage.mock.calls).toEqual([[1], [2], [4], [7]]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    expect(onPageSize).toHaveBeenCalledWith(50);
  });

  it('speaks the user’s language', () => {
    renderPager(2, 4, 'pt-BR');
    expect(screen.getByRole('button', { name: 'Primeira página' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Última página' })).toBeEnabled();
  });
});

describe('a typed page', () => {
  it.each([
    ['800', 800],
    ['  12 ', 12],
  ])('%j goes to page %i', async (typed, page) => {
    const user = userEvent.setup();
    const { onPage } = renderPager(3, 800);
    const box = screen.getByRole('textbox', { name: 'Go to page' });
    await user.clear(box);
    await user.type(box, `${typed}{Enter}`);
    expect(onPage).toHaveBeenCalledWith(page);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each(['0', '801', '2.5', 'ten', ''])(
    '%j is refused with the range, and goes nowhere',
    async (typed) => {
      const user = userEvent.setup();
      const { onPage } = renderPager(3, 800);
      const box = screen.getByRole('textbox', { name: 'Go to page' });
      await user.clear(box);
      if (typed) await user.type(box, typed);
      await user.click(screen.getByRole('button', { name: 'Go' }));
      expect(onPage).not.toHaveBeenCalled();
      expect(screen.getByRole('alert')).toHaveTextContent('Enter a page number from 1 to 800.');
      expect(box).toHaveAttribute('aria-invalid', 'true');
    },
  );

  it('is not offered when there is one page', () => {
    renderPager(1, 1);
    expect(screen.queryByRole('textbox', { name: 'Go to page' })).not.toBeInTheDocument();
  });
});
