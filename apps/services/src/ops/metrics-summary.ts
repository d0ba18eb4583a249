// What the health page shows of the Prometheus metrics this instance keeps (all its workers summed):
// requests answered, and the 99th percentile of their durations as the histogram's buckets bound it
// (the upper bound of the bucket holding the 99th percentile: the figure a dashboard shows).

/** Requests answered and their p99, from the Prometheus text of `portico_http_*`. */
export interface RequestSummary {
  requests: number;
  /** Upper bound of the bucket holding the 99th percentile, in ms; null before any request. */
  p99Ms: number | null;
}

const SAMPLE = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})?\s+([-+\d.eEInf]+)/;

export function summarizeRequests(text: string): RequestSummary {
  let requests = 0;
  const buckets = new Map<number, number>();
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) continue;
    const [, name, labels = '', raw] = match;
    const value = Number(raw);
    if (!Number.isFinite(value)) continue;
    // the operational routes (/healthz, /readyz, /metrics) are a prober's, not the users'
    if (/route="\/(healthz|readyz|metrics)"/.test(labels)) continue;
    if (name === 'portico_http_requests_total') requests += value;
    else if (name === 'portico_http_request_duration_seconds_bucket') {
      const le = /le="([^"]+)"/.exec(labels)?.[1];
      const bound = le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le);
      if (!Number.isNaN(bound)) buckets.set(bound, (buckets.get(bound) ?? 0) + value);
    }
  }
  const bounds = [...buckets.keys()].sort((a, b) => a - b);
  const count = bounds.length > 0 ? (buckets.get(bounds[bounds.length - 1]!) ?? 0) : 0;
  if (count === 0) return { requests, p99Ms: null };
  const wanted = count * 0.99;
  const bound = bounds.find((candidate) => (buckets.get(candidate) ?? 0) >= wanted)!;
  return {
    requests,
    p99Ms: Number.isFinite(bound) ? Math.round(bound * 1000 * 100) / 100 : null,
  };
}
