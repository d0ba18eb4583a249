import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TableRegion } from './table-region.tsx';

describe('TableRegion', () => {
  it.each([
    // busy given, aria-busy on the table
    [undefined, null],
    [false, null],
    [true, 'true'],
  ])('busy %s: the table’s aria-busy is %s', (busy, ariaBusy) => {
    render(
      <TableRegion
        label="Log entries"
        caption="Every entry"
        className="audit-table"
        {...(busy === undefined ? {} : { busy })}
      >
        <tbody>
          <tr>
            <td>one</td>
          </tr>
        </tbody>
      </TableRegion>,
    );
    const region = screen.getByRole('region', { name: 'Log entries' });
    expect(region).toHaveAttribute('tabindex', '0');
    const table = within(region).getByRole('table', { name: 'Every entry' });
    expect(table).toHaveClass('audit-table');
    expect(table.getAttribute('aria-busy')).toBe(ariaBusy);
  });

  it.each([
    // className or plain given, the table's class attribute
    [{}, 'resource-table'],
    [{ className: 'audit-table' }, 'audit-table'],
    [{ plain: true as const }, null],
    [{ plain: false as const }, 'resource-table'],
  ])('%j: the table’s class is %j', (props, shown) => {
    render(
      <TableRegion label="Instances" caption="Instances" {...props}>
        <tbody />
      </TableRegion>,
    );
    expect(screen.getByRole('table').getAttribute('class')).toBe(shown);
  });
});
