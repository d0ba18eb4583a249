// The console's end of the frame protocol (issue 6; spec §4 routing state, §7 messages).
// Decisions for the frame → shell actions (see packages/bridge/PROTOCOL.md):
// - routerUpdate: the shell URL follows (push, or replace when asked) without echoing `router`;
// - navigateToEvent: the shell navigates the normal way (guards, then `router` back to the frame);
// - modal: the shell chrome is dimmed and inert until the frame closes its dialog;
// - sidebarEvent: open / close / toggle the sidebar; refresh re-reads permissions and fields;
// - handleAboutSection: the shell's About dialog opens;
// - doneEvent: a success or error toast with the frame's message;
// - updateGroupConfigMenu and closeCustomTabModal(saved): configuration is refetched and pushed;
// - folderDetail: the REPORTS sidebar shows the folder; sessionExpired: the shell logs out when it
//   is the signed-in session's (core's decideUnauthorized: after a sign-out it is silent);
// - navigateToEvent and routerUpdate targets are validated (core's validateNavigationTarget, and the
//   page must exist): an invalid one is refused with a console warning and nothing happens (§5, §8).
// Host → frame: after a saved user field, `userFieldUpdated` (spec §7 "a change message is broadcast").
//
// This module is the small, eager half: the shell state the frame drives, and the shell's
// navigation followed (issue 17 item 2: the bridge is handed the navigation and follows it itself).
// The protocol itself lives in frame-connection.ts, loaded once with the protocol library when the
// first frame attaches — never with the sign-in page.
import { diffRoutingState, getRoutingParts, toLegacyLocation } from '@portico/core';
import type { RuntimeConfig } from '../lib/runtime-config.ts';
import type { SessionController } from '../session/session-controller.ts';
import type { TokenStore } from '../session/token-store.ts';
import { routingSlice } from '../store/slices.ts';
import type { AppStore } from '../store/store.ts';
import type { FrameConnection, connectFrame } from './frame-connection.ts';

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

/** The shell's navigation, as the bridge needs it (the router's port; issue 17 item 2). */
export interface ShellNavigation {
  /** The shell URL shown now (path and query). */
  current(): string;
  go(path: string, options?: { replace?: boolean }): void;
  /** Calls `listener` once per settled navigation with its URL; returns the unsubscribe function. */
  subscribe(listener: (url: string) => void): () => void;
}

export interface FrameBridgeDeps {
  store: AppStore;
  session: SessionController;
  tokens: Pick<TokenStore, 'read'>;
  config: RuntimeConfig;
  navigation: ShellNavigation;
  /** `message` null: the frame said nothing (its operation key is not for people, issue 15 item 2). */
  notify(kind: 'success' | 'error' | 'warning', message: string | null): void;
  /** The shell's colour scheme, pushed to the frame as `theme` (issue 15 item 8). */
  colorScheme?: { get(): 'light' | 'dark'; subscribe(listener: () => void): () => void };
  logger?: { warn(message: string, details?: unknown): void };
  timeoutMs?: number;
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
}

let connectionModule: Promise<{ connectFrame: typeof connectFrame }> | null = null;
const loadConnection = () => (connectionModule ??= import('./frame-connection.ts'));

const INITIAL_UI: FrameUiState = {
  status: 'connecting',
  modalOpen: false,
  sidebarOpen: true,
  aboutRequests: 0,
  folder: null,
};

export function createFrameBridge(deps: FrameBridgeDeps) {
  const { store, navigation } = deps;
  let ui: FrameUiState = INITIAL_UI;
  const uiListeners = new Set<() => void>();
  const shortcutListeners = new Set<(command: 'openPalette' | 'escape') => void>();
  let connection: FrameConnection | null = null;
  let attachGeneration = 0;
  let lastRecorded: string | null = null;
  /** The shell URL the frame is known to show: a shell navigation to it sends no `router`. */
  let shownInFrame: string | null = null;

  function setUi(patch: Partial<FrameUiState>): void {
    ui = { ...ui, ...patch };
    for (const listener of uiListeners) listener();
  }

  function record(kind: 'navigate' | 'navigateUpdate', url: string): void {
    const parts = getRoutingParts(url);
    const changes = diffRoutingState(lastRecorded, url);
    lastRecorded = url;
    const action =
      kind === 'navigate' ? routingSlice.actions.navigate : routingSlice.actions.navigateUpdate;
    store.dispatch(
      action({
        url,
        module: parts.module,
        featureModule: parts.featureModule,
        page: parts.page,
        changes,
      }),
    );
  }

  const owner: FrameOwner = {
    deps,
    getUi: () => ui,
    setUi,
    record,
    frameShows(url) {
      shownInFrame = url;
    },
    emitShortcut(command) {
      for (const listener of [...shortcutListeners]) listener(command);
    },
  };

  /** Connects to the frame in `iframe` (once the protocol is loaded); returns the detach function. */
  function attach(iframe: HTMLIFrameElement): () => void {
    detach();
    const generation = ++attachGeneration;
    shownInFrame = null;
    setUi({ ...INITIAL_UI, aboutRequests: ui.aboutRequests });
    void loadConnection()
      .then((module) => {
        if (generation !== attachGeneration) return;
        connection = module.connectFrame(owner, iframe);
        show(navigation.current());
      })
      .catch((error: unknown) => {
        deps.logger?.warn('portico: the frame protocol could not be loaded', error);
        if (generation === attachGeneration) setUi({ status: 'timeout' });
      });
    return detach;
  }

  function detach(): void {
    attachGeneration += 1;
    connection?.close();
    connection = null;
  }

  function show(url: string): void {
    shownInFrame = url;
    connection?.show(url);
  }

  // Every settled shell navigation is recorded and shown in the frame (spec §4 routing state),
  // unless the frame already shows it (it navigated itself and said so with routerUpdate).
  navigation.subscribe((url) => {
    if (!url.startsWith('/app/') || url === shownInFrame) return;
    record('navigate', url);
    show(url);
  });

  /** Reloads a frame that timed out. */
  function retry(iframe: HTMLIFrameElement | null): void {
    setUi({ status: 'connecting' });
    if (iframe) {
      // a new query makes it a real reload: the same URL with only the fragment changed would not be
      iframe.src = `${deps.config.legacyUiBase}/?reload=${Date.now()}#${toLegacyLocation(navigation.current())}`;
      attach(iframe);
    }
  }

  /** Resolves once the first frame has answered (ready or timed out), or after `limitMs`. */
  function whenSettled(limitMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        uiListeners.delete(check);
        resolve();
      };
      const check = () => {
        if (ui.status !== 'connecting') done();
      };
      const timer = setTimeout(done, limitMs);
      uiListeners.add(check);
      check();
    });
  }

  return {
    attach,
    detach,
    retry,
    whenSettled,
    /** Loads the protocol ahead (while the user signs in), so the first frame connects at once. */
    preload(): Promise<void> {
      return loadConnection().then(() => undefined);
    },
    /** The shell's session ended: the frame stops calling the API (spec §7 sessionExpired). */
    notifySessionEnded(reason: string): void {
      connection?.notifySessionEnded(reason);
    },
    getUi: () => ui,
    subscribeUi(listener: () => void) {
      uiListeners.add(listener);
      return () => uiListeners.delete(listener);
    },
    closeFolder: () => setUi({ folder: null }),
    /** Listens to the shell shortcuts typed in the frame; returns the unsubscribe function. */
    onShortcut(listener: (command: 'openPalette' | 'escape') => void) {
      shortcutListeners.add(listener);
      return () => {
        shortcutListeners.delete(listener);
      };
    },
  };
}

export type FrameBridge = ReturnType<typeof createFrameBridge>;
