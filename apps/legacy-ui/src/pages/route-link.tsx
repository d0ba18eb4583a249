import type { ReactNode } from 'react';
import { useLegacy } from '../legacy-context.tsx';
import { isPlainClick } from './plain-click.ts';

/**
 * An internal link: a real `href` to the console's address of the page (open in a new tab, copy,
 * share), while a plain click navigates inside the frame and the shell follows (routerUpdate).
 * `label` names it when its words alone do not say which (a row's "Run").
 */
export function RouteLink({
  to,
  children,
  className,
  label,
}: {
  to: string;
  children: ReactNode;
  className?: string;
  label?: string;
}) {
  const { navigate, consoleHref } = useLegacy();
  return (
    <a
      href={consoleHref(to)}
      className={className}
      aria-label={label}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
