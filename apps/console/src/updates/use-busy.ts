import { useEffect } from 'react';
import { markBusy } from './busy-registry.ts';

/** Marks the console busy while the calling component is mounted and `active` is true. */
export function useBusy(reason: string, active = true): void {
  useEffect(() => (active ? markBusy(reason) : undefined), [reason, active]);
}
