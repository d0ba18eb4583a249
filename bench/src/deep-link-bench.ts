// Cold deep link → first rows: a bookmark to a list (`#/app/things/thing?…`) opened in a new
// browser context that holds a valid session (the token in local storage and its RIOT_TK cookie,
// as a signed-in browser has them), at SEED_SCALE 100. Each phase is read from the page's and the
// frame's own Resource Timing, on one clock (the shell's navigation start = 0):
//   document  the console's index.html has arrived (responseEnd)
//   code      the console's React entry (main-*.js) has arrived
//   session   the console's API calls before the frame's list request (first start → last end)
//   frame     the legacy UI's document was requested (the frame's own navigation start)
//   list      the frame's first thing-list request (start → end)
//   rows      the list's table shows rows and is no longer busy (a MutationObserver in the frame)
import { basename } from 'node:path';
import type { Browser, BrowserContext, Frame, Page } from '@playwright/test';
import {
  DEVICE_PREFERENCE_KEYS,
  STORAGE_KEYS,
  encodeTokenCookie,
  encodeUserDetailCookie,
  toSessionSummary,
  type SessionUserLike,
} from '@portico/core';
import { load } from './lighthouse-bench.ts';
import { startBenchServer, type BenchServer } from './bench-server.ts';
import { median, type BenchRow } from './table.ts';

export const DEEP_LINK = '/#/app/things/thing?sort=serial:desc&page=2';

// A string, not a function: tsx would wrap a function in helpers the page does not have. In the
// legacy UI's frame: the first moment its table shows rows (not busy), every later moment the rows
// change (their text: a row that only marks the search text anew is the same row) with the frame's
// address at that moment, and the time stamps of clicks and inputs.
const FIRST_ROWS_SCRIPT = `(() => {
  if (!location.pathname.startsWith('/legacy-ui/')) return;
  window.__rowsShown = [];
  window.__events = [];
  // the driver waits on these promises instead of polling the frame (polling runs on its main thread)
  const waiters = [];
  window.__untilRows = (after, has) => new Promise((resolve) => {
    const found = () => window.__rowsShown.find((rows) => rows.at > after && rows.address.includes(has));
    const seen = found();
    if (seen) return resolve(seen.at);
    waiters.push(() => {
      const rows = found();
      if (rows) resolve(rows.at);
      return rows !== undefined;
    });
  });
  let last = null;
  addEventListener('click', (event) => window.__events.push(event.timeStamp), true);
  addEventListener('input', (event) => window.__events.push(event.timeStamp), true);
  new MutationObserver(() => {
    const table = document.querySelector('table');
    if (!table || table.hasAttribute('aria-busy')) return;
    const body = table.querySelector('tbody');
    if (!body || !body.querySelector('tr td')) return;
    const shown = body.textContent;
    if (shown === last) return;
    last = shown;
    const now = performance.now();
    window.__rowsShown.push({ at: now, address: location.hash });
    if (window.__firstRows === undefined) window.__firstRows = performance.timeOrigin + now;
    for (let i = waiters.length - 1; i >= 0; i -= 1) if (waiters[i]()) waiters.splice(i, 1);
  }).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
})();`;

interface Entry {
  name: string;
  start: number;
  end: number;
}

interface Timings {
  origin: number;
  document: number;
  entries: Entry[];
}

const TIMINGS = () => ({
  origin: performance.timeOrigin,
  document: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
    .responseEnd,
  entries: performance.getEntriesByType('resource').map((entry) => ({
    name: entry.name,
    start: entry.startTime,
    end: (entry as PerformanceResourceTiming).responseEnd,
  })),
});

export interface DeepLinkPhases {
  document: number;
  code: number;
  sessionStart: number;
  sessionEnd: number;
  frame: number;
  listStart: number;
  listEnd: number;
  rows: number;
}

async function sessionToken(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/riot-core-services/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'demo' }),
  });
  if (!response.ok) throw new Error(`sign-in for the deep link bench: HTTP ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** The user a browser that signed in with `token` keeps (the whoami answer stands for it), once per token. */
const storedUsers = new Map<string, Promise<SessionUserLike>>();
function storedUser(baseUrl: string, token: string): Promise<SessionUserLike> {
  let user = storedUsers.get(token);
  if (user === undefined) {
    user = fetch(`${baseUrl}/riot-core-services/api/user/whoami`, { headers: { token } }).then(
      async (response) => {
        if (!response.ok)
          throw new Error(`whoami for the deep link bench: HTTP ${response.status}`);
        return (await response.json()) as SessionUserLike;
      },
    );
    storedUsers.set(token, user);
  }
  return user;
}

/**
 * A new browser context that holds a valid session, as a browser that signed in has it: the token
 * (RIOT_TK and ACCESS_TOKEN), the user it stored then (the session detail and RIOT_UD), and the
 * browser's fingerprint hash.
 */
async function sessionContext(
  browser: Browser,
  baseUrl: string,
  token: string,
): Promise<BrowserContext> {
  const context = await browser.newContext();
  const url = new URL(baseUrl);
  const user = await storedUser(baseUrl, token);
  await context.addCookies([
    {
      name: 'RIOT_TK',
      value: encodeURIComponent(encodeTokenCookie(token, Date.now())),
      domain: url.hostname,
      path: '/',
    },
    {
      name: 'RIOT_UD',
      value: encodeURIComponent(encodeUserDetailCookie(toSessionSummary(user))),
      domain: url.hostname,
      path: '/',
    },
  ]);
  // the token, and the browser's fingerprint hash the console kept when it signed in here
  // (session/client-id.ts; a tree that does not keep it takes the fingerprint as before)
  await context.addInitScript(
    ([key, value, clientIdKey, detailKey, detail]) => {
      if (location.pathname !== '/') return;
      localStorage.setItem(key!, value!);
      localStorage.setItem(
        clientIdKey!,
        JSON.stringify({ userAgent: navigator.userAgent, visitorId: 'bench0client0id' }),
      );
      localStorage.setItem(detailKey!, detail!);
    },
    [
      STORAGE_KEYS.accessToken,
      token,
      DEVICE_PREFERENCE_KEYS.clientId,
      STORAGE_KEYS.sessionDetail,
      JSON.stringify(user),
    ],
  );
  await context.addInitScript({ content: FIRST_ROWS_SCRIPT });
  return context;
}

/** The legacy UI's frame once it shows its first rows (waited for without polling the page). */
async function firstRows(page: Page): Promise<Frame> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const frame = page.frames().find((candidate) => candidate.url().includes('/legacy-ui/'));
    if (frame) {
      try {
        await frame.evaluate('window.__untilRows(-1, "")');
        return frame;
      } catch (error) {
        // the frame's document was replaced meanwhile: ask the new one, after a moment
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
    }
    if (Date.now() > deadline) throw new Error('no legacy UI frame in 30 s');
    await page.waitForEvent('framenavigated', { timeout: 30_000 });
  }
}

export async function openDeepLink(
  browser: Browser,
  baseUrl: string,
  token: string,
): Promise<DeepLinkPhases> {
  const context = await sessionContext(browser, baseUrl, token);
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}${DEEP_LINK}`);
    const frame = await firstRows(page);
    const shell = (await page.evaluate(TIMINGS)) as Timings;
    const inFrame = (await frame.evaluate(TIMINGS)) as Timings;
    const rowsAt = (await frame.evaluate(
      () => (window as { __firstRows?: number }).__firstRows,
    )) as number;
    const frameOffset = inFrame.origin - shell.origin;
    const api = (entry: Entry) => entry.name.includes('/riot-core-services/api/');
    const list = inFrame.entries.find((entry) =>
      /\/riot-core-services\/api\/thing(\?|\/?$)/.test(new URL(entry.name).pathname + '?'),
    );
    const listStart = (list?.start ?? Number.NaN) + frameOffset;
    const sessionCalls = shell.entries.filter((entry) => api(entry) && entry.start < listStart);
    const main = shell.entries.find((entry) => /\/assets\/main-[\w-]+\.js$/.test(entry.name));
    return {
      document: shell.document,
      code: main?.end ?? Number.NaN,
      sessionStart: Math.min(...sessionCalls.map((entry) => entry.start)),
      sessionEnd: Math.max(...sessionCalls.map((entry) => entry.end)),
      frame: frameOffset,
      listStart,
      listEnd: (list?.end ?? Number.NaN) + frameOffset,
      rows: rowsAt - shell.origin,
    };
  } finally {
    await context.close();
  }
}

interface Change {
  /** From the last click or input in the frame to the rows it brought. */
  fromEvent: number;
  /** From the start of the list request behind them (Resource Timing) to the rows. */
  fromRequest: number;
}

/**
 * Does `act` (clicks or keystrokes in the frame), then waits for the rows that came after its last
 * event, at an address that holds `addressHas` (the typed text): rows of an earlier keystroke's
 * query, or the same rows marked anew, do not count.
 */
async function untilRowsChange(
  frame: Frame,
  act: () => Promise<void>,
  addressHas = '',
): Promise<Change> {
  await act();
  const lastEvent = await frame.evaluate(() =>
    (window as { __events?: number[] }).__events!.at(-1)!,
  );
  const shownAt = (await frame.evaluate(
    `window.__untilRows(${lastEvent}, ${JSON.stringify(addressHas)})`,
  )) as number;
  const request = await frame.evaluate(
    (at) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => /\/riot-core-services\/api\/thing\?/.test(entry.name))
        .map((entry) => entry.startTime)
        .filter((time) => time <= at)
        .at(-1)!,
    shownAt,
  );
  return { fromEvent: shownAt - lastEvent, fromRequest: shownAt - request };
}

/** Keystrokes a person makes: 150 ms apart (about 80 words a minute). */
export const PERSON_KEY_MS = 150;
/** Keystrokes of a fast typist's burst: 30 ms apart, inside the list's pause. */
export const BURST_KEY_MS = 30;

export interface ListTimings {
  /** Typed at a person's pace, judged from the last keystroke. */
  filter: Change[];
  /** Typed in a fast burst, judged from the last keystroke: the list's pause is in it. */
  burst: Change[];
  sort: Change[];
  page: Change[];
}

/**
 * In a list of 100,000 things (SEED_SCALE 100, the admin sees all): a text filter typed key by key
 * (at a person's pace; then in a burst, where the list's pause after typing is part of the wait),
 * a sort by a column, the next page, each → rows shown.
 */
export async function listOperations(
  browser: Browser,
  baseUrl: string,
  token: string,
  runs: number,
  /** The first round's number: each round filters by texts of its own (no count cached yet). */
  firstRun = 0,
): Promise<ListTimings> {
  const context = await sessionContext(browser, baseUrl, token);
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/#/app/things/thing`);
    const frame = await firstRows(page);
    const frameLocator = page.frameLocator('iframe[title="Legacy interface"]');
    const timings: ListTimings = { filter: [], burst: [], sort: [], page: [] };
    const search = frameLocator.getByRole('searchbox');
    const sortButton = frameLocator.locator('table thead button.sort').first();
    const next = frameLocator.locator('nav.pager').getByRole('button', { name: 'Next' });
    const type = (text: string, delay: number) =>
      untilRowsChange(frame, () => search.pressSequentially(text, { delay }), `q=${text}`);
    for (let run = firstRun; run < firstRun + runs; run += 1) {
      // a different fragment of a serial each time: "0001", "0002", …
      timings.filter.push(await type(`000${run + 1}`, PERSON_KEY_MS));
      timings.sort.push(await untilRowsChange(frame, () => sortButton.click()));
      timings.page.push(await untilRowsChange(frame, () => next.click()));
      await untilRowsChange(frame, () => search.clear());
      // "0011", "0021", …
      timings.burst.push(await type(`00${run + 1}1`, BURST_KEY_MS));
    }
    return timings;
  } finally {
    await context.close();
  }
}

interface Contender {
  label: string;
  server: BenchServer;
  token: string;
  results: DeepLinkPhases[];
  list: ListTimings;
}

const phasesText = (results: DeepLinkPhases[]) => {
  const mid = (pick: (phases: DeepLinkPhases) => number) => Math.round(median(results.map(pick)));
  return (
    `${mid((p) => p.rows)} ms (document ${mid((p) => p.document)}, code ${mid((p) => p.code)}, ` +
    `session ${mid((p) => p.sessionStart)}–${mid((p) => p.sessionEnd)}, ` +
    `frame ${mid((p) => p.frame)}, list ${mid((p) => p.listStart)}–${mid((p) => p.listEnd)})`
  );
};

/**
 * The deep link and the list figures. With `againstRoot` (`--against DIR`), the same figures for
 * that tree too, in the same run: each round opens both in a rotating order (interleaved), and each
 * figure prints both medians and their ratio (this tree ÷ that one).
 */
export async function runDeepLinkBench(
  browser: Browser,
  runs = 5,
  againstRoot: string | null = null,
): Promise<BenchRow[]> {
  const contenders: Contender[] = [];
  try {
    for (const [label, root] of [
      ['this tree', undefined],
      ...(againstRoot ? [[basename(againstRoot), againstRoot]] : []),
    ] as Array<[string, string | undefined]>) {
      const server = await startBenchServer({ seedScale: 100, ...(root ? { root } : {}) });
      const empty: ListTimings = { filter: [], burst: [], sort: [], page: [] };
      contenders.push({
        label,
        server,
        token: await sessionToken(server.url),
        results: [],
        list: empty,
      });
    }
    // warms each server's caches, not measured
    for (const one of contenders) await openDeepLink(browser, one.server.url, one.token);
    for (let run = 0; run < runs; run += 1)
      for (let i = 0; i < contenders.length; i += 1) {
        const one = contenders[(run + i) % contenders.length]!;
        one.results.push(await openDeepLink(browser, one.server.url, one.token));
      }
    for (let run = 0; run < runs; run += 1)
      for (let i = 0; i < contenders.length; i += 1) {
        const one = contenders[(run + i) % contenders.length]!;
        const list = await listOperations(browser, one.server.url, one.token, 1, run);
        one.list.filter.push(...list.filter);
        one.list.burst.push(...list.burst);
        one.list.sort.push(...list.sort);
        one.list.page.push(...list.page);
      }
  } finally {
    for (const one of contenders) await one.server.close();
  }
  const ms = (changes: Change[], pick: (change: Change) => number) =>
    Math.round(median(changes.map(pick)));
  const [ours, other] = contenders as [Contender, Contender | undefined];
  const beside = (value: (one: Contender) => number, text: (one: Contender) => string) =>
    other
      ? `; ${other.label}: ${text(other)}; ratio ×${(value(ours) / value(other)).toFixed(2)}`
      : '';
  const rowsOf = (one: Contender) => median(one.results.map((phases) => phases.rows));
  const listRow = (name: string, pick: (timings: ListTimings) => Change[]): BenchRow => {
    const value = (one: Contender) => ms(pick(one.list), (change) => change.fromEvent);
    const text = (one: Contender) =>
      `${value(one)} ms (its request → rows ${ms(pick(one.list), (change) => change.fromRequest)} ms)`;
    return {
      name: `list of 100,000 things: ${name} → rows shown (in the frame, median of ${runs})`,
      value: `${text(ours)}${beside(value, text)}; load ${load()}`,
      target: '≤ 150 ms',
      ok: value(ours) <= 150,
    };
  };
  // the filter asks at the first keystroke after a pause and waits for a pause inside a burst: each
  // judged from the last keystroke (from its request beside it)
  const filterOf = (one: Contender) => ms(one.list.filter, (change) => change.fromEvent);
  const filterText = (one: Contender) =>
    `${filterOf(one)} ms from the last keystroke (${ms(one.list.filter, (change) => change.fromRequest)} ms from its request)`;
  const burstOf = (one: Contender) => ms(one.list.burst, (change) => change.fromEvent);
  const burstText = (one: Contender) =>
    `${burstOf(one)} ms from the last keystroke, the list's pause included (${ms(one.list.burst, (change) => change.fromRequest)} ms from its request)`;
  return [
    {
      name: `cold deep link → first rows, SEED_SCALE 100 (new context with a session, median of ${runs})`,
      value: `${phasesText(ours.results)}${beside(rowsOf, (one) => phasesText(one.results))}; load ${load()}`,
      target: '≤ 800 ms',
      ok: rowsOf(ours) <= 800,
    },
    {
      name: `list of 100,000 things: text filter typed at ${PERSON_KEY_MS} ms a key → rows shown (in the frame, median of ${runs})`,
      value: `${filterText(ours)}${beside(filterOf, filterText)}; load ${load()}`,
      target: '≤ 150 ms',
      ok: filterOf(ours) <= 150,
    },
    {
      name: `list of 100,000 things: text filter typed in a burst, ${BURST_KEY_MS} ms a key → rows shown (in the frame, median of ${runs})`,
      value: `${burstText(ours)}${beside(burstOf, burstText)}; load ${load()}`,
    },
    listRow('sort by a column', (timings) => timings.sort),
    listRow('next page', (timings) => timings.page),
  ];
}
