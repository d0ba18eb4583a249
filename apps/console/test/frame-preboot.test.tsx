// The legacy interface booted while the user types on the sign-in page. Its
// session request waits for the sign-in instead of being refused, the shell moves that very frame
// into place, and a frame that waited too long is replaced at the sign-in.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BridgeRemoteError } from '@portico/bridge';
import { PREBOOT_FRESH_MS } from '../src/frame/frame-bridge.ts';
import { routingSlice } from '../src/store/slices.ts';
import { createTokenStore } from '../src/session/token-store.ts';
import {
  apiLogin,
  connectFakeFrame,
  renderConsole,
  routePath,
  servicesForFile,
  signInThroughForm,
} from './console-harness.tsx';

const harness = servicesForFile();

type Movable = Element & { moveBefore?: (node: Node, child: Node | null) => void };
const moves: Array<{ node: Node; into: Element }> = [];
/** jsdom has no Element.moveBefore: a stand-in that records the move (and moves the node). */
function withMoveBefore(): void {
  (Element.prototype as Movable).moveBefore = function (this: Element, node, child) {
    moves.push({ node, into: this });
    this.insertBefore(node, child);
  };
}
afterEach(() => {
  for (const parking of document.querySelectorAll('[data-prebooted-frame]')) parking.remove();
  Reflect.deleteProperty(Element.prototype, 'moveBefore');
  moves.length = 0;
  vi.restoreAllMocks();
});

/**
 * A request the shell answers at once (`fetchDraft`), sent and answered: the shell handles the
 * frame's messages in the order they arrive, so whatever it answered at once to a request sent
 * before this one has come back by now.
 */
async function roundTrip(frame: ReturnType<typeof connectFakeFrame>): Promise<void> {
  await frame.request('fetchDraft', { path: '/things/thing' });
}

const parkedFrame = () =>
  document.querySelector<HTMLIFrameElement>('[data-prebooted-frame] iframe');

describe('a frame booted ahead on the sign-in page', () => {
  it('waits for the sign-in, answers the session, and is the frame the shell shows', async () => {
    withMoveBefore();
    const rendered = await renderConsole('/login');
    expect(rendered.app.services.frame.preboot()).toBe(true);
    const iframe = parkedFrame();
    expect(iframe).not.toBeNull();
    const parking = iframe!.parentElement!;
    expect(parking.getAttribute('aria-hidden')).toBe('true');
    expect(parking.inert).toBe(true);
    expect(iframe!.tabIndex).toBe(-1);

    const frame = connectFakeFrame(iframe!);
    frame.handle('router', ({ path }) => ({ path }));
    await frame.connect();
    let answered: unknown = null;
    const session = frame.request('fetchSessionData', {}).then((data) => (answered = data));
    // not refused: it waits (a refusal, or an answer, would have come back before the answer to a
    // request sent after it)
    await roundTrip(frame);
    expect(answered).toBeNull();

    await signInThroughForm(rendered, 'admin');
    await session;
    expect(answered).toMatchObject({ user: { username: 'admin' }, token: expect.any(String) });

    // the shell took that iframe: moved (not created again), titled, the parking gone
    const shown = await screen.findByTitle('Legacy interface');
    expect(shown).toBe(iframe);
    expect(moves.map((move) => move.node)).toEqual([iframe]);
    expect(shown.hasAttribute('tabindex')).toBe(false);
    expect(document.querySelector('[data-prebooted-frame]')).toBeNull();
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
  });

  it("the full app's sign-in page (after a sign-out) boots the frame on the first input and takes it at sign-in", async () => {
    withMoveBefore();
    const rendered = await renderConsole('/login');
    expect(parkedFrame()).toBeNull();
    await rendered.user.click(await screen.findByRole('textbox', { name: 'Username' }));
    const iframe = parkedFrame();
    expect(iframe).not.toBeNull();
    const frame = connectFakeFrame(iframe!);
    frame.handle('router', ({ path }) => ({ path }));
    await frame.connect();
    const session = frame.request('fetchSessionData', {});
    await signInThroughForm(rendered, 'admin');
    await expect(session).resolves.toMatchObject({ user: { username: 'admin' } });
    expect(await screen.findByTitle('Legacy interface')).toBe(iframe);
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
  });

  it('counts as settled (analytics may load) once it has shown a page, not at its handshake', async () => {
    withMoveBefore();
    const rendered = await renderConsole('/login');
    const bridge = rendered.app.services.frame;
    bridge.preboot();
    const frame = connectFakeFrame(parkedFrame()!);
    const routed: string[] = [];
    frame.handle('router', ({ path }) => {
      routed.push(path);
      return { path };
    });
    await frame.connect();
    let settled = false;
    void bridge.whenSettled(60_000).then(() => (settled = true));
    void frame.request('fetchSessionData', {});
    await roundTrip(frame);
    // shaken hands long before the sign-in: its first page is still to come
    expect(bridge.getUi().status).toBe('ready');
    expect(settled).toBe(false);

    await signInThroughForm(rendered, 'admin');
    await waitFor(() => expect(settled).toBe(true));
    expect(routed).toEqual(['/things/thing']);
  });

  it("counts as settled in a task after the frame's answer, not in the answer's own task", async () => {
    const rendered = await renderConsole('/login');
    const { store, services } = rendered.app;
    let settled = false;
    void services.frame.whenSettled(60_000).then(() => (settled = true));
    store.dispatch(
      routingSlice.actions.navigate({
        url: '/app/things/thing',
        module: 'things',
        featureModule: null,
        page: 'thing',
        changes: null,
      }),
    );
    store.dispatch(routingSlice.actions.navigateSuccess({ url: '/app/things/thing' }));
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
    expect(settled).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await waitFor(() => expect(settled).toBe(true));
  });

  it("the sign-in's first page: the shell is drawn once the frame has answered, its answer already read", async () => {
    withMoveBefore();
    const rendered = await renderConsole('/login');
    rendered.app.services.frame.preboot();
    const frame = connectFakeFrame(parkedFrame()!);
    const answers: Array<() => void> = [];
    frame.handle(
      'router',
      ({ path }) => new Promise((resolve) => answers.push(() => resolve({ path }))),
    );
    await frame.connect();
    void frame.request('fetchSessionData', {});
    await signInThroughForm(rendered, 'admin');
    await waitFor(() => expect(answers).toHaveLength(1));
    // sent ahead, not answered yet (and AHEAD_PATIENCE_MS has not run out): the shell's
    // navigation waits for the answer, so nothing of the shell is drawn yet
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(routePath(rendered.app)).toBe('/login');
    expect(screen.queryByRole('navigation', { name: 'Modules' })).toBeNull();
    answers[0]!();
    await screen.findByRole('navigation', { name: 'Modules' });
    // the frame's container comes with the frame's answer on it (navigateSuccess at its insertion)
    const container = screen.getByTitle('Legacy interface').parentElement!;
    expect(container.dataset).toMatchObject({
      routeUrl: '/app/things/thing',
      routePhase: 'navigateSuccess',
    });
  });

  it('is replaced at the sign-in when its session request has waited too long', async () => {
    withMoveBefore();
    const rendered = await renderConsole('/login');
    const bridge = rendered.app.services.frame;
    bridge.preboot();
    const first = parkedFrame()!;
    const frame = connectFakeFrame(first);
    await frame.connect();
    void frame.request('fetchSessionData', {}).catch(() => undefined);
    await roundTrip(frame); // the shell has the request

    bridge.preboot(); // a sign-in soon after: the same frame
    expect(parkedFrame()).toBe(first);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + PREBOOT_FRESH_MS + 1);
    bridge.preboot(); // a sign-in long after: a new frame, the old one gone
    expect(parkedFrame()).not.toBe(first);
    expect(first.isConnected).toBe(false);
    expect(document.querySelectorAll('[data-prebooted-frame]')).toHaveLength(1);
    bridge.discardPrebooted();
    expect(document.querySelectorAll('[data-prebooted-frame]')).toHaveLength(0);
  });

  it('without Element.moveBefore nothing boots ahead, and a frame asking before the sign-in is refused', async () => {
    const token = await apiLogin(harness, 'admin');
    expect(token).not.toBe('');
    const rendered = await renderConsole('/login');
    expect(rendered.app.services.frame.preboot()).toBe(false);
    expect(parkedFrame()).toBeNull();
    // a frame attached the usual way before any sign-in (the refusal the frame kit expects)
    const iframe = document.createElement('iframe');
    document.body.append(iframe);
    const detach = rendered.app.services.frame.attach(iframe);
    const frame = connectFakeFrame(iframe);
    await frame.connect();
    await expect(frame.request('fetchSessionData', {})).rejects.toBeInstanceOf(BridgeRemoteError);
    detach();
    iframe.remove();
    await waitFor(() => expect(document.querySelectorAll('iframe')).toHaveLength(0));
  });

  it('a deep link with a session boots the frame at its page beside the session calls; no `router` reaches it before the shell takes it', async () => {
    withMoveBefore();
    createTokenStore().write(await apiLogin(harness, 'admin'));
    const whoami = harness.hold('GET /user/whoami');
    const rendered = await renderConsole('/app/things/thing?sort=serial:desc&page=2');
    rendered.app.warmUp({ session: true }); // main.tsx, right after the first render
    const iframe = parkedFrame();
    expect(iframe).not.toBeNull();
    expect(new URL(iframe!.src).hash).toBe('#/things/thing?sort=serial:desc&page=2');

    const frame = connectFakeFrame(iframe!);
    const routed: string[] = [];
    frame.handle('router', ({ path }) => {
      routed.push(path);
      return { path };
    });
    await frame.connect();
    let answered: unknown = null;
    const session = frame.request('fetchSessionData', {}).then((data) => (answered = data));
    await whoami.arrived; // the session calls run while the frame boots
    await roundTrip(frame);
    expect(answered).toBeNull(); // it waits for the session, not refused
    expect(routed).toEqual([]); // the shell has not decided what it shows yet
    whoami.release();
    await session;
    expect(answered).toMatchObject({ user: { username: 'admin' }, token: expect.any(String) });
    // the shell took that very frame (moved, not created again)
    expect(await screen.findByTitle('Legacy interface')).toBe(iframe);
    expect(moves.map((move) => move.node)).toEqual([iframe]);
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
  });

  it('a session opening on a page of the shell boots no frame ahead (its files are fetched only)', async () => {
    withMoveBefore();
    createTokenStore().write(await apiLogin(harness, 'admin'));
    const rendered = await renderConsole('/');
    rendered.app.warmUp({ session: true });
    expect(parkedFrame()).toBeNull();
  });
});
