/**
 * The frame kit: the legacy side of the protocol for pages with no bundler. Built into the classic
 * script `portico-frame.js` (global `PorticoFrame`) and served at `/portico-kit/portico-frame.js`;
 * INTEGRATING.md is the guide. It wraps {@link createFrameEndpoint} over `window.postMessage` and
 * adds the one thing a page with its own router needs: `routerSuccess(path)`, called whenever the
 * page has finished showing a route, answers the console's pending `router` request, or tells the
 * console with `routerUpdate` when the page navigated by itself.
 */
import { createActivityReporter } from './activity-reporter.ts';
import { BridgeError } from './errors.ts';
import type { BridgeLogger } from './endpoint-core.ts';
import { createFrameEndpoint } from './frame-endpoint.ts';
import type { FrameEndpoint } from './frame-endpoint.ts';
import { BRIDGE_PROTOCOL, BRIDGE_VERSION, legacyPathSchema } from './protocol.ts';
import type { BridgeDraft } from './protocol.ts';
import { createWindowTransport } from './transport.ts';
import type { BridgePostTarget, BridgeWindowLike } from './transport.ts';

/** Options of {@link connect}. */
export interface FrameKitOptions {
  /** The console's exact origin, e.g. `https://console.example.com` (never `*`). Required. */
  hostOrigin: string;
  /** The route the page shows now, sent in the handshake (default: the location hash without `#`). */
  currentPath?: () => string | null;
  /**
   * Called when the console asks the page to show `path` (the `router` request). Either return the
   * path shown (or a promise of it), or return nothing and call {@link FrameKit.routerSuccess} once
   * the page's own router has finished (an AngularJS `$locationChangeSuccess`, for instance).
   */
  onRouter?: (path: string) => string | void | Promise<string | void>;
  /** Request timeout in ms, also the handshake's limit (default 10,000). */
  timeoutMs?: number;
  /** Receives a warning for every dropped message (default `console`). */
  logger?: BridgeLogger;
  /** @internal The window to use (default the global one); for tests. */
  window?: FrameKitWindow;
}

/** The parts of `window` the kit uses. */
export interface FrameKitWindow extends BridgeWindowLike {
  readonly parent: BridgePostTarget | null;
  readonly location: { readonly hash: string };
}

/** What {@link connect} returns: the frame endpoint plus the routing helpers. */
export interface FrameKit extends Pick<
  FrameEndpoint,
  'instanceId' | 'framed' | 'send' | 'request' | 'on' | 'handle' | 'close'
> {
  /** True once the console acknowledged the handshake. */
  readonly ready: boolean;
  /**
   * Settles with the handshake: resolves when the console answered `ready`; rejects with
   * `BridgeError` `BRIDGE_NO_PEER` outside the console, or `BRIDGE_TIMEOUT` after `timeoutMs`.
   */
  readonly connected: Promise<void>;
  /**
   * The page now shows `path` (a legacy route such as `/model/zone`). Answers every pending `router`
   * request with it (`routerSuccess`); when none is pending, the page moved by itself and the console
   * is told with `routerUpdate` (`replace: true` for a redirect). Outside the console it does nothing.
   */
  routerSuccess(path: string, options?: { replace?: boolean }): void;
  /**
   * The user did something in the page (a key, a click, typing): call it from the page's
   * `keydown` / `pointerdown` / `input` listeners. Sends `activity` at most once every 10 s, so that
   * the console extends the session of a user who works only inside the frame.
   */
  reportActivity(): void;
  /**
   * The form at `path` has unsaved changes (`draft`: its values, never a password) or, with `null`,
   * has none any more (saved, discarded, closed). Sends `dirtyState`: while dirty, the console asks
   * before signing out or leaving, warns on tab close, and keeps the draft if the session ends.
   */
  dirtyState(path: string, draft: BridgeDraft | null): void;
  /**
   * A draft the console kept for the form at `path` (the session ended while it was unsaved, and the
   * same user signed in again), or null. Handed over once: offer it ("Restore your unsaved
   * changes?"), then report `dirtyState` when restored.
   */
  fetchDraft(path: string): Promise<BridgeDraft | null>;
}

function fail(message: string): never {
  throw new BridgeError('BRIDGE_CONFIG', `PorticoFrame.connect: ${message}`);
}

function hashPath(win: FrameKitWindow): string | null {
  const path = win.location.hash.replace(/^#/, '').split('?')[0] ?? '';
  return path.startsWith('/') ? path : null;
}

/**
 * Connects this page to the console that frames it: starts the handshake at once and returns the
 * endpoint. Register `on`/`handle` listeners in the same turn (before any message can arrive).
 * Throws `BridgeError` `BRIDGE_CONFIG` for a missing or unsafe `hostOrigin` or a bad option.
 * @example
 * var frame = PorticoFrame.connect({ hostOrigin: 'https://console.example.com', onRouter: showRoute });
 * frame.connected.then(function () { return frame.request('fetchSessionData', {}); }).then(start);
 */
export function connect(options: FrameKitOptions): FrameKit {
  if (typeof options !== 'object' || options === null)
    fail('expected an options object such as { hostOrigin: "https://console.example.com" }');
  if (typeof options.hostOrigin !== 'string' || options.hostOrigin === '') {
    fail(
      'hostOrigin is required: the console\'s exact origin, such as "https://console.example.com"',
    );
  }
  if (options.onRouter !== undefined && typeof options.onRouter !== 'function')
    fail('onRouter must be a function');
  if (options.currentPath !== undefined && typeof options.currentPath !== 'function')
    fail('currentPath must be a function');
  if (
    options.timeoutMs !== undefined &&
    !(Number.isInteger(options.timeoutMs) && options.timeoutMs > 0)
  )
    fail('timeoutMs must be a positive whole number of milliseconds');
  const win = options.window ?? (window as unknown as FrameKitWindow);
  const parent = win.parent && win.parent !== (win as unknown) ? win.parent : null;
  const endpoint = createFrameEndpoint({
    // assertExactOrigin (inside) refuses `*`, paths and `null` with a BRIDGE_CONFIG error
    transport: createWindowTransport(win, () => parent),
    peerOrigin: options.hostOrigin,
    currentPath: options.currentPath ?? (() => hashPath(win)),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const waiting: Array<(path: string) => void> = [];
  const onRouter = options.onRouter;

  endpoint.handle('router', ({ path }) => {
    let confirm: (shown: string) => void = () => undefined;
    const shown = new Promise<string>((resolve) => (confirm = resolve));
    waiting.push(confirm);
    const forget = () => {
      const index = waiting.indexOf(confirm);
      if (index >= 0) waiting.splice(index, 1);
    };
    const answered = (result: string | void) => {
      if (typeof result !== 'string') return shown.then((confirmed) => ({ path: confirmed }));
      // the handler answered itself: this request no longer waits for routerSuccess
      forget();
      return { path: result };
    };
    if (!onRouter) return answered(undefined);
    try {
      return Promise.resolve(onRouter(path)).then(answered, (error: unknown) => {
        forget();
        throw error;
      });
    } catch (error) {
      forget();
      throw error;
    }
  });

  const reportActivity = createActivityReporter({
    send: () => {
      if (endpoint.framed) endpoint.send('activity', {});
    },
  });

  const connected = endpoint.connect();
  // Callers that never look at `connected` must not get an unhandled rejection outside the console.
  connected.catch(() => undefined);

  return {
    instanceId: endpoint.instanceId,
    get framed() {
      return endpoint.framed;
    },
    get ready() {
      return endpoint.ready;
    },
    connected,
    send: (action, payload) => endpoint.send(action, payload),
    request: (action, payload, requestOptions) => endpoint.request(action, payload, requestOptions),
    on: (action, listener) => endpoint.on(action, listener),
    handle: (action, handler) => endpoint.handle(action, handler),
    close: () => endpoint.close(),
    reportActivity,
    dirtyState(path, draft) {
      if (!endpoint.framed) return;
      endpoint.send(
        'dirtyState',
        draft === null ? { dirty: false, path } : { dirty: true, path, draft },
      );
    },
    fetchDraft(path) {
      if (!endpoint.framed) return Promise.resolve(null);
      return endpoint.request('fetchDraft', { path }).then((answer) => answer.draft);
    },
    routerSuccess(path, routeOptions) {
      const checked = legacyPathSchema.safeParse(path);
      if (!checked.success)
        throw new BridgeError(
          'BRIDGE_INVALID_MESSAGE',
          `routerSuccess: ${JSON.stringify(path)} is not a legacy route (it must start with "/")`,
        );
      if (!endpoint.framed) return;
      if (waiting.length > 0) {
        for (const resolve of waiting.splice(0)) resolve(path);
        return;
      }
      endpoint.send('routerUpdate', routeOptions?.replace ? { path, replace: true } : { path });
    },
  };
}

/** The protocol name and version this kit speaks. */
export const protocol = { name: BRIDGE_PROTOCOL, version: BRIDGE_VERSION } as const;
export { BridgeError, BridgeRemoteError, BridgeTimeoutError } from './errors.ts';
