// User-facing messages as toasts (spec §8, §9). The toast library is loaded on the first message,
// keeping it out of the sign-in bundle. Spec §9 defaults, with the console's choices:
// - shown 5,000 ms, 1,000 ms more after the pointer leaves a hovered toast (toast-timing.ts),
//   300 ms ease in and out, the custom style class portico-toast (toast-host.css);
// - bottom-right, not the library's top-right: at the top right a toast covered the user menu and
//   the palette button;
// - duplicates allowed, no limit; one kind is de-duplicated: "session expired" (id
//   'session-expired'), which a burst of 401s would otherwise show once per request.
import type * as ReactToastify from 'react-toastify/unstyled';
import { createToastTimers } from './toast-timing.ts';

type Toastify = typeof ReactToastify;

type Kind = 'info' | 'success' | 'warning' | 'error';

type Listener = () => void;
let mountRequested = false;
const mountListeners = new Set<Listener>();
let sequence = 0;

export function onToastMountRequested(listener: Listener): () => void {
  mountListeners.add(listener);
  if (mountRequested) listener();
  return () => mountListeners.delete(listener);
}

let library: Promise<Toastify> | null = null;
const load = () => (library ??= import('react-toastify/unstyled'));

export const toastTimers = createToastTimers(
  (id) => void load().then(({ toast }) => toast.dismiss(id)),
);

/**
 * Shows a toast. `id` de-duplicates: a toast with the id of one still shown is dropped (used for
 * "session expired" only; every other message may repeat, spec §9 "duplicates allowed").
 */
export function notify(kind: Kind, message: string, options: { id?: string } = {}): void {
  if (!mountRequested) {
    mountRequested = true;
    for (const listener of mountListeners) listener();
  }
  const id = options.id ?? `toast-${++sequence}`;
  void load().then(({ toast }) => {
    if (options.id && toast.isActive(id)) return;
    toast[kind](message, { toastId: id, autoClose: false, onClose: () => toastTimers.forget(id) });
    toastTimers.start(id);
  });
}
