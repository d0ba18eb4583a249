/// <reference lib="dom" />
// npm run bridge:check -- <url> [--host-origin <origin>] [--route <path>]
// A conformance checker for legacy UIs (INTEGRATING.md §9). It opens the page framed by a
// test host that stands on the origin the page expects (by default the page's own origin, as a
// console that serves or proxies its legacy UI does), drives it with the real host endpoint of
// @portico/bridge in headless Chromium, prints a pass/fail table, and exits 0 only when every step
// passes (1 when one fails, 2 on a usage error).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import type { Browser, Frame, Page } from '@playwright/test';
import type { HostRecord } from './bridge-check-host.ts';
import { CHROMIUM_ARGS, findChromium } from './chromium.ts';

type CheckWindow = {
  __bridgeCheck: {
    record: HostRecord;
    start(url: string, frameOrigin: string): void;
    navigate(
      path: string,
      timeoutMs?: number,
    ): Promise<{ ok: true; path: string; ms: number } | { ok: false; error: string }>;
    forgeFromParent(frameOrigin: string, stamp: number): string[];
  };
};

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHECK_PATH = '/__portico-bridge-check__/';
const HANDSHAKE_MS = 10_000;
const REQUEST_MS = 10_000;
/** How long a forged message is given to (wrongly) get an answer. */
const FORGED_WAIT_MS = 1_500;

export interface CheckStep {
  name: string;
  ok: boolean;
  detail: string;
}

export interface CheckOptions {
  url: string;
  /** The console origin the page expects (default: the page's own origin). */
  hostOrigin?: string;
  /** A second route to ask for (default /home/welcome). */
  route?: string;
  chromiumPath?: string;
  log?: (line: string) => void;
}

/** The test host (bridge-check-host.ts, with @portico/bridge's host endpoint) as one classic script. */
async function hostScript(): Promise<string> {
  const result = await build({
    entryPoints: [join(ROOT, 'scripts/bridge-check-host.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    write: false,
    logLevel: 'error',
  });
  return result.outputFiles[0]!.text;
}

function hostPage(title: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><script src="${CHECK_PATH}host.js"></script></head><body><h1>${title}</h1></body></html>`;
}

/** Serves the host page and its script on `origin` (answered by the browser, never by the network). */
async function standOn(page: Page, origin: string, script: string, title: string): Promise<void> {
  await page.route(`${origin}${CHECK_PATH}**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path.endsWith('host.js'))
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: script });
    return route.fulfill({ status: 200, contentType: 'text/html', body: hostPage(title) });
  });
  await page.goto(`${origin}${CHECK_PATH}`);
}

/** Creates the host endpoint and frames the page. */
function frameThePage(page: Page, url: string, frameOrigin: string): Promise<void> {
  return page.evaluate(
    ([url, frameOrigin]) =>
      (window as unknown as CheckWindow).__bridgeCheck.start(url, frameOrigin),
    [url, frameOrigin] as const,
  );
}

async function record(page: Page): Promise<HostRecord> {
  return page.evaluate(() => (window as unknown as CheckWindow).__bridgeCheck.record);
}

async function waitFor(
  page: Page,
  predicate: (record: HostRecord) => boolean,
  timeoutMs: number,
): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (predicate(await record(page))) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return predicate(await record(page));
}

/** Asks the frame for `path` through the real host endpoint; returns the confirmed path and the time. */
function route(
  page: Page,
  path: string,
  timeoutMs?: number,
): Promise<{ ok: true; path: string; ms: number } | { ok: false; error: string }> {
  return page.evaluate(
    ([path, timeoutMs]) =>
      (window as unknown as CheckWindow).__bridgeCheck.navigate(path, timeoutMs),
    [path, timeoutMs] as const,
  );
}

/** Posts forged messages to the frame; returns the ids some reply named (there must be none). */
async function forge(
  page: Page,
  frameOrigin: string,
): Promise<{ answered: string[]; sent: string[] }> {
  const stamp = Date.now();
  const sent = await page.evaluate(
    ([frameOrigin, stamp]) =>
      (window as unknown as CheckWindow).__bridgeCheck.forgeFromParent(frameOrigin, stamp),
    [frameOrigin, stamp] as const,
  );
  const sibling = page.frames().find((frame: Frame) => frame.name() === 'bridge-check-sibling');
  if (sibling) {
    const id = `check-wrong-window-${stamp}`;
    // evaluated in the sibling's own realm, so the message's source is the sibling's window
    await sibling.evaluate(
      ([frameOrigin, id]) =>
        window.parent.frames[0]?.postMessage(
          {
            protocol: 'portico-bridge',
            version: 1,
            kind: 'request',
            action: 'router',
            id,
            payload: { path: '/' },
          },
          frameOrigin,
        ),
      [frameOrigin, id] as const,
    );
    sent.push(id);
  }
  await new Promise((resolve) => setTimeout(resolve, FORGED_WAIT_MS));
  const { raw } = await record(page);
  const answered = raw
    .map((entry) => (entry.data as { replyTo?: unknown } | null)?.replyTo)
    .filter((replyTo): replyTo is string => typeof replyTo === 'string' && sent.includes(replyTo));
  return { answered, sent };
}

/** Runs the protocol script against `options.url`; resolves with the steps (never throws for a failing page). */
export async function checkBridge(options: CheckOptions): Promise<CheckStep[]> {
  const target = new URL(options.url);
  const frameOrigin = target.origin;
  const hostOrigin = options.hostOrigin ?? frameOrigin;
  const second = options.route ?? '/home/welcome';
  const steps: CheckStep[] = [];
  const step = (name: string, ok: boolean, detail: string) => {
    steps.push({ name, ok, detail });
    options.log?.(`${ok ? 'pass' : 'FAIL'}  ${name}: ${detail}`);
    return ok;
  };
  const skip = (names: string[], why: string) =>
    names.forEach((name) => step(name, false, `not run (${why})`));
  const LATER = [
    "router answered (the page's route)",
    'router answered (another route)',
    'reload: a new handshake',
    'router answered after the reload',
    'forged messages refused (right origin)',
    'forged origin refused',
  ];

  const executablePath = options.chromiumPath ?? findChromium();
  if (!executablePath) {
    step(
      'browser',
      false,
      'Chromium was not found: apt-get install -y --no-install-recommends chromium, or set CHROMIUM_PATH',
    );
    return steps;
  }
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath,
      args: [...CHROMIUM_ARGS],
    });
    const script = await hostScript();
    const context = await browser.newContext();
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });

    // 1. the page answers at all
    let status = 0;
    try {
      status = (
        await context.request.get(target.href, { maxRedirects: 5, timeout: REQUEST_MS })
      ).status();
    } catch (error) {
      step(
        'page loads',
        false,
        `${target.href} could not be fetched (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
      );
      skip(['handshake within 10 s', ...LATER], 'the page did not load');
      return steps;
    }
    if (!step('page loads', status > 0 && status < 400, `HTTP ${status}`)) {
      skip(['handshake within 10 s', ...LATER], 'the page did not load');
      return steps;
    }

    // 2. the handshake, from a host on the expected origin
    await standOn(page, hostOrigin, script, 'Portico bridge check');
    const started = Date.now();
    await frameThePage(page, target.href, frameOrigin);
    const shook = await waitFor(page, (r) => r.readies.length > 0, HANDSHAKE_MS);
    const refusedFraming = consoleErrors.find((text) => /Refused to (display|frame)/i.test(text));
    if (!shook) {
      step(
        'handshake within 10 s',
        false,
        refusedFraming
          ? `the browser refused to frame the page: ${refusedFraming.slice(0, 200)} (send frame-ancestors with the console's origin)`
          : `no "ready" from the page within 10 s: it does not speak the Portico frame protocol — include /portico-kit/portico-frame.js and call PorticoFrame.connect({ hostOrigin: "${hostOrigin}" })`,
      );
      skip(LATER, 'no handshake');
      return steps;
    }
    const first = (await record(page)).readies[0]!;
    step(
      'handshake within 10 s',
      true,
      `ready after ${Date.now() - started} ms (route ${first.path ?? 'none'}, instance ${first.instanceId})`,
    );

    // 3. router, twice
    const own = first.path ?? '/';
    const another = second === own ? '/things/thing' : second;
    const answer = await route(page, own);
    step(
      "router answered (the page's route)",
      answer.ok,
      answer.ok
        ? `${own} → routerSuccess ${answer.path} in ${answer.ms} ms (limit 10 s)`
        : `${own}: ${answer.error}`,
    );
    const other = await route(page, another);
    step(
      'router answered (another route)',
      other.ok,
      other.ok
        ? `${another} → routerSuccess ${other.path} in ${other.ms} ms (limit 10 s)`
        : `${another}: ${other.error}`,
    );

    // 4. reload: a new instance handshakes again, and answers router again
    const frame = page
      .frames()
      .find(
        (candidate: Frame) =>
          candidate !== page.mainFrame() && candidate.url().startsWith(frameOrigin),
      );
    if (!frame) {
      skip(
        ['reload: a new handshake', 'router answered after the reload'],
        'the frame was not found',
      );
    } else {
      await frame.evaluate(() => window.location.reload()).catch(() => undefined);
      const reloaded = await waitFor(
        page,
        (r) => r.readies.some((ready) => ready.reloaded && ready.instanceId !== first.instanceId),
        HANDSHAKE_MS,
      );
      const again = (await record(page)).readies.find((ready) => ready.reloaded);
      if (
        step(
          'reload: a new handshake',
          reloaded,
          reloaded
            ? `new instance ${again?.instanceId ?? '?'}`
            : 'no new "ready" within 10 s of the reload (every page load must call PorticoFrame.connect, with a new instance)',
        )
      ) {
        const after = await route(page, own);
        step(
          'router answered after the reload',
          after.ok,
          after.ok
            ? `${own} → routerSuccess ${after.path} in ${after.ms} ms`
            : `${own}: ${after.error}`,
        );
      } else skip(['router answered after the reload'], 'no new handshake');
    }

    // 5. forged messages from the right origin (another window, bad payloads) get no answer
    const forged = await forge(page, frameOrigin);
    step(
      'forged messages refused (right origin)',
      forged.answered.length === 0,
      forged.answered.length === 0
        ? `${forged.sent.length} forged requests (bad payload, bad version, bad kind, another window) got no answer`
        : `the page answered ${forged.answered.join(', ')}: it must check event.origin, event.source and the message shape`,
    );

    // 6. a host on another origin gets no answer (or may not frame the page at all)
    const forgedOrigin = hostOrigin.startsWith('http://bridge-check-forged.invalid')
      ? 'http://bridge-check-forged-2.invalid'
      : 'http://bridge-check-forged.invalid';
    const intruder = await context.newPage();
    await standOn(intruder, forgedOrigin, script, 'Forged host');
    await frameThePage(intruder, target.href, frameOrigin);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const intruderFrame = intruder
      .frames()
      .find((candidate: Frame) => candidate !== intruder.mainFrame());
    // a frame refused by frame-ancestors shows the browser's error page instead of the page's URL
    const loaded = intruderFrame?.url().startsWith(frameOrigin) ? 'framed' : 'blocked';
    const stolen = await route(intruder, own, 3_000);
    // the intruder's host endpoint only acts on the frame's origin; look at what the frame posted to it at all
    const posted = (await record(intruder)).raw.length;
    step(
      'forged origin refused',
      !stolen.ok && posted === 0,
      stolen.ok || posted > 0
        ? `a host on ${forgedOrigin} got ${posted} message(s) from the page${stolen.ok ? ' and an answer to router' : ''}: the page must post only to its hostOrigin (never "*")`
        : loaded === 'blocked'
          ? `a host on ${forgedOrigin} could not frame the page (frame-ancestors) and got nothing`
          : `a host on ${forgedOrigin} framed the page and got no message and no answer`,
    );
    await intruder.close();
    return steps;
  } finally {
    await browser?.close();
  }
}

/** The table printed by the command line. */
export function formatSteps(steps: CheckStep[]): string {
  const width = Math.max(...steps.map((s) => s.name.length), 4);
  return [
    `${'step'.padEnd(width)}  result  detail`,
    `${'-'.repeat(width)}  ------  ------`,
    ...steps.map((s) => `${s.name.padEnd(width)}  ${s.ok ? 'pass  ' : 'FAIL  '}  ${s.detail}`),
  ].join('\n');
}

function usage(message: string): never {
  console.error(
    `bridge:check: ${message}\nusage: npm run bridge:check -- <url of the legacy page> [--host-origin <console origin>] [--route </legacy/route>]`,
  );
  process.exit(2);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
      const value = inline ?? args[(index += 1)];
      if (!value) usage(`--${name} needs a value`);
      flags[name] = value;
    } else positional.push(arg);
  }
  const [url] = positional;
  if (!url || positional.length > 1) usage('give exactly one URL');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    usage(`not a URL: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    usage(`the URL must be http or https: ${url}`);
  for (const name of Object.keys(flags))
    if (!['host-origin', 'route'].includes(name)) usage(`unknown option --${name}`);
  const hostOrigin = flags['host-origin'];
  if (hostOrigin !== undefined) {
    let origin: string | undefined;
    try {
      origin = new URL(hostOrigin).origin;
    } catch {
      origin = undefined;
    }
    if (origin !== hostOrigin)
      usage(
        `--host-origin must be an exact origin such as https://console.example.com, got ${hostOrigin}`,
      );
  }
  const routeFlag = flags.route;
  if (routeFlag !== undefined && !routeFlag.startsWith('/'))
    usage('--route must be a legacy route starting with /');
  console.log(`Checking ${parsed.href} as framed by a host on ${hostOrigin ?? parsed.origin}…\n`);
  const steps = await checkBridge({
    url: parsed.href,
    ...(hostOrigin ? { hostOrigin } : {}),
    ...(routeFlag ? { route: routeFlag } : {}),
  });
  console.log(formatSteps(steps));
  const failed = steps.filter((s) => !s.ok);
  console.log(
    failed.length === 0
      ? `\nbridge:check: all ${steps.length} steps passed`
      : `\nbridge:check: ${failed.length} of ${steps.length} steps failed (first: ${failed[0]!.name} — ${failed[0]!.detail})`,
  );
  process.exit(failed.length === 0 ? 0 : 1);
}
