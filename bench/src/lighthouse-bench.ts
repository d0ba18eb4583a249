// Lighthouse on #/login with its default (mobile) preset (DESIGN §6), in Debian Chromium.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath } from './browser.ts';
import type { BenchRow } from './table.ts';

export async function runLighthouseBench(url: string, runs = 3): Promise<BenchRow[]> {
  const performance: number[] = [];
  const accessibility: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const chrome = await launch({ chromePath: chromiumPath(), chromeFlags: [...CHROMIUM_ARGS] });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      performance.push(result?.lhr.categories.performance?.score ?? 0);
      accessibility.push(result?.lhr.categories.accessibility?.score ?? 0);
    } finally {
      chrome.kill();
    }
  }
  const mid = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  return [
    {
      name: `Lighthouse performance, #/login (mobile preset, median of ${runs})`,
      value: mid(performance).toFixed(2),
      target: '≥ 0.98',
      ok: mid(performance) >= 0.98,
    },
    {
      name: `Lighthouse accessibility, #/login (median of ${runs})`,
      value: mid(accessibility).toFixed(2),
      target: '1.00',
      ok: mid(accessibility) >= 1,
    },
  ];
}
