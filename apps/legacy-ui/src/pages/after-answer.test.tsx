import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AfterAnswer, MenuHoldContext, createMenuHold } from './after-answer.tsx';

describe('createMenuHold', () => {
  it.each([
    { steps: [] as const, held: false, calls: 0 },
    { steps: ['hold'] as const, held: true, calls: 1 },
    { steps: ['hold', 'hold'] as const, held: true, calls: 1 },
    { steps: ['hold', 'release'] as const, held: false, calls: 2 },
    { steps: ['release'] as const, held: false, calls: 0 },
    { steps: ['hold', 'release', 'release', 'hold'] as const, held: true, calls: 3 },
  ])('$steps → held $held, listeners told $calls times', ({ steps, held, calls }) => {
    const hold = createMenuHold();
    const listener = vi.fn();
    hold.subscribe(listener);
    for (const step of steps) hold[step]();
    expect(hold.held()).toBe(held);
    expect(listener).toHaveBeenCalledTimes(calls);
  });

  it('stops telling a listener that unsubscribed', () => {
    const hold = createMenuHold();
    const listener = vi.fn();
    hold.subscribe(listener)();
    hold.hold();
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('AfterAnswer', () => {
  const menu = (
    <AfterAnswer>
      <select aria-label="Rows per page">
        <option>25</option>
      </select>
    </AfterAnswer>
  );

  it('shows its select outside a router answer (no hold given)', () => {
    render(menu);
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toBeInTheDocument();
  });

  it('stands a box no one can reach in its place while held, and shows it again on release', () => {
    const hold = createMenuHold();
    hold.hold();
    const { container } = render(
      <MenuHoldContext.Provider value={hold}>{menu}</MenuHoldContext.Provider>,
    );
    expect(screen.queryByRole('combobox')).toBeNull();
    const standIn = container.querySelector('.select-stand-in');
    expect(standIn).toHaveAttribute('aria-hidden', 'true');
    expect(standIn).not.toHaveAttribute('tabindex');
    act(() => hold.release());
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toBeInTheDocument();
    expect(container.querySelector('.select-stand-in')).toBeNull();
  });
});
