// User-facing messages as toasts (spec §8, §9: react-toastify defaults, a custom style class).
// The toast library is loaded on the first message, keeping it out of the sign-in bundle.
type Kind = 'info' | 'success' | 'warning' | 'error';

type Listener = () => void;
let mountRequested = false;
const mountListeners = new Set<Listener>();

export function onToastMountRequested(listener: Listener): () => void {
  mountListeners.add(listener);
  if (mountRequested) listener();
  return () => mountListeners.delete(listener);
}

export function notify(kind: Kind, message: string, options: { id?: string } = {}): void {
  if (!mountRequested) {
    mountRequested = true;
    for (const listener of mountListeners) listener();
  }
  void import('react-toastify').then(({ toast }) => {
    toast[kind](message, options.id ? { toastId: options.id } : {});
  });
}
