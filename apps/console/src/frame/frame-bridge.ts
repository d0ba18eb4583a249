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
// The protocol library (and its schemas) is loaded with the shell, never with the sign-in page.
import type * as Bridge from '@portico/bridge';
import type { BridgeUser, HostEndpoint, SessionData } from '@portico/bridge';

type BridgeModule = typeof Bridge;
let bridgeModule: Promise<BridgeModule> | null = null;
const loadBridge = () => (bridgeModule ??= import('@portico/bridge'));
import { diffRoutingState, getRoutingParts, getTenantGroupName, parseAppRoute, toLegacyLocation, validateNavigationTarget } from '@portico/core';
import { CORE_PATH } from '../api/http-client.ts';
import type { RuntimeConfig } from '../lib/runtime-config.ts';
import type { SessionController } from '../session/session-controller.ts';
import type { TokenStore } from '../session/token-store.ts';
import { routingSlice } from '../store/slices.ts';
import type { AppStore, RootState } from '../store/store.ts';

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

export interface FrameBridgeDeps {
  store: AppStore;
  session: SessionController;
  tokens: Pick<TokenStore, 'read'>;
  config: RuntimeConfig;
  navigateShell(path: string, options?: { replace?: boolean }): void;
  currentShellPath(): string;
  /** `message` null: the frame said nothing (its operation key is not for people, issue 15 item 2). */
  notify(kind: 'success' | 'error' | 'warning', message: string | null): void;
  /** The shell's colour scheme, pushed to the frame as `theme` (issue 15 item 8). */
  colorScheme?: { get(): 'light' | 'dark'; subscribe(listener: () => void): () => void };
  logger?: { warn(message: string, details?: unknown): void };
  timeoutMs?: number;
}

const INITIAL_UI: FrameUiState = { status: 'connecting', modalOpen: false, sidebarOpen: true, aboutRequests: 0, folder: null };

export function createFrameBridge(deps: FrameBridgeDeps) {
  const { store, session, config } = deps;
  let ui: FrameUiState = INITIAL_UI;
  const uiListeners = new Set<() => void>();
  let endpoint: HostEndpoint | null = null;
  let bridge: BridgeModule | null = null;
  let attachGeneration = 0;
  let detachStore: (() => void) | null = null;
  /** A shell path set because the frame navigated itself: not echoed back as `router`. */
  let followingFrame: string | null = null;
  let lastRecorded: string | null = null;
  const shortcutListeners = new Set<(command: 'openPalette' | 'escape') => void>();
  let detachTheme: (() => void) | null = null;

  function setUi(patch: Partial<FrameUiState>): void {
    ui = { ...ui, ...patch };
    for (const listener of uiListeners) listener();
  }

  function record(kind: 'navigate' | 'navigateUpdate', url: string): void {
    const parts = getRoutingParts(url);
    const changes = diffRoutingState(lastRecorded, url);
    lastRecorded = url;
    const action = kind === 'navigate' ? routingSlice.actions.navigate : routingSlice.actions.navigateUpdate;
    store.dispatch(action({ url, module: parts.module, featureModule: parts.featureModule, page: parts.page, changes }));
  }

  function notSignedIn(): Error {
    return bridge ? new bridge.BridgeHandlerError('NOT_SIGNED_IN', 'No session') : new Error('No session');
  }

  function bridgeUser(state: RootState): BridgeUser {
    const user = state.session.user;
    if (!user) throw notSignedIn();
    const active = user.activeGroup ?? user.group;
    return {
      id: user.id,
      username: user.username,
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      email: user.email ?? '',
      groupId: active?.id ?? user.groupId ?? 0,
      groupName: active?.name ?? '',
      tenantName: getTenantGroupName(user) || active?.name || '',
      isRoot: state.session.isRoot,
    };
  }

  function sessionData(): SessionData {
    const state = store.getState();
    const token = deps.tokens.read();
    if (!token || !state.session.user) throw notSignedIn();
    return {
      token,
      apiBase: `${config.apiBaseHost}${CORE_PATH}`,
      user: bridgeUser(state),
      permissions: state.authz.permissions,
      language: state.config.language,
      timeZone: state.config.timeZone,
      dateFormat: state.config.dateFormat,
      calendarFormat: state.config.calendarFormat,
      groupFields: state.config.groupFields,
    };
  }

  function pushState(previous: RootState | null, next: RootState, target: HostEndpoint): void {
    if (!next.session.user) return;
    if (previous?.authz.permissions !== next.authz.permissions) target.send('permissions', { permissions: next.authz.permissions });
    if (previous?.config.language !== next.config.language) target.send('language', { language: next.config.language });
    if (previous?.config.timeZone !== next.config.timeZone) target.send('timezoneUpdated', { timeZone: next.config.timeZone });
    if (previous?.config.dateFormat !== next.config.dateFormat) target.send('dateFormatUpdated', { dateFormat: next.config.dateFormat });
    if (previous?.config.calendarFormat !== next.config.calendarFormat) target.send('calendarFormatUpdated', { calendarFormat: next.config.calendarFormat });
    if (previous?.config.groupFields !== next.config.groupFields) target.send('groupConfigs', { fields: next.config.groupFields });
  }

  function showInFrame(url: string): void {
    const target = endpoint;
    if (!target) return;
    target
      .navigate(toLegacyLocation(url))
      .then(() => {
        store.dispatch(routingSlice.actions.navigateSuccess({ url }));
        if (ui.status !== 'ready') setUi({ status: 'ready' });
      })
      .catch((error: unknown) => {
        if (bridge && error instanceof bridge.BridgeTimeoutError) setUi({ status: 'timeout' });
        else if (!(bridge && error instanceof bridge.BridgeError)) deps.logger?.warn('portico: frame navigation failed', error);
        // BRIDGE_FRAME_RELOADED / BRIDGE_CLOSED: the reload handshake or the next frame takes over
      });
  }

  /**
   * The shell URL of a frame navigation target, or null when it is refused (spec §5: empty, not text,
   * undefined or null parameters; and a page that does not exist): a console warning, nothing else.
   */
  function frameTarget(action: string, path: unknown): string | null {
    const validation = validateNavigationTarget(path);
    const url = validation.ok ? `/app${validation.path === '/' ? '' : validation.path}` : null;
    if (url !== null && (url === '/app' || parseAppRoute(url) !== null)) return url;
    deps.logger?.warn(`portico: refused the frame's ${action} target ${JSON.stringify(path)} (${validation.ok ? 'no such page' : validation.reason})`);
    return null;
  }

  function refresh(): void {
    void session.refreshConfiguration().catch((error: unknown) => deps.logger?.warn('portico: refresh failed', error));
  }

  /** Connects to the frame in `iframe` (once the protocol library is loaded); returns the detach function. */
  function attach(iframe: HTMLIFrameElement): () => void {
    detach();
    const generation = ++attachGeneration;
    setUi({ ...INITIAL_UI, aboutRequests: ui.aboutRequests });
    void loadBridge()
      .then((module) => {
        if (generation === attachGeneration) connect(module, iframe);
      })
      .catch((error: unknown) => {
        deps.logger?.warn('portico: the frame protocol could not be loaded', error);
        if (generation === attachGeneration) setUi({ status: 'timeout' });
      });
    return detach;
  }

  function connect(module: BridgeModule, iframe: HTMLIFrameElement): void {
    bridge = module;
    const peerOrigin = new URL(`${config.legacyUiBase}/`, window.location.href).origin;
    const target = module.createHostEndpoint({
      transport: module.createWindowTransport(window, () => iframe.contentWindow),
      peerOrigin,
      ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
      ...(deps.logger ? { logger: deps.logger } : {}),
    });
    endpoint = target;
    target.handle('fetchSessionData', () => sessionData());
    target.handle('fetchUserInfo', () => bridgeUser(store.getState()));
    target.on('sessionExpired', () => session.handleUnauthorized());
    target.on('routerUpdate', ({ path, replace }) => {
      const url = frameTarget('routerUpdate', path);
      if (url === null) return;
      record('navigateUpdate', url);
      if (url === deps.currentShellPath()) return;
      followingFrame = url;
      deps.navigateShell(url, { replace: replace === true });
    });
    target.on('navigateToEvent', ({ path }) => {
      const url = frameTarget('navigateToEvent', path);
      if (url !== null) deps.navigateShell(url);
    });
    target.on('modal', ({ open }) => setUi({ modalOpen: open }));
    target.on('handleAboutSection', () => setUi({ aboutRequests: ui.aboutRequests + 1 }));
    target.on('doneEvent', ({ ok, message }) => deps.notify(ok ? 'success' : 'error', message ?? null));
    // Ctrl+K and Escape typed with the focus in the frame (keyboard events do not cross the iframe)
    target.on('shortcut', ({ command }) => {
      for (const listener of [...shortcutListeners]) listener(command);
    });
    if (deps.colorScheme) {
      const scheme = deps.colorScheme;
      const pushTheme = () => target.send('theme', { scheme: scheme.get() });
      pushTheme();
      detachTheme = scheme.subscribe(pushTheme);
    }
    target.on('sidebarEvent', ({ command }) => {
      if (command === 'open') setUi({ sidebarOpen: true });
      else if (command === 'close') setUi({ sidebarOpen: false });
      else if (command === 'toggle') setUi({ sidebarOpen: !ui.sidebarOpen });
      else refresh();
    });
    target.on('updateGroupConfigMenu', () => refresh());
    target.on('closeCustomTabModal', ({ saved }) => {
      setUi({ modalOpen: false });
      if (saved) refresh();
    });
    target.on('folderDetail', ({ folderId, name }) => setUi({ folder: { id: folderId, ...(name ? { name } : {}) } }));
    target.onReady(({ reloaded }) => {
      setUi({ status: 'ready', modalOpen: false });
      // a reloaded frame shows what its own URL says: bring it back to the shell's page
      if (reloaded) showInFrame(deps.currentShellPath());
    });

    let previous: RootState | null = null;
    const sync = () => {
      const next = store.getState();
      pushState(previous, next, target);
      previous = next;
    };
    sync();
    const stopStore = store.subscribe(sync);
    const stopConfig = session.onConfigChange((changes) => {
      for (const [field, value] of Object.entries(changes)) target.send('userFieldUpdated', { field, value });
    });
    detachStore = () => {
      stopStore();
      stopConfig();
    };
    showInFrame(deps.currentShellPath());
  }

  function detach(): void {
    attachGeneration += 1;
    detachStore?.();
    detachStore = null;
    detachTheme?.();
    detachTheme = null;
    endpoint?.close();
    endpoint = null;
  }

  /** Called after every shell navigation (router.subscribe). */
  function onShellNavigated(url: string): void {
    const following = followingFrame === url;
    followingFrame = null;
    if (!url.startsWith('/app/') || following) return;
    record('navigate', url);
    showInFrame(url);
  }

  /** The shell's session ended: the frame stops calling the API (spec §7 sessionExpired). */
  function notifySessionEnded(reason: string): void {
    if (endpoint?.ready) endpoint.send('sessionExpired', { reason });
  }

  /** Reloads a frame that timed out. */
  function retry(iframe: HTMLIFrameElement | null): void {
    setUi({ status: 'connecting' });
    if (iframe) {
      // a new query makes it a real reload: the same URL with only the fragment changed would not be
      iframe.src = `${config.legacyUiBase}/?reload=${Date.now()}#${toLegacyLocation(deps.currentShellPath())}`;
      attach(iframe);
    }
  }

  return {
    attach,
    detach,
    retry,
    onShellNavigated,
    notifySessionEnded,
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
