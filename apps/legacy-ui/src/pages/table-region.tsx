import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways in its own box: a named, focusable region (so a keyboard can
 * scroll it), with the table's caption for screen readers.
 */
export function TableRegion({
  label,
  caption,
  children,
}: {
  label: string;
  caption: string;
  children: ReactNode;
}) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="resource-table">
        <caption className="visually-hidden">{caption}</caption>
        {children}
      </table>
    </div>
  );
}
