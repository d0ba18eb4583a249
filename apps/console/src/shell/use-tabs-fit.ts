import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * Whether the module tabs fit in the top bar. They do not in a narrow window or with long labels
 * (French at 800 px, a tenant's own names): the bar then folds them into the Modules menu, as on a
 * phone, instead of scrolling them out of sight ("nothing overflows").
 * `labelsKey` changes with the tabs' labels: the tabs are laid out in a row again and measured.
 */
export function useTabsFit(navRef: RefObject<HTMLElement | null>, labelsKey: string): boolean {
  const [fit, setFit] = useState(true);
  // the row's natural width, measured the last time it was laid out as a row
  const needed = useRef(0);

  useLayoutEffect(() => {
    needed.current = 0;
    setFit(true);
  }, [labelsKey]);

  useLayoutEffect(() => {
    const nav = navRef.current;
    const list = nav?.querySelector('ul');
    if (!nav || !list) return;
    const check = () => {
      const style = getComputedStyle(list);
      const row = fit && style.display !== 'none' && style.flexDirection === 'row';
      if (row) {
        needed.current = list.scrollWidth;
        if (list.scrollWidth > nav.clientWidth + 1) setFit(false);
      } else if (!fit && needed.current > 0 && nav.clientWidth >= needed.current) setFit(true);
    };
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(nav);
    return () => observer.disconnect();
  }, [fit, labelsKey, navRef]);

  return fit;
}
