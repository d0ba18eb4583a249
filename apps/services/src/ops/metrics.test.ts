import { describe, expect, it } from 'vitest';
import { Metrics } from './metrics.ts';

const requests = (text: string, status: string) =>
  Number(
    new RegExp(
      `portico_http_requests_total\\{method="GET",route="/x",status="${status}"\\} (\\d+)`,
    ).exec(text)?.[1] ?? Number.NaN,
  );
const lookups = (text: string, result: string) =>
  Number(
    new RegExp(`portico_cache_lookups_total\\{cache="sessions",result="${result}"\\} (\\d+)`).exec(
      text,
    )?.[1] ?? Number.NaN,
  );

describe('Metrics', () => {
  it('counts requests and cache lookups kept between reads exactly once, across reads', async () => {
    const metrics = new Metrics();
    for (let i = 0; i < 3; i += 1) metrics.request('GET', '/x', 200, 0.002);
    metrics.request('GET', '/x', 404, 0.0001);
    metrics.cacheLookup('sessions', true);
    metrics.cacheLookup('sessions', false);
    let text = await metrics.registry.metrics();
    expect(requests(text, '200')).toBe(3);
    expect(requests(text, '404')).toBe(1);
    expect(lookups(text, 'hit')).toBe(1);
    expect(lookups(text, 'miss')).toBe(1);
    expect(text).toContain(
      'portico_http_request_duration_seconds_bucket{le="0.0025",method="GET",route="/x",status="200"} 3',
    );
    // A second read adds only what came since the first.
    text = await metrics.registry.metrics();
    expect(requests(text, '200')).toBe(3);
    metrics.request('GET', '/x', 200, 0.002);
    metrics.cacheLookup('sessions', true);
    metrics.cacheLookup('sessions', true);
    text = await metrics.registry.metrics();
    expect(requests(text, '200')).toBe(4);
    expect(lookups(text, 'hit')).toBe(3);
    expect(lookups(text, 'miss')).toBe(1);
    expect(text).toContain(
      'portico_http_request_duration_seconds_count{method="GET",route="/x",status="200"} 4',
    );
    // The JSON a cluster worker hands its primary carries them too.
    metrics.request('GET', '/x', 200, 0.002);
    const json = await metrics.registry.getMetricsAsJSON();
    const counter = json.find((metric) => metric.name === 'portico_http_requests_total');
    expect(counter?.values.find((value) => value.labels.status === '200')?.value).toBe(5);
  });
});
