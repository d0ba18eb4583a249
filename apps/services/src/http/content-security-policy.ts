// The Content-Security-Policy of every HTML answer (this server's and the upstream proxy's).

export function contentSecurityPolicy(analyticsHost: string | undefined): string {
  let connect = "'self'";
  if (analyticsHost) {
    try {
      connect += ` ${new URL(analyticsHost).origin}`;
    } catch {
      // An unparsable host adds nothing: the policy stays 'self'.
    }
  }
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "frame-src 'self'",
    "frame-ancestors 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}
