// The console's end of the frame protocol (spec §4 routing state, §7 messages).
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
// navigation followed (the bridge is handed the navigation and follows it itself).
// The protocol itself lives in frame-connection.ts, loaded once with the protocol library when the
// first frame attaches — never with the sign-in page.
import { diffRoutingState, getRoutingParts, toLegacyLocation } from '@portico/core';
import { routingSlice } from '../store/slices.ts';
import type { FrameConnection, connectFrame } from './frame-connection.ts';
import type { FrameBridgeDeps, FrameOwner, FrameUiState } from './frame-owner.ts';

/**
 * A frame booted ahead is replaced at sign-in when its session request has
 * waited longer than this: the legacy interface's own request may time out 10 s after it asked
 * (spec §9), and the sign-in itself needs some of that time.
 */
export const PREBOOT_FRESH_MS = 6_000;

/**
 * How long a shell navigation sent to the frame ahead waits for the frame's answer before it
 * completes anyway (`answeredAhead`): a frame that is slow or hung never holds the shell longer.
 */
export const AHEAD_PATIENCE_MS = 250;

/** Whether this browser can move an iframe without reloading it (`Element.moveBefore`). */
export function canMoveFrames(): boolean {
  return typeof Element !== 'undefined' && 'moveBefore' in Element.prototype;
}

interface ParkedFrame {
  iframe: HTMLIFrameElement;
  parking: HTMLElement;
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
  /** The frame booted ahead on the sign-in page, until the shell takes it. */
  let parked: ParkedFrame | null = null;
  /** The iframe the connection belongs to (attached last). */
  let attachedFrame: HTMLIFrameElement | null = null;
  /** The shell URL sent to the frame ahead of the shell's own navigation, until it is answered. */
  let ahead: { url: string; waiters: Set<() => void> } | null = null;
  /** Counts the shell navigations that started (`anticipate`): a later one supersedes a `goAhead`. */
  let started = 0;

  function settleAhead(): void {
    const settled = ahead;
    ahead = null;
    if (settled) for (const waiter of [...settled.waiters]) waiter();
  }
  // the frame answered (navigateSuccess), or the routing state moved on (another navigation, the
  // frame's own routerUpdate): a navigation waiting on the frame completes
  store.subscribe(() => {
    if (!ahead) return;
    const { routing } = store.getState();
    if (routing.url !== ahead.url || routing.phase !== 'navigate') settleAhead();
  });

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
    waitsForSignIn: () => parked !== null,
    reload() {
      const iframe = parked?.iframe ?? attachedFrame;
      if (iframe) retry(iframe);
    },
  };

  /** Connects to the frame in `iframe` (once the protocol is loaded); returns the detach function. */
  function attach(iframe: HTMLIFrameElement): () => void {
    detach();
    const generation = ++attachGeneration;
    attachedFrame = iframe;
    shownInFrame = null;
    setUi({ ...INITIAL_UI, aboutRequests: ui.aboutRequests });
    void loadConnection()
      .then((module) => {
        if (generation !== attachGeneration) return;
        connection = module.connectFrame(owner, iframe);
        const url = navigation.current();
        // a frame booted ahead is sent to the shell's page when the shell takes it (adoptPrebooted):
        // before that, the shell has not decided yet (guards, the session) what it shows
        if (url.startsWith('/app/') && parked?.iframe !== iframe) show(url);
      })
      .catch((error: unknown) => {
        deps.logger?.warn('portico: the frame protocol could not be loaded', error);
        if (generation === attachGeneration) setUi({ status: 'timeout' });
      });
    return detach;
  }

  function detach(): void {
    settleAhead();
    attachGeneration += 1;
    attachedFrame = null;
    connection?.close();
    connection = null;
  }

  function discardParked(): void {
    if (!parked) return;
    if (attachedFrame === parked.iframe) detach();
    parked.parking.remove();
    parked = null;
  }

  /**
   * Boots the legacy interface ahead, at `location` (a legacy path; its start page by default),
   * while the user signs in or while a deep link's session calls run: a frame out of
   * sight and out of the accessibility tree, connected at once, whose session request waits for the
   * sign-in. The shell later moves it into place with `moveBefore`, which keeps the document; a
   * browser without it loads the frame the usual way. Returns whether a frame is booting.
   */
  function preboot(location = '/'): boolean {
    if (!canMoveFrames() || typeof document === 'undefined') return false;
    const waitingSince = parked ? connection?.waitingSince() : null;
    if (waitingSince != null && Date.now() - waitingSince > PREBOOT_FRESH_MS) discardParked();
    if (parked) return true;
    const parking = document.createElement('div');
    parking.setAttribute('aria-hidden', 'true');
    parking.inert = true;
    parking.dataset.prebootedFrame = '';
    Object.assign(parking.style, {
      position: 'fixed',
      inset: '0',
      visibility: 'hidden',
      pointerEvents: 'none',
      zIndex: '-1',
    });
    const iframe = document.createElement('iframe');
    iframe.tabIndex = -1;
    iframe.style.cssText = 'width:100%;height:100%;border:0';
    iframe.src = `${deps.config.legacyUiBase}/#${location}`;
    parking.append(iframe);
    document.body.append(parking);
    parked = { iframe, parking };
    attach(iframe);
    return true;
  }

  /**
   * The frame booted ahead, moved into `container` without reloading it, or null when there is
   * none (or the move fails): the caller then creates its own frame.
   */
  function adoptPrebooted(container: HTMLElement): HTMLIFrameElement | null {
    if (!parked || attachedFrame !== parked.iframe) {
      discardParked();
      return null;
    }
    const { iframe, parking } = parked;
    try {
      (container as HTMLElement & { moveBefore(node: Node, child: Node | null): void }).moveBefore(
        iframe,
        null,
      );
    } catch (error) {
      deps.logger?.warn(
        'portico: the frame booted ahead could not be moved; loading it again',
        error,
      );
      discardParked();
      return null;
    }
    iframe.removeAttribute('tabindex');
    iframe.removeAttribute('style');
    parking.remove();
    parked = null;
    // the shell's page may have been shown before the move: make sure the frame shows it
    follow(navigation.current());
    return iframe;
  }

  function show(url: string): void {
    // Before the protocol has loaded nothing can be sent: the frame is not marked as showing `url`,
    // so that the connection, once made (attach), or the shell taking a frame booted ahead
    // (adoptPrebooted), sends it. Marked anyway, a navigation that settled while the protocol
    // loaded (a deep link whose session answered first) was never sent, and the shell waited for
    // an answer to a route it had not asked.
    if (!connection) return;
    shownInFrame = url;
    connection.show(url);
  }

  // Every settled shell navigation is recorded and shown in the frame (spec §4 routing state),
  // unless the frame already shows it (it navigated itself and said so with routerUpdate).
  function follow(url: string): void {
    if (!url.startsWith('/app/') || url === shownInFrame || navigation.forbids(url)) return;
    record('navigate', url);
    show(url);
  }
  navigation.subscribe(follow);

  /**
   * A shell navigation to `url` has started (a link's click, the palette, `navigate`, Back). When
   * the guards will let it through without waiting, the frame is sent there now, before the shell's
   * own navigation runs (its guards, history entry and render): the frame starts on its page while
   * the shell does its part, and the navigation's end finds the frame there already.
   * Anything the guards could refuse or redirect waits for them, as before.
   */
  function anticipate(url: string): void {
    started += 1;
    if (!url.startsWith('/app/') || url === shownInFrame || url === navigation.current()) return;
    if (!connection || ui.status !== 'ready' || !navigation.admitsAhead(url)) return;
    settleAhead();
    // The shell's navigation completes once the frame has answered: between pages of the shown
    // shell, and on a sign-in's first page too (from /login, the frame booted ahead still parked).
    // The shell is then drawn with the frame's page already in it and its answer already read;
    // drawn first, its commit, layout and paint ran between the frame's answer and the shell
    // reading it (one main thread).
    follow(url);
    if (shownInFrame === url && store.getState().routing.url === url)
      ahead = { url, waiters: new Set() };
  }
  navigation.subscribeStart(anticipate);

  /**
   * A shell navigation to `url` that the frame can take first (see `anticipate`): the frame is sent
   * there now and the shell's own navigation starts once it has answered (AHEAD_PATIENCE_MS at
   * most). Returns null when nothing was sent: the shell navigates at once, as before. Otherwise
   * the promise says whether the shell should still navigate: false when another navigation
   * started meanwhile (a later click, Back). The shell's router then does no work at all (its
   * navigation state, its render) while the frame shows the page and answers: on a tab click, that
   * work sat between the frame's answer and the shell reading it, on the one main thread.
   */
  function goAhead(url: string): Promise<boolean> | null {
    anticipate(url);
    const pending = ahead;
    if (!pending || pending.url !== url) return null;
    const generation = started;
    return answeredAhead().then(() => {
      // answered or out of patience: the navigation's own start finds nothing left to wait for
      if (ahead === pending) settleAhead();
      return generation === started;
    });
  }

  /** Reloads a frame that timed out. */
  function retry(iframe: HTMLIFrameElement | null): void {
    setUi({ status: 'connecting' });
    if (iframe) {
      const url = navigation.current();
      const location = url.startsWith('/app/') ? toLegacyLocation(url) : '/';
      // a new query makes it a real reload: the same URL with only the fragment changed would not be
      iframe.src = `${deps.config.legacyUiBase}/?reload=${Date.now()}#${location}`;
      attach(iframe);
    }
  }

  /**
   * Resolves once the frame has answered the navigation sent to it ahead (see `anticipate`), at
   * once when none is waiting, and after `limitMs` at the latest. The shell's page loader waits on
   * it, so that the shell's own part of a tab click (its history entry, its render, the window
   * title) comes after the frame's answer instead of between the frame's page and that answer:
   * frame and shell share one main thread when they share an origin.
   */
  function answeredAhead(limitMs = AHEAD_PATIENCE_MS): Promise<void> {
    const pending = ahead;
    if (!pending) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        pending.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, limitMs);
      pending.waiters.add(done);
    });
  }

  /**
   * Resolves once the frame has shown a first page (it answered a route, or navigated by itself) or
   * timed out, or after `limitMs`. Not at its handshake: a frame booted ahead on the sign-in page
   * has shaken hands long before the sign-in, and its first page is still to come. Resolved in a
   * later task than the answer's: a sign-in's shell is drawn in the answer's own task.
   */
  function whenSettled(limitMs: number): Promise<void> {
    return new Promise((resolve) => {
      let stopStore = () => {};
      const done = () => {
        clearTimeout(timer);
        uiListeners.delete(check);
        stopStore();
        setTimeout(resolve, 0);
      };
      const check = () => {
        const { phase } = store.getState().routing;
        if (ui.status === 'timeout' || phase === 'navigateSuccess' || phase === 'navigateUpdate')
          done();
      };
      const timer = setTimeout(done, limitMs);
      uiListeners.add(check);
      stopStore = store.subscribe(check);
      check();
    });
  }

  return {
    attach,
    detach,
    retry,
    preboot,
    /** Whether a frame booted ahead is waiting to be taken (read at the shell frame's first render). */
    hasPrebooted: () => parked !== null,
    adoptPrebooted,
    discardPrebooted: discardParked,
    whenSettled,
    answeredAhead,
    goAhead,
    /** Loads the protocol ahead (while the user signs in), so the first frame connects at once. */
    preload(): Promise<void> {
      return loadConnection().then(() => undefined);
    },
    /** The shell's session ended: the frame stops calling the API (spec §7 sessionExpired). */
    notifySessionEnded(reason: string): void {
      connection?.notifySessionEnded(reason);
    },
    getUi: () => ui,
    /** Whether the frame already shows `url` (it navigated there itself: routerUpdate). */
    shows: (url: string) => url === shownInFrame,
    subscribeUi(listener: () => void) {
      uiListeners.add(listener);
      return () => uiListeners.delete(listener);
    },
    closeFolder: () => setUi({ folder: null }),
    /** Opens the frame's application tab editor (spec §7 custom-tab modal actions): null creates one. */
    openCustomTab(tabId: number | null): void {
      connection?.openCustomTab(tabId);
    },
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
