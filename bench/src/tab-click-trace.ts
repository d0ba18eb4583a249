// Where a tab click's time goes: `npx tsx bench/src/tab-click-trace.ts [clicks] [--root DIR] [--out FILE]`
// signs in, clicks the bench's two sidebar pages `clicks` times (16 by default) under a Chromium
// trace (devtools.timeline), writes the trace (open it in DevTools' Performance panel) and prints,
// per click and as medians, the steps of the one main thread that shell and frame share:
//   input     the click's time stamp → its handler (the browser's input queue, not the product)
//   wait      the handler's end → the frame's `router` task (after a discrete input Chromium holds
//             every task of the page, posted messages included, until the next frame is drawn)
//   frame     the frame's `router` task; `forced` is the style and layout forced inside it
//   answer    the frame's task end → the shell marking navigateSuccess (the bench's end point)
// `--root DIR` measures another checkout's build (as the bench's `--against`).
import { writeFileSync } from 'node:fs';
import { startBenchServer } from './bench-server.ts';
import { launchChromium } from './browser.ts';
import { clickTabs, signedInPage } from './navigation-bench.ts';
import { median } from './table.ts';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { type?: string; url?: string } };
}

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const count = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 16);
const root = option('--root');
const out = option('--out') ?? '/tmp/tab-click-trace.json';

// In the shell only: the handler's start (with the event's time stamp) and the navigateSuccess
// mark, as user-timing marks in the trace.
const PROBE = `(() => {
  const probe = { clicks: [] };
  window.__tabClickProbe = probe;
  addEventListener('click', (event) => {
    probe.clicks.push(performance.now() - event.timeStamp);
    performance.mark('probe-click');
  }, true);
  new MutationObserver((records) => {
    if (records.some((record) => record.target.dataset?.routePhase === 'navigateSuccess'))
      performance.mark('probe-success');
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-route-phase'] });
})()`;

const server = await startBenchServer(root ? { root } : {});
const browser = await launchChromium();
try {
  const page = await signedInPage(browser, server.url);
  await page.evaluate(PROBE);
  await clickTabs(page, 4);
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  // the protocol types each event as a string map: these are the fields read below
  cdp.on('Tracing.dataCollected', (data) =>
    events.push(...(data.value as unknown as TraceEvent[])),
  );
  const complete = new Promise<void>((resolve) =>
    cdp.once('Tracing.tracingComplete', () => resolve()),
  );
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-devtools.timeline.stack',
        'toplevel',
        'blink.user_timing',
        'v8.execute',
      ],
    },
  });
  const clicks = await clickTabs(page, count);
  await cdp.send('Tracing.end');
  await complete;
  writeFileSync(out, JSON.stringify({ traceEvents: events }));
  const inputDelays = ((await page.evaluate('window.__tabClickProbe.clicks')) as number[]).slice(
    -count,
  );

  const dispatches = events
    .filter((event) => event.name === 'EventDispatch' && event.args?.data?.type === 'click')
    .sort((a, b) => a.ts - b.ts);
  const thread = dispatches[0];
  const main = events
    .filter((event) => event.ph === 'X' && event.pid === thread?.pid && event.tid === thread?.tid)
    .sort((a, b) => a.ts - b.ts);
  const successes = events
    .filter((event) => event.name === 'probe-success')
    .map((event) => event.ts)
    .sort((a, b) => a - b);
  const within = (outer: TraceEvent, event: TraceEvent) =>
    event.ts >= outer.ts && event.ts <= outer.ts + (outer.dur ?? 0);
  const ms = (micros: number) => micros / 1000;
  const rows = dispatches.flatMap((click, index) => {
    const end = successes.find((at) => at > click.ts);
    // the frame's task: the first posted message after the click that runs the legacy UI's code
    const frameTask = main.find(
      (event) =>
        event.name === 'HandlePostMessage' &&
        event.ts > click.ts &&
        main.some(
          (call) =>
            call.name === 'FunctionCall' &&
            (call.args?.data?.url ?? '').includes('/legacy-ui/') &&
            within(event, call),
        ),
    );
    if (end === undefined || !frameTask) return [];
    const frameEnd = frameTask.ts + (frameTask.dur ?? 0);
    const forced = main
      .filter(
        (event) =>
          (event.name === 'UpdateLayoutTree' || event.name === 'Layout') &&
          within(frameTask, event),
      )
      .reduce((sum, event) => sum + (event.dur ?? 0), 0);
    return [
      {
        inPage: clicks[index]?.inPage ?? NaN,
        input: inputDelays[index] ?? NaN,
        wait: ms(frameTask.ts - (click.ts + (click.dur ?? 0))),
        frame: ms(frameTask.dur ?? 0),
        forced: ms(forced),
        answer: ms(end - frameEnd),
      },
    ];
  });
  const fixed = (value: number) => value.toFixed(1).padStart(6);
  console.log('   in page   input    wait   frame  forced  answer   (ms)');
  for (const row of rows)
    console.log(
      `  ${[row.inPage, row.input, row.wait, row.frame, row.forced, row.answer].map(fixed).join('  ')}`,
    );
  const column = (key: keyof (typeof rows)[number]) => fixed(median(rows.map((row) => row[key])));
  console.log(
    `  ${(['inPage', 'input', 'wait', 'frame', 'forced', 'answer'] as const).map(column).join('  ')}   medians of ${rows.length}`,
  );
  console.log(`trace: ${out}`);
} finally {
  await browser.close();
  await server.close();
}
