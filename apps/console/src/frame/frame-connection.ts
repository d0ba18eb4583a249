// The protocol half of the frame bridge: loaded once, with @portico/bridge and its
// schemas, when the first frame attaches. The decisions for each message are listed at the top of
// frame-bridge.ts, which owns this connection and hands it the shell state and navigation.
import {
  BridgeError,
  BridgeHandlerError,
  BridgeTimeoutError,
  createHostEndpoint,
  createWindowTransport,
  type BridgeUser,
  type HostEndpoint,
  type SessionData,
} from '@portico/bridge';
import {
  API_BASE_PATH,
  getTenantGroupName,
  parseAppRoute,
  toLegacyLocation,
  validateNavigationTarget,
  APP_ROOT,
} from '@portico/core';
import { routingSlice } from '../store/slices.ts';
import type { RootState } from '../store/store.ts';
import type { FrameOwner } from './frame-owner.ts';

export interface FrameConnection {
  /** Since when the frame's oldest request has waited for the sign-in (ms epoch), or null. */
  waitingSince(): number | null;
  /** Shows a shell URL in the frame (`router`); the routing state records the confirmation. */
  show(url: string): void;
  notifySessionEnded(reason: string): void;
  /** Opens the frame's custom (application) tab editor (`openCustomTabModal`): null creates one. */
  openCustomTab(tabId: number | null): void;
  close(): void;
}

/** Under the legacy interface's own 10 s request timeout (spec §9), with room for the answer. */
const FRAME_REQUEST_PATIENCE_MS = 9_000;

function signedIn(state: RootState): boolean {
  return state.authn.status === 'AUTHENTICATED' && state.session.user !== null;
}

function notSignedIn(): Error {
  return new BridgeHandlerError('NOT_SIGNED_IN', 'No session');
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

function pushState(previous: RootState | null, next: RootState, target: HostEndpoint): void {
  if (!next.session.user) return;
  if (previous?.authz.permissions !== next.authz.permissions)
    target.send('permissions', { permissions: next.authz.permissions });
  if (previous?.config.language !== next.config.language)
    target.send('language', { language: next.config.language });
  if (previous?.config.timeZone !== next.config.timeZone)
    target.send('timezoneUpdated', { timeZone: next.config.timeZone });
  if (previous?.config.dateFormat !== next.config.dateFormat)
    target.send('dateFormatUpdated', { dateFormat: next.config.dateFormat });
  if (previous?.config.calendarFormat !== next.config.calendarFormat)
    target.send('calendarFormatUpdated', { calendarFormat: next.config.calendarFormat });
  if (previous?.config.groupFields !== next.config.groupFields)
    target.send('groupConfigs', { fields: next.config.groupFields });
}

/** Opens the protocol with the frame in `iframe`. */
export function connectFrame(owner: FrameOwner, iframe: HTMLIFrameElement): FrameConnection {
  const { deps } = owner;
  const { store, session, config, navigation } = deps;
  const logger = deps.logger;

  function sessionData(): SessionData {
    const state = store.getState();
    const token = deps.tokens.read();
    if (!token || !state.session.user) throw notSignedIn();
    return {
      token,
      apiBase: `${config.apiBaseHost}${API_BASE_PATH}`,
      user: bridgeUser(state),
      permissions: state.authz.permissions,
      language: state.config.language,
      timeZone: state.config.timeZone,
      dateFormat: state.config.dateFormat,
      calendarFormat: state.config.calendarFormat,
      groupFields: state.config.groupFields,
    };
  }

  /**
   * The shell URL of a frame navigation target, or null when it is refused (spec §5: empty, not text,
   * undefined or null parameters; and a page that does not exist): a console warning, nothing else.
   */
  function frameTarget(action: string, path: unknown): string | null {
    const validation = validateNavigationTarget(path);
    const url = validation.ok ? `/app${validation.path === '/' ? '' : validation.path}` : null;
    if (url !== null && (url === APP_ROOT || parseAppRoute(url) !== null)) return url;
    logger?.warn(
      `portico: refused the frame's ${action} target ${JSON.stringify(path)} (${validation.ok ? 'no such page' : validation.reason})`,
    );
    return null;
  }

  function refresh(): void {
    void session
      .refreshConfiguration()
      .catch((error: unknown) => logger?.warn('portico: refresh failed', error));
  }

  const peerOrigin = new URL(`${config.legacyUiBase}/`, window.location.href).origin;
  const target = createHostEndpoint({
    transport: createWindowTransport(window, () => iframe.contentWindow),
    peerOrigin,
    ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
    ...(logger ? { logger } : {}),
  });

  function show(url: string): void {
    target
      .navigate(toLegacyLocation(url))
      .then(() => {
        store.dispatch(routingSlice.actions.navigateSuccess({ url }));
        if (owner.getUi().status !== 'ready') owner.setUi({ status: 'ready' });
      })
      .catch((error: unknown) => {
        if (error instanceof BridgeTimeoutError) owner.setUi({ status: 'timeout' });
        else if (!(error instanceof BridgeError))
          logger?.warn('portico: frame navigation failed', error);
        // BRIDGE_FRAME_RELOADED / BRIDGE_CLOSED: the reload handshake or the next frame takes over
      });
  }

  /** Answers still waiting for the sign-in: dropped when the connection closes. */
  const waiting = new Set<() => void>();
  let oldestWait: number | null = null;
  /**
   * A frame booted ahead on the sign-in page asks for the session before there is one: the answer
   * waits for the sign-in. A frame that had given up by then (its request timed
   * out, spec §9 10 s) is reloaded so it asks again.
   */
  function afterSignIn<T>(answer: () => T): T | Promise<T> {
    if (signedIn(store.getState()) || !owner.waitsForSignIn()) return answer();
    const askedAt = Date.now();
    oldestWait ??= askedAt;
    return new Promise<T>((resolve, reject) => {
      const stop = store.subscribe(() => {
        if (!signedIn(store.getState())) return;
        stop();
        waiting.delete(stop);
        if (waiting.size === 0) oldestWait = null;
        if (Date.now() - askedAt > FRAME_REQUEST_PATIENCE_MS) owner.reload();
        try {
          resolve(answer());
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
      waiting.add(stop);
    });
  }

  target.handle('fetchSessionData', () => afterSignIn(sessionData));
  target.handle('fetchUserInfo', () => afterSignIn(() => bridgeUser(store.getState())));
  target.on('sessionExpired', () => session.handleUnauthorized());
  target.on('activity', () => deps.onActivity?.());
  target.on('dirtyState', (state) => deps.unsaved?.report(state));
  // a kept draft goes only to the signed-in user's form for its own record (core's decideDraftOffer)
  target.handle('fetchDraft', ({ path }) => ({
    draft: signedIn(store.getState()) ? (deps.unsaved?.takeDraft(path) ?? null) : null,
  }));
  target.on('routerUpdate', ({ path, replace }) => {
    const url = frameTarget('routerUpdate', path);
    if (url === null) return;
    owner.record('navigateUpdate', url);
    owner.frameShows(url);
    if (url !== navigation.current()) navigation.go(url, { replace: replace === true });
  });
  target.on('navigateToEvent', ({ path }) => {
    const url = frameTarget('navigateToEvent', path);
    if (url !== null) navigation.go(url);
  });
  target.on('modal', ({ open }) => owner.setUi({ modalOpen: open }));
  target.on('handleAboutSection', () =>
    owner.setUi({ aboutRequests: owner.getUi().aboutRequests + 1 }),
  );
  target.on('doneEvent', ({ ok, message }) =>
    deps.notify(ok ? 'success' : 'error', message ?? null),
  );
  // Ctrl+K and Escape typed with the focus in the frame (keyboard events do not cross the iframe)
  target.on('shortcut', ({ command }) => owner.emitShortcut(command));
  let detachTheme: (() => void) | null = null;
  if (deps.colorScheme) {
    const scheme = deps.colorScheme;
    const pushTheme = () => target.send('theme', { scheme: scheme.get() });
    pushTheme();
    detachTheme = scheme.subscribe(pushTheme);
  }
  target.on('sidebarEvent', ({ command }) => {
    if (command === 'open') owner.setUi({ sidebarOpen: true });
    else if (command === 'close') owner.setUi({ sidebarOpen: false });
    else if (command === 'toggle') owner.setUi({ sidebarOpen: !owner.getUi().sidebarOpen });
    else refresh();
  });
  target.on('updateGroupConfigMenu', () => refresh());
  target.on('closeCustomTabModal', ({ saved }) => {
    owner.setUi({ modalOpen: false });
    if (saved) refresh();
  });
  target.on('folderDetail', ({ folderId, name }) =>
    owner.setUi({ folder: { id: folderId, ...(name ? { name } : {}) } }),
  );
  target.onReady(({ reloaded }) => {
    owner.setUi({ status: 'ready', modalOpen: false });
    // a reloaded frame's forms are new: what the old page reported is gone with it
    if (reloaded) deps.unsaved?.reset();
    // a reloaded frame shows what its own URL says: bring it back to the shell's page
    if (reloaded) {
      const url = navigation.current();
      owner.frameShows(url);
      show(url);
    }
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
    for (const [field, value] of Object.entries(changes))
      target.send('userFieldUpdated', { field, value });
  });

  return {
    show,
    waitingSince: () => oldestWait,
    notifySessionEnded(reason) {
      if (target.ready) target.send('sessionExpired', { reason });
    },
    openCustomTab(tabId) {
      if (target.ready) target.send('openCustomTabModal', { tabId });
    },
    close() {
      deps.unsaved?.reset();
      for (const stop of waiting) stop();
      waiting.clear();
      stopStore();
      stopConfig();
      detachTheme?.();
      target.close();
    },
  };
}
