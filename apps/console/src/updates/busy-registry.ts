// Things a reload would lose (an open console dialog, an unsaved form) mark themselves busy here;
// the version check and the service worker reload only when nothing is busy (spec §4 "App version
// reload": never while a modal or an unsaved form is open). Kept tiny: dialogs import it eagerly.

const holders = new Set<symbol>();

/** Marks the console busy until the returned release function is called (idempotent). */
export function markBusy(reason: string): () => void {
  const holder = Symbol(reason);
  holders.add(holder);
  return () => {
    holders.delete(holder);
  };
}

/** True while anything is marked busy. */
export function isBusy(): boolean {
  return holders.size > 0;
}

/** What is busy (for logs and tests). */
export function busyReasons(): string[] {
  return [...holders].map((holder) => holder.description ?? '');
}
