// The frame protocol loads on its own (frame-connection.ts, a chunk of its own): a shell navigation
// can settle before it has. Found by the e2e frame contract once a deep link's session started its
// calls beside whoami (one round trip): the session answered before the protocol had loaded, the
// route was never sent, and the shell waited for an answer to a route it had not asked.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFrameBridge } from '../src/frame/frame-bridge.ts';
import type { ShellNavigation } from '../src/frame/frame-owner.ts';
import type { SessionController } from '../src/session/session-controller.ts';
import { createTokenStore } from '../src/session/token-store.ts';
import { createAppStore } from '../src/store/store.ts';
import { TEST_CONFIG, connectFakeFrame } from './console-harness.tsx';

// the protocol module stays loading until the test lets it through
const gate = vi.hoisted(() => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open: () => open() };
});
vi.mock('../src/frame/frame-connection.ts', async (importOriginal) => {
  await gate.opened;
  return importOriginal();
});

type Movable = Element & { moveBefore?: (node: Node, child: Node | null) => void };
afterEach(() => {
  Reflect.deleteProperty(Element.prototype, 'moveBefore');
  for (const node of document.querySelectorAll('[data-prebooted-frame]')) node.remove();
});

function fakeNavigation(start: string) {
  let current = start;
  const listeners = new Set<(url: string) => void>();
  const navigation: ShellNavigation = {
    current: () => current,
    go: () => undefined,
    admitsAhead: () => false,
    forbids: () => false,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    subscribeStart: () => () => undefined,
  };
  return {
    navigation,
    settle(url: string) {
      current = url;
      for (const listener of [...listeners]) listener(url);
    },
  };
}

describe('a navigation that settles before the frame protocol has loaded', () => {
  it('is sent to the frame booted ahead once the shell takes it', async () => {
    (Element.prototype as Movable).moveBefore = function (this: Element, node, child) {
      this.insertBefore(node, child);
    };
    const store = createAppStore();
    const shell = fakeNavigation('/login');
    const session = {
      onConfigChange: () => () => undefined,
      handleUnauthorized: () => undefined,
      refreshConfiguration: async () => undefined,
    } as unknown as SessionController;
    const bridge = createFrameBridge({
      store,
      session,
      tokens: createTokenStore(),
      config: TEST_CONFIG,
      navigation: shell.navigation,
      notify: () => undefined,
    });
    expect(bridge.preboot('/model/zone')).toBe(true);
    const iframe = document.querySelector<HTMLIFrameElement>('[data-prebooted-frame] iframe')!;
    // the session answered first: the shell's page settles while the protocol still loads
    shell.settle('/app/model/zone');
    expect(store.getState().routing).toMatchObject({ url: '/app/model/zone', phase: 'navigate' });

    // a move keeps the frame's document (moveBefore); jsdom's stand-in reinserts the node, which
    // would give it a new window: the frame's window is kept as it was
    const frameWindow = iframe.contentWindow;
    Object.defineProperty(iframe, 'contentWindow', { configurable: true, get: () => frameWindow });
    const frame = connectFakeFrame(iframe);
    const routed: string[] = [];
    frame.handle('router', ({ path }) => {
      routed.push(path);
      return { path };
    });
    gate.open();
    await frame.connect();
    // the shell takes the frame (its first render of the work area)
    const container = document.createElement('div');
    document.body.append(container);
    expect(bridge.adoptPrebooted(container)).toBe(iframe);
    await vi.waitFor(() => expect(routed).toEqual(['/model/zone']));
    await vi.waitFor(() =>
      expect(store.getState().routing).toMatchObject({
        url: '/app/model/zone',
        phase: 'navigateSuccess',
      }),
    );
    container.remove();
  });
});
