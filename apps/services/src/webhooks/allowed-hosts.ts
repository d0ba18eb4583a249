// Where webhooks may go: only to hosts an operator listed in WEBHOOK_ALLOWED_HOSTS, so an endpoint
// can never make the services call an internal address of the operator's choosing (no SSRF).

/** One allowed host, with the one port it may be called on when the entry names one. */
export interface AllowedHost {
  host: string;
  port?: number;
}

/**
 * Parses WEBHOOK_ALLOWED_HOSTS: host names or addresses, each with an optional port, separated by
 * commas (`hooks.example.com, 127.0.0.1:9000, [::1]:9000`). Throws on an entry that is not one.
 */
export function parseAllowedHosts(value: string | undefined): AllowedHost[] {
  if (!value?.trim()) return [];
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      let url: URL;
      try {
        url = new URL(`http://${entry}`);
      } catch {
        throw new Error(`WEBHOOK_ALLOWED_HOSTS: "${entry}" is not a host or host:port`);
      }
      if (url.username || url.password || url.pathname !== '/' || url.search || url.hash)
        throw new Error(`WEBHOOK_ALLOWED_HOSTS: "${entry}" is not a host or host:port`);
      const port = /:\d+$/.test(entry) ? Number(url.port || 80) : undefined;
      return port === undefined ? { host: url.hostname } : { host: url.hostname, port };
    });
}

function defaultPort(protocol: string): number {
  return protocol === 'https:' ? 443 : 80;
}

/** Why a webhook may not be sent to this URL, or null when it may. */
export function webhookTargetProblem(
  target: string,
  allowed: readonly AllowedHost[],
): string | null {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return 'must be an absolute http or https URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return 'must be an absolute http or https URL';
  if (url.username || url.password) return 'must not carry a user name or password';
  if (url.hash) return 'must not have a #fragment';
  if (allowed.length === 0)
    return 'no webhook host is allowed on this server (the operator sets WEBHOOK_ALLOWED_HOSTS)';
  const port = url.port ? Number(url.port) : defaultPort(url.protocol);
  const host = url.hostname.toLowerCase();
  const ok = allowed.some(
    (entry) =>
      entry.host.toLowerCase() === host && (entry.port === undefined || entry.port === port),
  );
  return ok
    ? null
    : `host ${url.host} is not in the webhook hosts this server allows (${allowed
        .map((entry) => (entry.port === undefined ? entry.host : `${entry.host}:${entry.port}`))
        .join(', ')})`;
}
