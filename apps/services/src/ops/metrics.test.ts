import { describe, expect, it } from 'vitest';
import { AggregatorRegistry, Histogram, Registry } from 'prom-client';
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

describe('the request duration histogram', () => {
  // prom-client's own Histogram, fed the same observations, is the reference for both the text a
  // scrape gets and the JSON a cluster worker hands its primary (which sums them).
  const observations: [string, string, number, number][] = [
    ['GET', '/x', 200, 0.0001],
    ['GET', '/x', 200, 0.0005],
    ['GET', '/x', 200, 0.002],
    ['GET', '/x', 200, 0.7],
    ['GET', '/x', 200, 9],
    ['POST', '/y', 201, 0.03],
    ['GET', '/x', 404, 0.0025],
  ];
  const reference = () => {
    const registry = new Registry();
    const histogram = new Histogram({
      name: 'portico_http_request_duration_seconds',
      help: 'Time from a request to its answer, by method, route template and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    return { registry, histogram };
  };

  it('reads as prom-client’s own histogram, in text and in JSON, across reads', async () => {
    const metrics = new Metrics();
    const { registry, histogram } = reference();
    const read = async () => {
      const ours = await metrics.registry.getSingleMetricAsString(
        'portico_http_request_duration_seconds',
      );
      expect(ours).toBe(
        await registry.getSingleMetricAsString('portico_http_request_duration_seconds'),
      );
      const json = await metrics.registry.getMetricsAsJSON();
      expect(json.find((m) => m.name === 'portico_http_request_duration_seconds')).toEqual(
        (await registry.getMetricsAsJSON())[0],
      );
    };
    for (const [method, route, status, seconds] of observations) {
      metrics.request(method, route, status, seconds);
      histogram.observe({ method, route, status: String(status) }, seconds);
    }
    await read();
    for (const [method, route, status, seconds] of observations.slice(2)) {
      metrics.request(method, route, status, seconds);
      histogram.observe({ method, route, status: String(status) }, seconds);
    }
    await read();
    expect(
      await metrics.registry.getSingleMetricAsString('portico_http_request_duration_seconds'),
    ).toContain(
      'portico_http_request_duration_seconds_bucket{le="0.0025",method="GET",route="/x",status="200"} 4',
    );
  });

  it('sums across workers as prom-client does, and empties on a registry reset', async () => {
    const workers = [new Metrics(), new Metrics()];
    const references = [reference(), reference()];
    observations.forEach(([method, route, status, seconds], i) => {
      workers[i % 2]!.request(method, route, status, seconds);
      references[i % 2]!.histogram.observe({ method, route, status: String(status) }, seconds);
    });
    const ours = AggregatorRegistry.aggregate(
      await Promise.all(workers.map((w) => w.registry.getMetricsAsJSON())),
    );
    const theirs = AggregatorRegistry.aggregate(
      await Promise.all(references.map((r) => r.registry.getMetricsAsJSON())),
    );
    expect(await ours.getSingleMetricAsString('portico_http_request_duration_seconds')).toBe(
      await theirs.getSingleMetricAsString('portico_http_request_duration_seconds'),
    );
    workers[0]!.registry.resetMetrics();
    expect(
      await workers[0]!.registry.getSingleMetricAsString('portico_http_request_duration_seconds'),
    ).not.toMatch(/\} [1-9]/);
  });
});
