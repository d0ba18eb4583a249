// The session layer (spec §2 guards and watcher, §4 states, §8 errors) as one state machine.
// Every decision is core's (transitionAuthState, canSkipAuthenticate, isCurrentAuthAttempt,
// decideUnauthorized, decideAuthFailure, decideWatcherAction, resolveRedirectAfterLogin); this file
// performs the effects: HTTP calls, storage, store updates, cross-tab signals.
//
// Every authentication attempt has an id and every event that changes whose session this
// is (a sign-in, a sign-out, a user change noticed) starts a new generation. An outcome that does
// not belong to the current attempt and token is dropped, so a late answer can never sign a tab back
// in or rewrite the stored session detail.
import {
  STORAGE_KEYS,
  buildUserRequestQuery,
  canSkipAuthenticate,
  decideAuthFailure,
  decideUnauthorized,
  isCurrentAuthAttempt,
  isRootUser,
  resolveRedirectAfterLogin,
  toSessionSummary,
  transitionAuthState,
  type AuthEvent,
  type AuthState,
  LOGIN_ROUTE,
  APP_ROOT,
  WELCOME_ROUTE,
} from '@portico/core';
import { ApiError, NetworkError } from '../api/api-errors.ts';
import type { EditableUserField, PlatformApi, PlatformUser } from '../api/platform-api.ts';
import {
  authnSlice,
  authzSlice,
  configSlice,
  routingSlice,
  sessionSlice,
} from '../store/slices.ts';
import type { AppStore } from '../store/store.ts';
import {
  clearSessionDetail,
  clearSessionStorage,
  getLocal,
  getSession,
  readSessionDetail,
  removeLocal,
  setLocal,
  setSession,
  writeSessionDetail,
} from './browser-storage.ts';
import type { CrossTabChannel } from './cross-tab-channel.ts';
import type { TokenStore } from './token-store.ts';
import { ConfigurationLoader, LOCAL_FIELD, activeGroupIdOf } from './configuration-loader.ts';
import type { EarlyConfiguration, LoadedConfiguration } from './configuration-loader.ts';
import { SessionInfoError, StaleSessionError } from './session-errors.ts';
import { NO_ANSWER_RETRY_MS, SessionWatcher } from './session-watcher.ts';
import type { WatchedSession } from './session-watcher.ts';

export { SessionInfoError, StaleSessionError } from './session-errors.ts';
export { NO_ANSWER_RETRY_MS } from './session-watcher.ts';

export interface SessionEffects {
  navigate(path: string): void;
  /** The current route path (`/login`, `/app/things/thing`, …). */
  currentPath(): string;
  /** Runs the guards of the current route again (a user change, a retry after no answer). */
  rerunGuards(): void;
  notifySignedOutElsewhere(): void;
  /**
   * The session expired (once per burst of 401s). The sign-in page it ends on says so (its
   * expired banner), so the console shows no toast of its own here.
   */
  onSessionExpired?(): void;
  onLoginSuccess?(user: PlatformUser, token: string): void;
  onLogout?(): void;
  /**
   * A signed-in session is about to end (any logout), while its user is still known: `deliberate`
   * when the user signed out in this tab, not when it expired or ended in another tab.
   */
  onSessionEnding?(user: PlatformUser, deliberate: boolean): void;
}

/** What a successful authentication resolves. */
export interface AuthOutcome {
  /** The user's default landing URL (spec §2); null when they may open no module. */
  defaultUrl: string | null;
  /** Where a session that starts now goes: spec §4's redirect rule over REDIRECT_URL, else the default. */
  landingUrl: string;
}

/** Only after a field PUT: the changes broadcast to listeners (the frame, spec §7). */
export type ConfigChange = Partial<Record<EditableUserField, string>>;

const WELCOME = WELCOME_ROUTE;

export class SessionController {
  /** The machine's state (spec §4); the store mirrors it. */
  private state: AuthState = 'NO_AUTH';
  private attemptSeq = 0;
  private pending: { id: number; token: string; promise: Promise<AuthOutcome> } | null = null;
  /** The token the loaded session belongs to. */
  private sessionToken: string | undefined;
  private loggingOut: Promise<void> | null = null;
  /** The stored token the watcher saw last. */
  private lastWatchedToken: string | undefined;
  /** The token whose session already ended on a 401 (a burst logs out once). */
  private expiredToken: string | undefined;
  private retryAfter = 0;
  private readonly configListeners = new Set<(changes: ConfigChange) => void>();
  private readonly configuration: ConfigurationLoader;
  private readonly watcher: SessionWatcher;

  constructor(
    private readonly store: AppStore,
    private readonly api: PlatformApi,
    private readonly effects: SessionEffects,
    private readonly channel: CrossTabChannel,
    private readonly tokens: TokenStore,
    private readonly now: () => number = Date.now,
  ) {
    this.configuration = new ConfigurationLoader(store, api);
    this.watcher = new SessionWatcher(this.watchedSession());
    this.lastWatchedToken = tokens.readStored();
    // the flag survives reloads and clears: read it, never reset it, at start
    const expiredFlag = getLocal(STORAGE_KEYS.sessionExpired) === 'true';
    if (expiredFlag) this.state = 'SESSION_EXPIRED';
    this.store.dispatch(authnSlice.actions.statusChanged({ status: 'NO_AUTH', expiredFlag }));
    channel.subscribe((message) => {
      if (message.type === 'logout') void this.handleRemoteLogout();
      if (message.type === 'login') this.handleRemoteLogin(message.userId);
    });
  }

  /** Moves the machine with core's rule; the session-expired flag follows (spec §4). */
  private transition(event: AuthEvent): void {
    const next = transitionAuthState(this.state, event);
    this.state = next.state;
    if (next.expiredFlag) setLocalFlag(true);
    else setLocalFlag(false);
    this.store.dispatch(
      authnSlice.actions.statusChanged({
        status: next.state === 'SESSION_EXPIRED' ? 'NO_AUTH' : next.state,
        expiredFlag: next.expiredFlag,
      }),
    );
  }

  get status(): AuthState {
    return this.state;
  }

  hasToken(): boolean {
    return this.tokens.read() !== undefined;
  }

  /**
   * A token handed over by an OAuth return (guard (b)): stored as the session's token; whatever
   * session detail was stored belongs to an earlier session and goes.
   */
  adoptToken(token: string): void {
    if (this.tokens.readStored() !== token) clearSessionDetail();
    this.tokens.write(token);
  }

  /** Whether guard (d) would pass now without a call: this token's session is loaded (spec §4). */
  isAuthenticatedNow(): boolean {
    const token = this.tokens.read();
    return token !== undefined && this.isLoadedFor(token);
  }

  /** This token's session is loaded and current (core's canSkipAuthenticate). */
  private isLoadedFor(token: string): boolean {
    return canSkipAuthenticate({
      hasToken: true,
      hasSession: this.store.getState().session.user !== null && this.sessionToken === token,
      state: this.state,
    });
  }

  /**
   * Guard (d): authenticates with the current token. With that token's session already loaded it
   * returns at once (spec §4, core's canSkipAuthenticate). Any answered failure: NO_AUTH, store
   * reset, error passed on (spec §8). Rejects with StaleSessionError when the session changed meanwhile.
   */
  authenticate(signedIn?: PlatformUser): Promise<AuthOutcome> {
    const token = this.tokens.read();
    if (!token) return Promise.reject(new SessionInfoError());
    const session = this.store.getState().session;
    if (this.isLoadedFor(token)) {
      return Promise.resolve({
        defaultUrl: session.defaultUrl,
        landingUrl: session.defaultUrl ?? WELCOME,
      });
    }
    if (this.pending && this.pending.token === token) return this.pending.promise;
    const id = ++this.attemptSeq;
    const promise = this.runAttempt(id, token, signedIn);
    this.pending = { id, token, promise };
    return promise;
  }

  private isCurrent(id: number, token: string): boolean {
    return isCurrentAuthAttempt({
      attempt: id,
      currentAttempt: this.pending?.id ?? null,
      attemptToken: token,
      currentToken: this.tokens.read(),
    });
  }

  /**
   * The calls that need only the user's id (the user, the permissions, the configuration): started
   * together, each failure handled where it is awaited.
   */
  private startUserCalls(userId: number, root: boolean, groupId: number | undefined): UserCalls {
    const quiet = <T>(promise: Promise<T>) => {
      promise.catch(() => undefined); // awaited (and its failure handled) in runAttempt
      return promise;
    };
    return {
      userId,
      root,
      user: quiet(this.api.getUser(userId, buildUserRequestQuery(root))),
      permissions: quiet(this.api.getPermissions(userId)),
      configuration: this.configuration.start(userId, groupId),
    };
  }

  private async runAttempt(
    id: number,
    token: string,
    signedIn: PlatformUser | undefined,
  ): Promise<AuthOutcome> {
    // the first step waits a microtask so `pending` is set before any check
    await Promise.resolve();
    const check = () => {
      if (!this.isCurrent(id, token)) throw new StaleSessionError();
    };
    try {
      check();
      // who the session is thought to be before whoami says: the sign-in's answer, or else the user
      // this browser stored at its last sign-in (a bookmark, a reload, a deep link)
      const guess = signedIn ?? storedUserGuess();
      if (this.sessionToken !== token) {
        // another token's session begins: the loaded one (if any) is over, and the stored detail
        // (whoever wrote it) is not known to be this token's until this attempt succeeds
        if (this.sessionToken !== undefined) this.resetState();
        this.sessionToken = undefined;
        clearSessionDetail();
      }
      this.transition('AUTHENTICATE');
      // A sign-in's answer names the user, and so, most often, does the user stored here: everything
      // that needs only the user's id starts now, beside whoami, instead of one round trip after
      // it. Whoami stays the authority: the calls are used only if it names the same user (and the
      // user call only if it asked with the same root-ness); otherwise they are started again for
      // whoami's user. A stored user is only a guess: the calls carry this token, so a wrong guess
      // reads nothing of another user that this token may not read, and is dropped.
      const early =
        guess && typeof guess.id === 'number'
          ? this.startUserCalls(guess.id, signedInAsRoot(guess), activeGroupIdOf(guess))
          : undefined;
      const me = await this.api.whoami();
      check();
      if (!me || typeof me.id !== 'number') throw new SessionInfoError();
      const root = isRootUser(me);
      // Without a sign-in answer, everything that needs only the user id starts now, beside the
      // user and permissions calls. The group fields start too when whoami (or the sign-in answer)
      // names the active group; loadConfiguration checks that guess against the user.
      const calls =
        early?.userId === me.id ? early : this.startUserCalls(me.id, root, activeGroupIdOf(me));
      const [fetched, permissions] = await Promise.all([
        calls.root === root ? calls.user : this.api.getUser(me.id, buildUserRequestQuery(root)),
        calls.permissions,
      ]);
      check();
      if (!fetched || typeof fetched.id !== 'number' || fetched.id !== me.id)
        throw new SessionInfoError();
      // the password-expiry fields are not among the user request's `only` fields: whoami has them
      const user: PlatformUser = {
        ...fetched,
        passwordExpirationTime: me.passwordExpirationTime ?? fetched.passwordExpirationTime ?? null,
        displayPasswordExpirationTime:
          me.displayPasswordExpirationTime ?? fetched.displayPasswordExpirationTime ?? null,
      };
      const config = await this.configuration.load(user, permissions, calls.configuration);
      check();
      return this.sessionStarted(id, token, user, config);
    } catch (error) {
      if (error instanceof StaleSessionError || !this.isCurrent(id, token)) {
        if (this.pending?.id === id) this.pending = null;
        // superseded by a token change nobody has handled yet: leave AUTHENTICATING, so that the
        // watcher's next tick sees the change (it does nothing while authenticating)
        if (this.pending === null && this.state === 'AUTHENTICATING') {
          this.resetState();
          this.transition('AUTHENTICATE_FAILURE');
        }
        throw new StaleSessionError();
      }
      this.pending = null;
      this.tokens.discardStaged();
      this.resetState();
      this.transition('AUTHENTICATE_FAILURE');
      if (decideAuthFailure(failureKind(error)) === 'KEEP_SESSION_AND_RETRY')
        this.retryAfter = this.now() + NO_ANSWER_RETRY_MS;
      throw error;
    }
  }

  /** A session started (form, OAuth, guard (d), another tab): the same steps for every way (spec §4). */
  private sessionStarted(
    id: number,
    token: string,
    user: PlatformUser,
    config: LoadedConfiguration,
  ): AuthOutcome {
    const isRoot = isRootUser(user);
    const userId = String(user.id);
    // spec §4 "Login success": the redirect rule reads the LAST_ID of the previous session
    const landingUrl = resolveRedirectAfterLogin({
      redirectUrl: getLocal(STORAGE_KEYS.redirectUrl),
      lastId: getSession(STORAGE_KEYS.lastId),
      userId,
      defaultUrl: config.defaultUrl ?? WELCOME,
    });
    removeLocal(STORAGE_KEYS.redirectUrl);
    this.tokens.commit(token);
    config.apply();
    this.store.dispatch(
      sessionSlice.actions.loaded({ user, isRoot, defaultUrl: config.defaultUrl }),
    );
    writeSessionDetail(user, toSessionSummary(user));
    setSession(STORAGE_KEYS.lastId, userId);
    setSession(STORAGE_KEYS.currentId, userId);
    this.sessionToken = token;
    this.lastWatchedToken = this.tokens.readStored();
    this.expiredToken = undefined;
    this.pending = this.pending?.id === id ? null : this.pending;
    this.transition('AUTHENTICATE_SUCCESS');
    return { defaultUrl: config.defaultUrl, landingUrl };
  }

  /**
   * Saves user fields (spec §7 PUT /user/{id}/field/{field}); after success the local field is
   * updated, the configuration refetched and the change broadcast to listeners (the frame bridge
   * sends `userFieldUpdated`).
   */
  async updateUserFields(changes: ConfigChange): Promise<void> {
    const user = this.store.getState().session.user;
    const token = this.sessionToken;
    if (!user || !token) throw new SessionInfoError();
    const entries = Object.entries(changes) as Array<[EditableUserField, string]>;
    const saved: ConfigChange = {};
    try {
      for (const [field, value] of entries) {
        await this.api.setUserField(user.id, field, value);
        if (this.sessionToken !== token) throw new StaleSessionError();
        this.store.dispatch(configSlice.actions.fieldUpdated({ field: LOCAL_FIELD[field], value }));
        saved[field] = value;
      }
      if (entries.length === 0) return;
      await this.refreshConfiguration();
    } finally {
      if (Object.keys(saved).length > 0 && this.sessionToken === token)
        for (const listener of this.configListeners) listener(saved);
    }
  }

  /**
   * Re-reads the user, permissions and configuration (after a settings change, or when the frame
   * changed a group's settings), without a new sign-in. Dropped if the session changed meanwhile.
   */
  async refreshConfiguration(): Promise<void> {
    const user = this.store.getState().session.user;
    const token = this.sessionToken;
    if (!user || this.state !== 'AUTHENTICATED' || !token) return;
    const [fresh, permissions] = await Promise.all([
      this.api.getUser(user.id, buildUserRequestQuery(isRootUser(user))),
      this.api.getPermissions(user.id),
    ]);
    const config = await this.configuration.load(
      fresh,
      permissions,
      this.configuration.start(user.id, activeGroupIdOf(fresh)),
    );
    if (this.sessionToken !== token || this.state !== 'AUTHENTICATED') return;
    config.apply();
    const merged: PlatformUser = {
      ...fresh,
      passwordExpirationTime: user.passwordExpirationTime ?? null,
      displayPasswordExpirationTime: user.displayPasswordExpirationTime ?? null,
    };
    this.store.dispatch(
      sessionSlice.actions.loaded({
        ...this.store.getState().session,
        user: merged,
        defaultUrl: config.defaultUrl,
      }),
    );
  }

  /** Listens to saved user-field changes (the frame bridge forwards them as `userFieldUpdated`). */
  onConfigChange(listener: (changes: ConfigChange) => void): () => void {
    this.configListeners.add(listener);
    return () => this.configListeners.delete(listener);
  }

  /**
   * Signs in (spec §4 "Login success"). The new token is staged, not stored, until the
   * authentication succeeds: a failed sign-in leaves no token and its error reaches the form.
   */
  async login(username: string, password: string): Promise<string> {
    this.pending = null; // a sign-in supersedes any attempt still waiting
    const mark = this.attemptSeq;
    const answer = await this.api.login(username, password);
    if (!answer?.token) throw new SessionInfoError();
    if (this.attemptSeq !== mark || this.state === 'LOGGING_OUT') {
      // something else started a session meanwhile: this answer is late
      void this.api.logout(answer.token).catch(() => undefined);
      throw new StaleSessionError();
    }
    this.tokens.stage(answer.token);
    let outcome: AuthOutcome;
    try {
      outcome = await this.authenticate(answer);
    } catch (error) {
      this.tokens.discardStaged();
      if (!(error instanceof StaleSessionError))
        void this.api.logout(answer.token).catch(() => undefined);
      throw error;
    }
    const user = this.store.getState().session.user;
    /* c8 ignore next */
    if (!user) throw new SessionInfoError();
    this.channel.post({ type: 'login', userId: user.id });
    this.effects.onLoginSuccess?.(user, answer.token);
    return outcome.landingUrl;
  }

  /**
   * Logout (spec §4): the endpoint when a token exists; on success or error the local clear, the
   * state reset and the analytics identity end. Concurrent calls share one logout.
   */
  logout(
    options: { broadcast?: boolean; expired?: boolean; deliberate?: boolean } = {},
  ): Promise<void> {
    this.loggingOut ??= this.runLogout(options).finally(() => {
      this.loggingOut = null;
    });
    return this.loggingOut;
  }

  private async runLogout({
    broadcast = true,
    expired = false,
    deliberate = false,
  }: {
    broadcast?: boolean;
    expired?: boolean;
    deliberate?: boolean;
  }): Promise<void> {
    const ending = this.store.getState().session.user;
    if (ending) this.effects.onSessionEnding?.(ending, deliberate);
    // the session this tab held ends on the services too, even when its token already left storage
    const token = this.tokens.read() ?? this.sessionToken;
    // a new generation: any attempt still waiting belongs to the session that ends here
    this.pending = null;
    this.attemptSeq += 1;
    this.sessionToken = undefined;
    this.tokens.discardStaged();
    this.transition('LOGOUT');
    if (token) {
      try {
        await this.api.logout(token);
      } catch {
        // spec §8: a failed logout call is treated like success
      }
    }
    const lastId = getSession(STORAGE_KEYS.currentId) ?? getSession(STORAGE_KEYS.lastId);
    clearSessionStorage();
    this.tokens.clear();
    if (lastId) setSession(STORAGE_KEYS.lastId, lastId);
    this.resetState();
    this.lastWatchedToken = undefined;
    this.transition('LOGOUT_DONE');
    if (expired) this.transition('SESSION_EXPIRED');
    this.effects.onLogout?.();
    if (broadcast) this.channel.post({ type: 'logout' });
  }

  private resetState(): void {
    this.store.dispatch(authnSlice.actions.reset());
    this.store.dispatch(authzSlice.actions.reset());
    this.store.dispatch(configSlice.actions.reset());
    this.store.dispatch(sessionSlice.actions.reset());
    this.store.dispatch(routingSlice.actions.reset());
  }

  /**
   * Any 401 (spec §8) and the frame's `sessionExpired`: core decides whether it ends this session
   * (once per burst, with one notice) or is a late answer to be ignored.
   */
  handleUnauthorized(requestToken?: string): void {
    const currentToken =
      this.sessionToken !== undefined && this.tokens.read() === this.sessionToken
        ? this.sessionToken
        : undefined;
    const decision = decideUnauthorized({
      state: this.state,
      requestToken,
      currentToken,
      alreadyHandled: this.expiredToken !== undefined && this.expiredToken === currentToken,
    });
    if (decision === 'IGNORE') return;
    this.expiredToken = currentToken;
    this.effects.onSessionExpired?.();
    void this.logout({ expired: true }).then(() => this.effects.navigate(LOGIN_ROUTE));
  }

  private async handleRemoteLogout(): Promise<void> {
    if (
      this.state !== 'AUTHENTICATED' &&
      this.state !== 'AUTHENTICATING' &&
      !this.store.getState().session.user
    ) {
      if (this.effects.currentPath() !== LOGIN_ROUTE) this.effects.navigate(LOGIN_ROUTE);
      return;
    }
    await this.logout({ broadcast: false });
    this.effects.notifySignedOutElsewhere();
    this.effects.navigate(LOGIN_ROUTE);
  }

  private handleRemoteLogin(userId: number): void {
    // a sign-out under way finishes first; the watcher then sees the new token on /login
    if (this.state === 'LOGGING_OUT') return;
    if (this.effects.currentPath() === LOGIN_ROUTE) {
      // the watcher has now seen this token: it vanishing later is a sign-out to follow
      this.lastWatchedToken = this.tokens.readStored();
      this.effects.navigate(APP_ROOT);
      return;
    }
    const current = this.store.getState().session.user;
    if (current?.id !== userId || this.tokens.readStored() !== this.sessionToken)
      this.userChanged();
  }

  /**
   * The stored token now belongs to another session (another tab signed in, possibly as someone
   * else): this tab's session ends without a logout call, and the guards run again for the new one,
   * so the page shown is one the new user may open.
   */
  private userChanged(): void {
    this.pending = null;
    this.attemptSeq += 1;
    this.sessionToken = undefined;
    this.expiredToken = undefined;
    this.lastWatchedToken = this.tokens.readStored();
    this.resetState();
    clearSessionDetail(); // the previous user's: never left beside another user's token
    if (!this.tokens.read()) {
      void this.logout({ broadcast: false }).then(() => this.effects.navigate(LOGIN_ROUTE));
      return;
    }
    // spec §2 watcher "trigger a login": the new session authenticates now; the guards run again
    // and wait for the same attempt (its failure is theirs to handle)
    this.transition('AUTHENTICATE');
    this.authenticate().catch(() => undefined);
    this.effects.rerunGuards();
  }

  /** One watcher tick (session-watcher.ts). */
  tick(): void {
    this.watcher.tick();
  }

  startWatcher(intervalMs = 1000): () => void {
    return this.watcher.start(intervalMs);
  }

  /** The view of this session the watcher reads and moves. */
  private watchedSession(): WatchedSession {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the view reads and writes this controller's fields
    const controller = this;
    return {
      state: () => controller.state,
      storedToken: () => controller.tokens.readStored(),
      currentPath: () => controller.effects.currentPath(),
      get lastWatchedToken() {
        return controller.lastWatchedToken;
      },
      set lastWatchedToken(token) {
        controller.lastWatchedToken = token;
      },
      get retryAfter() {
        return controller.retryAfter;
      },
      set retryAfter(time) {
        controller.retryAfter = time;
      },
      now: () => controller.now(),
      navigate: (path) => controller.effects.navigate(path),
      rerunGuards: () => controller.effects.rerunGuards(),
      userChanged: () => controller.userChanged(),
      logout: () => controller.logout(),
    };
  }
}

function failureKind(error: unknown): 'NO_ANSWER' | 'ANSWERED' {
  return error instanceof NetworkError || (error instanceof ApiError && error.code === 'NETWORK')
    ? 'NO_ANSWER'
    : 'ANSWERED';
}

function setLocalFlag(on: boolean): void {
  if (on) setLocal(STORAGE_KEYS.sessionExpired, 'true');
  else removeLocal(STORAGE_KEYS.sessionExpired);
}

/** The session calls started for one user id, and whether the user call asked as for a root user. */
interface UserCalls {
  userId: number;
  root: boolean;
  user: Promise<PlatformUser>;
  permissions: Promise<string[]>;
  configuration: EarlyConfiguration;
}

/** The user stored at this browser's last sign-in (writeSessionDetail), when it names one. */
function storedUserGuess(): PlatformUser | undefined {
  const stored = readSessionDetail();
  if (typeof stored !== 'object' || stored === null) return undefined;
  const id = (stored as { id?: unknown }).id;
  return typeof id === 'number' && Number.isSafeInteger(id) ? (stored as PlatformUser) : undefined;
}

/**
 * Whether a sign-in's answer is a root user's, to ask for the user as whoami will tell: its group
 * when the answer has it (the platform's), else the services' `isRoot`. A guess: whoami decides.
 */
function signedInAsRoot(answer: PlatformUser & { isRoot?: unknown }): boolean {
  return answer.group ? isRootUser(answer) : answer.isRoot === true;
}
