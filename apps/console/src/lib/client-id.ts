// clientId header (spec §7): a browser fingerprint hash. FingerprintJS (MIT, v5) is loaded on the
// first request only, so it is not part of the sign-in page's initial bundle.
let pending: Promise<string | undefined> | null = null;

export function getClientId(): Promise<string | undefined> {
  pending ??= import('@fingerprintjs/fingerprintjs')
    .then((module) => module.load({ monitoring: false }))
    .then((agent) => agent.get())
    .then((result) => result.visitorId)
    .catch(() => undefined); // a blocked or failing fingerprint never blocks a request
  return pending;
}
