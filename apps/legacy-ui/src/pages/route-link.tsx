import type { ReactNode } from 'react';
import { useLegacy } from '../legacy-context.tsx';

/**
 * An internal link: a real `href` to the console's address of the page (open in a new tab, copy,
 * share), while a plain click navigates inside the frame and the shell follows (routerUpdate).
 */
export function RouteLink({
  to,
  children,
  className,
}: {
  to: string;
  children: ReactNode;
  className?: string;
}) {
  const { navigate, consoleHref } = useLegacy();
  return (
    <a
      href={consoleHref(to)}
      className={className}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
          return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
