import type { MouseEvent, ReactNode } from 'react';

/** Whether the shell page `path` (a pathname) is at or under `to`, as react-router's NavLink says. */
export function isLinkActive(to: string, path: string): boolean {
  if (path === to) return true;
  return path.startsWith(to) && path.charAt(to.length) === '/';
}

/**
 * A link of the shell's chrome (module tabs, sidebar pages) to a shell route: what NavLink drew
 * (a hash href, `aria-current="page"` and the active class when the current page is at or under
 * it), without reading the router's state. NavLink reads it, so each of these links rendered again
 * when a navigation started, on the main thread the frame needs for the new page and its answer.
 * A plain click navigates in the shell; a click with a modifier key, another button or a handler
 * that prevented it is left to the browser (a new tab, a new window).
 */
export function ShellLink({
  to,
  path,
  activeClassName,
  active,
  navigate,
  onClick,
  children,
}: {
  /** The shell route the link opens. */
  to: string;
  /** The shell's current pathname (the link is active at or under `to`). */
  path: string;
  activeClassName: string | undefined;
  /**
   * Overrides whether the link wears the active class (an application tab does on each of its
   * menus); `aria-current` still says whether the current page is at or under `to`.
   */
  active?: boolean;
  navigate(to: string): void;
  onClick?(): void;
  children: ReactNode;
}) {
  const isActive = isLinkActive(to, path);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.();
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a
      href={`#${to}`}
      className={(active ?? isActive) ? activeClassName : undefined}
      aria-current={isActive ? 'page' : undefined}
      onClick={handleClick}
    >
      {children}
    </a>
  );
}
