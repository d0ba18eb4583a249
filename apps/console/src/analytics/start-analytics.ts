// Eager glue for analytics (a few hundred bytes): watches the session and loads the analytics
// client lazily once a user is signed in. The one-event rule is core's (decidePortalLoad): the
// marker is written before the library loads, so a second tab or a reload never counts again.
import { PORTAL_LOAD_MARKER_KEY, decidePortalLoad } from '@portico/core';
import type { RuntimeConfig } from '../lib/runtime-config.ts';
import type { AppStore } from '../store/store.ts';
import { getLocal, setLocal } from '../session/browser-storage.ts';
import { createTokenStore, type TokenStore } from '../session/token-store.ts';
import type { AnalyticsClient } from './analytics-client.ts';

export interface StartAnalyticsDeps {
  store: AppStore;
  config: Pick<RuntimeConfig, 'analytics'>;
  getClientId(): Promise<string | undefined>;
  load?: () => Promise<AnalyticsClient>;
  /** The session's token store (the composition root's); a store over the same browser storage by default. */
  tokens?: Pick<TokenStore, 'read'>;
  /**
   * Resolves when the library may load without slowing the first screen (the frame answered);
   * at once by default. The identity and the one event wait for it, nothing else does.
   */
  whenQuiet?: () => Promise<void>;
}

export function startAnalytics(deps: StartAnalyticsDeps): () => void {
  const { analytics } = deps.config;
  if (!analytics.enabled || analytics.key === '') return () => undefined;
  const load =
    deps.load ??
    (() =>
      import('./analytics-client.ts').then(({ createAnalyticsClient }) =>
        createAnalyticsClient({ key: analytics.key, host: analytics.host }),
      ));
  let client: Promise<AnalyticsClient | null> | null = null;
  const whenQuiet = deps.whenQuiet ?? (() => Promise.resolve());
  const getClient = () =>
    (client ??= whenQuiet()
      .catch(() => undefined)
      .then(load)
      .catch(() => null)); // a blocked chunk: no analytics, nothing else
  let identifiedToken: string | null = null;
  const tokens = deps.tokens ?? createTokenStore();
  // Identify and reset run one after the other, in the order the session asked for them: a logout
  // during the wait for a quiet moment still sends that login's one event first, then ends it.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (step: () => Promise<void>) => {
    queue = queue.then(step).catch(() => undefined);
  };

  const handleChange = () => {
    const { authn, session } = deps.store.getState();
    if (authn.status === 'AUTHENTICATED' && session.user) {
      const token = tokens.read() ?? null;
      if (!token || token === identifiedToken) return;
      identifiedToken = token;
      const user = session.user;
      const decision = decidePortalLoad({ token, marker: getLocal(PORTAL_LOAD_MARKER_KEY) });
      if (decision.marker) setLocal(PORTAL_LOAD_MARKER_KEY, decision.marker);
      const clientId = deps.getClientId().catch(() => undefined);
      const analyticsClient = getClient();
      enqueue(async () => {
        (await analyticsClient)?.identify({
          user,
          token,
          clientId: await clientId,
          capture: decision.capture,
        });
      });
    } else if (authn.status === 'LOGGING_OUT' && identifiedToken !== null) {
      // spec §4 "Logout: … end the analytics identity"
      identifiedToken = null;
      const analyticsClient = client;
      if (analyticsClient) enqueue(async () => (await analyticsClient)?.reset());
    }
  };
  handleChange();
  return deps.store.subscribe(handleChange);
}
