// Toast timing (spec §9, the toast library defaults the spec names: 5,000 ms shown, 1,000 ms
// "extended" time after the pointer leaves a toast it had paused). react-toastify has no extended
// time, so the console runs its own timers: a hovered toast stays, and closes 1,000 ms after the
// pointer leaves it.

export const TOAST_DISPLAY_MS = 5000;
export const TOAST_EXTENDED_MS = 1000;
/** The enter / exit animation (spec §9: 300 ms ease); toast-host.css uses the same duration. */
export const TOAST_EASE_MS = 300;

type Timer = ReturnType<typeof setTimeout>;

export interface ToastTimers {
  /** A toast appeared: it closes after the display time unless hovered. */
  start(id: string): void;
  /** The pointer entered the toast: it stays while hovered. */
  hover(id: string): void;
  /** The pointer left it: it closes after the extended time. */
  leave(id: string): void;
  /** It closed (any way): forget its timer. */
  forget(id: string): void;
}

export function createToastTimers(
  dismiss: (id: string) => void,
  options: { displayMs?: number; extendedMs?: number } = {},
): ToastTimers {
  const displayMs = options.displayMs ?? TOAST_DISPLAY_MS;
  const extendedMs = options.extendedMs ?? TOAST_EXTENDED_MS;
  const timers = new Map<string, Timer | null>();
  const schedule = (id: string, ms: number) => {
    const current = timers.get(id);
    if (current) clearTimeout(current);
    timers.set(
      id,
      setTimeout(() => {
        timers.delete(id);
        dismiss(id);
      }, ms),
    );
  };
  return {
    start: (id) => schedule(id, displayMs),
    hover(id) {
      if (!timers.has(id)) return;
      const current = timers.get(id);
      if (current) clearTimeout(current);
      timers.set(id, null);
    },
    leave(id) {
      if (timers.has(id)) schedule(id, extendedMs);
    },
    forget(id) {
      const current = timers.get(id);
      if (current) clearTimeout(current);
      timers.delete(id);
    },
  };
}
