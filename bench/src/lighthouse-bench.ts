// Lighthouse on #/login with its default (mobile) preset (DESIGN §6), in Debian Chromium.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { loadavg } from 'node:os';
import { CHROMIUM_ARGS, chromiumPath } from './browser.ts';
import { median, type BenchRow } from './table.ts';

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  /** Largest / first contentful paint, total blocking time (ms, simulated mobile), layout shift. */
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
}

/** One Lighthouse run (mobile preset) of `url` in a fresh Chromium. */
export async function lighthouseRun(url: string): Promise<LighthouseFigures> {
  const chrome = await launch({ chromePath: chromiumPath(), chromeFlags: [...CHROMIUM_ARGS] });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const lhr = result?.lhr;
    const audit = (id: string) => lhr?.audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: lhr?.categories.performance?.score ?? 0,
      accessibility: lhr?.categories.accessibility?.score ?? 0,
      lcp: audit('largest-contentful-paint'),
      fcp: audit('first-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
    };
  } finally {
    chrome.kill();
  }
}

export function load(): string {
  return loadavg()[0]?.toFixed(1) ?? '?';
}

export async function runLighthouseBench(url: string, runs = 3): Promise<BenchRow[]> {
  const figures: LighthouseFigures[] = [];
  for (let run = 0; run < runs; run += 1) figures.push(await lighthouseRun(url));
  const mid = (pick: (figure: LighthouseFigures) => number) => median(figures.map(pick));
  const performance = mid((figure) => figure.performance);
  const accessibility = mid((figure) => figure.accessibility);
  const cls = mid((figure) => figure.cls);
  return [
    {
      name: `Lighthouse performance, #/login (mobile preset, median of ${runs})`,
      value: performance.toFixed(2),
      target: '1.00',
      ok: performance >= 1,
    },
    {
      name: `Lighthouse accessibility, #/login (median of ${runs})`,
      value: accessibility.toFixed(2),
      target: '1.00',
      ok: accessibility >= 1,
    },
    {
      name: `Lighthouse #/login LCP / FCP / TBT (simulated mobile, median of ${runs})`,
      value: `${Math.round(mid((figure) => figure.lcp))} / ${Math.round(mid((figure) => figure.fcp))} / ${Math.round(mid((figure) => figure.tbt))} ms, load ${load()}`,
    },
    {
      name: `Lighthouse #/login CLS (median of ${runs})`,
      value: cls.toFixed(3),
      target: '0',
      ok: cls === 0,
    },
  ];
}
