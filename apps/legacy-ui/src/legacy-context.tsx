import { createContext, useContext } from 'react';
import type { DateTimePreferences, PermissionSet } from '@portico/core';
import type { ApiClient } from './api-client.ts';
import type { MessageKey, Translate } from './i18n.ts';
import type { ColumnDef, FieldDef, ResourceDef } from './resources.ts';

/** What every page of the signed-in legacy UI gets. */
export interface LegacyContextValue {
  api: ApiClient;
  t: Translate;
  language: string;
  permissions: PermissionSet;
  preferences: DateTimePreferences;
  groupFields: Record<string, unknown>;
  user: {
    firstName: string;
    lastName: string;
    username: string;
    tenantName?: string;
    /** A root user (level-1 group): names the tenant on tenant pages such as the license. */
    isRoot?: boolean;
    /** The active group (where /tenants/settings opens). */
    groupId?: number;
  };
  /** Navigates inside the frame and tells the shell (routerUpdate). */
  navigate(path: string, options?: { replace?: boolean }): void;
  /** Tells the shell a modal dialog opened or closed. */
  setModalOpen(open: boolean): void;
  /** Tells the shell an operation finished (doneEvent → a toast). */
  done(operation: string, ok: boolean, message?: string): void;
  /** Asks the shell to navigate (navigateToEvent): cross-module links go through the shell's guards. */
  navigateShell(path: string): void;
  /** Asks the shell to open its About dialog (handleAboutSection). */
  openAbout(): void;
  /** Tells the shell a group's configuration changed (updateGroupConfigMenu): it reloads and pushes it. */
  groupConfigChanged(groupId: number): void;
  /** Drives the shell's sidebar (sidebarEvent). */
  sidebar(command: 'open' | 'close' | 'toggle' | 'refresh'): void;
  /** A resource's name in the tenant vocabulary and the shell's language (plural: list titles). */
  resourceLabel(resource: ResourceDef): string;
  /** One record's name in the tenant vocabulary ("Asset"). */
  oneLabel(resource: ResourceDef): string;
  /** A field's or column's label, in the tenant vocabulary when it names a concept ("Area type"). */
  fieldLabel(field: FieldDef | ColumnDef): string;
  /** An enumeration value as people read it ("In maintenance" for `maintenance`). */
  enumLabel(value: string): string;
  /** The console address of a legacy location (real links: open in a new tab, copy, share). */
  consoleHref(location: string): string;
  /** A label by vocabulary concept, else the translated fallback key. */
  conceptLabel(concept: string, fallback: MessageKey): string;
  /** Unsaved work, told to the shell (absent outside the console). */
  unsaved?: UnsavedWorkPort;
}

/** A form's unsaved values: field name → text typed (never a password). */
export type DraftValues = Record<string, string>;

/** What a form tells the shell of its unsaved work (bridge `dirtyState`, `fetchDraft`). */
export interface UnsavedWorkPort {
  /** The frame's location now (path and query): where a form that opens is. */
  location(): string;
  /** The form at `path` has unsaved changes (`draft`), or none any more (`null`). */
  report(path: string, draft: DraftValues | null): void;
  /** The draft the shell kept for the form at `path` when a session ended, or null. */
  fetch(path: string): Promise<DraftValues | null>;
}

export const LegacyContext = createContext<LegacyContextValue | null>(null);

/** The signed-in context; only pages rendered inside a signed-in LegacyApp call it. */
export function useLegacy(): LegacyContextValue {
  const value = useContext(LegacyContext);
  if (!value) throw new Error('useLegacy() outside a signed-in legacy app');
  return value;
}
