import type { ReactNode } from 'react';
import { useLegacy } from '../legacy-context.tsx';

/** An internal link: a real `href` (open in new tab works), but a click navigates inside the frame. */
export function RouteLink({ to, children }: { to: string; children: ReactNode }) {
  const { navigate } = useLegacy();
  return (
    <a
      href={`#${to}`}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
