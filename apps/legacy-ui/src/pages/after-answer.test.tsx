import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createRequestGate } from '../request-gate.ts';
import { AfterAnswer, MenuHoldContext } from './after-answer.tsx';

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

  it('stands a box no one can reach in its place while the gate is held, and shows it again on release', () => {
    const gate = createRequestGate();
    const release = gate.hold();
    const { container } = render(
      <MenuHoldContext.Provider value={gate}>{menu}</MenuHoldContext.Provider>,
    );
    expect(screen.queryByRole('combobox')).toBeNull();
    const standIn = container.querySelector('.select-stand-in');
    expect(standIn).toHaveAttribute('aria-hidden', 'true');
    expect(standIn).not.toHaveAttribute('tabindex');
    act(() => release());
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toBeInTheDocument();
    expect(container.querySelector('.select-stand-in')).toBeNull();
  });
});
