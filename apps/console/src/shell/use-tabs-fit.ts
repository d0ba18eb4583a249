import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

/**
 * Whether the module tabs fit in the top bar. They do not in a narrow window or with long labels
 * (French at 800 px, a tenant's own names): the bar then folds them into the Modules menu, as on a
 * phone, instead of scrolling them out of sight ("nothing overflows").
 * `labelsKey` changes with the tabs' labels: the tabs are laid out in a row again and measured.
 *
 * The tabs are measured in a ResizeObserver callback, never in the commit: the browser calls it in
 * its rendering step once layout is done, so reading the widths there costs no layout of its own
 * (reading them in a layout effect forced one on the first signed-in render, on the sign-in's
 * critical path). A change is committed at once (flushSync) in that callback, so the browser lays
 * the bar out again before it paints: the tabs never show in the wrong state for a frame.
 */
export function useTabsFit(navRef: RefObject<HTMLElement | null>, labelsKey: string): boolean {
  const [fit, setFit] = useState(true);
  // what was last committed, read by the observer's callback (it outlives renders)
  const fitNow = useRef(true);
  // the row's natural width, measured the last time it was laid out as a row
  const needed = useRef(0);

  useLayoutEffect(() => {
    const nav = navRef.current;
    const list = nav?.querySelector('ul');
    needed.current = 0;
    fitNow.current = true;
    setFit(true);
    if (!nav || !list) return;
    const decide = (): boolean => {
      const style = getComputedStyle(list);
      const row = fitNow.current && style.display !== 'none' && style.flexDirection === 'row';
      if (row) {
        needed.current = list.scrollWidth;
        return list.scrollWidth <= nav.clientWidth + 1;
      }
      if (!fitNow.current && needed.current > 0 && nav.clientWidth >= needed.current) return true;
      return fitNow.current;
    };
    const check = (commit: (update: () => void) => void) => {
      const next = decide();
      if (next === fitNow.current) return;
      fitNow.current = next;
      commit(() => setFit(next));
    };
    if (typeof ResizeObserver === 'undefined') {
      // no observer to wait for: measure now
      check((update) => update());
      return;
    }
    // its first callback comes in the rendering step that lays out this commit
    const observer = new ResizeObserver(() => check(flushSync));
    observer.observe(nav);
    return () => observer.disconnect();
  }, [labelsKey, navRef]);

  return fit;
}
