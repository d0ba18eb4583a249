// The types between the frame bridge (frame-bridge.ts, which owns the connection) and the
// connection it loads lazily (frame-connection.ts): the shell state the frame drives, the shell's
// navigation and what the connection is handed by its owner. In a module of their own so that the
// two halves import them, not each other.
import type { RuntimeConfig } from '../lib/runtime-config.ts';
import type { SessionController } from '../session/session-controller.ts';
import type { TokenStore } from '../session/token-store.ts';
import type { AppStore } from '../store/store.ts';
import type { UnsavedWork } from './unsaved-work.ts';

export type FrameStatus = 'connecting' | 'ready' | 'timeout';

/** Shell state the frame can drive. */
export interface FrameUiState {
  status: FrameStatus;
  modalOpen: boolean;
  sidebarOpen: boolean;
  /** Incremented each time the frame asks for the About dialog. */
  aboutRequests: number;
  folder: { id: number | null; name?: string } | null;
}

/** The shell's navigation, as the bridge needs it (the router's port). */
export interface ShellNavigation {
  /** The shell URL shown now (path and query). */
  current(): string;
  go(path: string, options?: { replace?: boolean }): void;
  /** Calls `listener` once per settled navigation with its URL; returns the unsubscribe function. */
  subscribe(listener: (url: string) => void): () => void;
  /** Calls `listener` with the URL of each navigation as it starts; returns the unsubscribe function. */
  subscribeStart(listener: (url: string) => void): () => void;
  /** Whether a navigation to `url` will pass the guards without waiting (see `anticipate`). */
  admitsAhead(url: string): boolean;
  /** True for a page the user may not open: the shell explains it, the frame is not sent there. */
  forbids(url: string): boolean;
}

export interface FrameBridgeDeps {
  store: AppStore;
  session: SessionController;
  tokens: Pick<TokenStore, 'read'>;
  config: RuntimeConfig;
  navigation: ShellNavigation;
  /** `message` null: the frame said nothing (its operation key is not for people). */
  notify(kind: 'success' | 'error' | 'warning', message: string | null): void;
  /** The shell's colour scheme, pushed to the frame as `theme`. */
  colorScheme?: { get(): 'light' | 'dark'; subscribe(listener: () => void): () => void };
  logger?: { warn(message: string, details?: unknown): void };
  timeoutMs?: number;
  /** The frame's unsaved work (`dirtyState`, `fetchDraft`). */
  unsaved?: Pick<UnsavedWork, 'report' | 'reset' | 'takeDraft'>;
  /** The user did something in the frame (`activity`). */
  onActivity?(): void;
}

/** What the connection module is handed by the bridge that owns it. */
export interface FrameOwner {
  deps: FrameBridgeDeps;
  getUi(): FrameUiState;
  setUi(patch: Partial<FrameUiState>): void;
  /** Records a routing step in the store (spec §4 routing state). */
  record(kind: 'navigate' | 'navigateUpdate', url: string): void;
  /** The frame reported it shows `url` itself (routerUpdate): following it must not echo `router`. */
  frameShows(url: string): void;
  emitShortcut(command: 'openPalette' | 'escape'): void;
  /**
   * True while the frame was booted ahead on the sign-in page and waits, out of sight, for the
   * session: its session requests are answered once the user is signed in, not refused.
   */
  waitsForSignIn(): boolean;
  /** The frame gave up waiting (its own request timed out): reload it. */
  reload(): void;
}
