// The colour scheme: `prefers-color-scheme` unless this device overrides it
// (user menu → Theme: system / light / dark, stored per device). CSS does the work (global.css reads
// data-theme on <html>); this module keeps the attribute, tells listeners (the frame bridge pushes
// the resolved scheme to the legacy UI) and follows the system and other tabs.
import {
  DEVICE_PREFERENCE_KEYS,
  parseThemePreference,
  resolveColorScheme,
  type ColorScheme,
  type ThemePreference,
} from '@portico/core';
import { getLocal, setLocal } from '../session/browser-storage.ts';

const listeners = new Set<() => void>();
let preference: ThemePreference = 'system';
let started = false;

function systemQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)')
    : null;
}

function apply(): void {
  const root = document.documentElement;
  if (preference === 'system') delete root.dataset.theme;
  else root.dataset.theme = preference;
  for (const listener of [...listeners]) listener();
}

/** Reads the device's preference, applies it and starts following the system and other tabs (once). */
export function startColorScheme(): void {
  preference = parseThemePreference(getLocal(DEVICE_PREFERENCE_KEYS.theme));
  apply();
  if (started) return;
  started = true;
  systemQuery()?.addEventListener('change', apply);
  window.addEventListener('storage', (event) => {
    if (event.key !== DEVICE_PREFERENCE_KEYS.theme) return;
    preference = parseThemePreference(event.newValue);
    apply();
  });
}

export function getThemePreference(): ThemePreference {
  return preference;
}

/** Stores the device's choice and applies it at once. */
export function setThemePreference(next: ThemePreference): void {
  preference = next;
  setLocal(DEVICE_PREFERENCE_KEYS.theme, next);
  apply();
}

/** The scheme shown now (the preference, or the system's when it is `system`). */
export function getColorScheme(): ColorScheme {
  return resolveColorScheme(preference, systemQuery()?.matches ?? false);
}

/** Called when the preference or the system's scheme changes; returns the unsubscribe function. */
export function subscribeColorScheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
