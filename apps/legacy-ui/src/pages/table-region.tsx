import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways in its own box: a named, focusable region (so a keyboard can
 * scroll it), with the table's caption for screen readers. `className` is the table's own
 * (a list's `resource-table` unless given); `plain` for a table with no class of its own;
 * `busy` while its rows load.
 */
export function TableRegion({
  label,
  caption,
  className = 'resource-table',
  plain = false,
  busy = false,
  children,
}: {
  label: string;
  caption: string;
  busy?: boolean;
  children: ReactNode;
} & ({ plain: true; className?: never } | { plain?: false; className?: string })) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className={plain ? undefined : className} aria-busy={busy || undefined}>
        <caption className="visually-hidden">{caption}</caption>
        {children}
      </table>
    </div>
  );
}
