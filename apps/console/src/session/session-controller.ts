// The session layer (spec §2 guards and watcher, §4 states, §8 errors). Every decision is core's;
// this file performs the effects: HTTP calls, storage, store updates, cross-tab signals.
import {
  STORAGE_KEYS,
  buildUserRequestQuery,
  decideWatcherAction,
  expiredFlagAfter,
  getDefaultLandingUrl,
  isRootUser,
  parseInheritedFields,
  resolveCalendarFormat,
  resolveDateFormat,
  resolveHiddenTabs,
  resolveLanguage,
  resolveRedirectAfterLogin,
  resolveTimeZone,
  toSessionSummary,
  type AuthState,
} from '@portico/core';
import { NetworkError, type ApiError } from '../api/api-errors.ts';
import type { EditableUserField, InheritedFieldMap, PlatformApi, PlatformUser, VisibilityGroup } from '../api/platform-api.ts';
import { authnSlice, authzSlice, configSlice, routingSlice, sessionSlice } from '../store/slices.ts';
import type { AppStore } from '../store/store.ts';
import {
  clearSessionStorage,
  getLocal,
  getSession,
  readStoredToken,
  readToken,
  removeLocal,
  setLocal,
  setSession,
  writeSessionDetail,
  writeToken,
} from './browser-storage.ts';
import type { CrossTabChannel } from './cross-tab-channel.ts';

export class SessionInfoError extends Error {
  readonly code = 'SESSION_INFO_MISSING';
  constructor() {
    super('unable to fetch session information');
  }
}

export interface SessionEffects {
  navigate(path: string): void;
  /** The current route path (`/login`, `/app/things/thing`, …). */
  currentPath(): string;
  notifySessionExpired(): void;
  notifySignedOutElsewhere(): void;
  onLoginSuccess?(user: PlatformUser, token: string): void;
  onLogout?(): void;
}

const LOCAL_FIELD = {
  timeZoneConfiguration: 'timeZone',
  dateFormatConfiguration: 'dateFormat',
  calendarFormatConfiguration: 'calendarFormat',
  language: 'language',
} as const satisfies Record<EditableUserField, 'timeZone' | 'dateFormat' | 'calendarFormat' | 'language'>;


function visibilityGroupsFor(api: PlatformApi, userId: number): Promise<VisibilityGroup[]> {
  return api.getVisibilityGroups(userId);
}

function fieldValue(fields: InheritedFieldMap, name: string): { value: unknown; parentValue: unknown } {
  const field = fields[name];
  return { value: field?.value ?? null, parentValue: field?.parentValue ?? null };
}

export class SessionController {
  private authenticating: Promise<string | null> | null = null;
  private loggingOut: Promise<void> | null = null;
  private lastWatchedToken: string | undefined;
  private unauthorizedHandled = false;
  private retryLoginAfter = 0;

  constructor(
    private readonly store: AppStore,
    private readonly api: PlatformApi,
    private readonly effects: SessionEffects,
    private readonly channel: CrossTabChannel,
  ) {
    this.lastWatchedToken = readStoredToken();
    // the flag survives reloads and clears: read it, never reset it, at start
    this.store.dispatch(authnSlice.actions.statusChanged({ status: 'NO_AUTH', expiredFlag: getLocal(STORAGE_KEYS.sessionExpired) === 'true' }));
    channel.subscribe((message) => {
      if (message.type === 'logout') void this.handleRemoteLogout();
      if (message.type === 'login') this.handleRemoteLogin(message.userId);
    });
  }

  /** Spec §4: setting SESSION_EXPIRED sets the flag; setting any other state removes it. */
  private setStatus(status: AuthState): void {
    const expiredFlag = expiredFlagAfter(status);
    if (expiredFlag) setLocal(STORAGE_KEYS.sessionExpired, 'true');
    else removeLocal(STORAGE_KEYS.sessionExpired);
    this.store.dispatch(authnSlice.actions.statusChanged({ status: status === 'SESSION_EXPIRED' ? 'NO_AUTH' : status, expiredFlag }));
  }

  get status(): AuthState {
    return this.store.getState().authn.status;
  }

  hasToken(): boolean {
    return readToken() !== undefined;
  }

  /**
   * Guard (d): authenticates with the stored token. With an existing token and a loaded session it
   * returns at once (spec §4). Resolves the default URL (null when the user may open no module).
   * Any failing step: NO_AUTH, store reset, and the error is passed on (spec §8).
   */
  authenticate(): Promise<string | null> {
    const state = this.store.getState();
    if (state.authn.status === 'AUTHENTICATED' && state.session.user && this.hasToken()) {
      return Promise.resolve(state.session.defaultUrl);
    }
    this.authenticating ??= this.runAuthenticate().finally(() => {
      this.authenticating = null;
    });
    return this.authenticating;
  }

  private async runAuthenticate(): Promise<string | null> {
    this.setStatus('AUTHENTICATING');
    try {
      const me = await this.api.whoami();
      if (!me || typeof me.id !== 'number') throw new SessionInfoError();
      const query = buildUserRequestQuery(isRootUser(me));
      const [user, permissions] = await Promise.all([this.api.getUser(me.id, query), this.api.getPermissions(me.id)]);
      if (!user || typeof user.id !== 'number') throw new SessionInfoError();
      const isRoot = isRootUser(user);
      const { defaultUrl } = await this.loadConfiguration(user, permissions, visibilityGroupsFor(this.api, user.id));
      this.store.dispatch(sessionSlice.actions.loaded({ user, isRoot, defaultUrl }));
      writeSessionDetail(user, toSessionSummary(user));
      this.setStatus('AUTHENTICATED');
      this.lastWatchedToken = readStoredToken();
      this.unauthorizedHandled = false;
      return defaultUrl;
    } catch (error) {
      this.resetState();
      this.setStatus('NO_AUTH');
      throw error;
    }
  }

  /**
   * Loads group and user fields and visibility groups, and stores authz and config (spec §3, §5).
   * Used by authenticate and again after a settings change ("config refetched", spec §7).
   */
  private async loadConfiguration(
    user: PlatformUser,
    permissions: string[],
    visibility: Promise<VisibilityGroup[]>,
  ): Promise<{ defaultUrl: string | null }> {
    const activeGroupId = user.activeGroup?.id ?? user.group?.id ?? user.groupId;
    if (typeof activeGroupId !== 'number') throw new SessionInfoError();
    const [groupFieldMap, userFieldMap, visibilityGroups] = await Promise.all([
      this.api.getGroupFields(activeGroupId),
      this.api.getUserFields(user.id),
      visibility,
    ]);
    const groupFields = parseInheritedFields(groupFieldMap);
    const userFields = Object.fromEntries(Object.keys(userFieldMap).map((name) => [name, fieldValue(userFieldMap, name)]));
    const own = parseInheritedFields(userFieldMap);
    const timeZone = resolveTimeZone({
      userValue: user.timeZone ?? userFields.timeZoneConfiguration?.value,
      parentValue: userFields.timeZoneConfiguration?.parentValue,
      groupValue: groupFields.timeZoneConfiguration,
    });
    const hiddenTabs = resolveHiddenTabs(user.hiddenTabs, own.hiddenTabs);
    const language = resolveLanguage(own.language, groupFields.language);
    const dateFormat = resolveDateFormat(user.dateFormat, own.dateFormatConfiguration, groupFields.dateFormatConfiguration);
    const calendarFormat = resolveCalendarFormat(user.calendarFormat, own.calendarFormatConfiguration, groupFields.calendarFormatConfiguration);
    const defaultUrl = getDefaultLandingUrl({
      defaultNavBar: groupFields.defaultNavBar,
      autoLoadTabMenus: groupFields.autoLoadTabMenus,
      permissions,
      hiddenTabs,
    });
    this.store.dispatch(authzSlice.actions.loaded({ permissions, visibilityGroups }));
    this.store.dispatch(configSlice.actions.loaded({ language, timeZone, dateFormat, calendarFormat, hiddenTabs, groupFields, userFields }));
    return { defaultUrl };
  }

  /**
   * Saves user fields (spec §7 PUT /user/{id}/field/{field}); after success the local field is
   * updated, the configuration refetched and the change broadcast to listeners (the frame).
   */
  async updateUserFields(changes: Partial<Record<EditableUserField, string>>): Promise<void> {
    const user = this.store.getState().session.user;
    if (!user) throw new SessionInfoError();
    const entries = Object.entries(changes) as Array<[EditableUserField, string]>;
    for (const [field, value] of entries) {
      await this.api.setUserField(user.id, field, value);
      this.store.dispatch(configSlice.actions.fieldUpdated({ field: LOCAL_FIELD[field], value }));
    }
    if (entries.length === 0) return;
    const fresh = await this.api.getUser(user.id, buildUserRequestQuery(isRootUser(user)));
    await this.loadConfiguration(fresh, this.store.getState().authz.permissions, Promise.resolve(this.store.getState().authz.visibilityGroups));
    this.store.dispatch(sessionSlice.actions.loaded({ ...this.store.getState().session, user: fresh }));
    for (const listener of this.configListeners) listener(changes);
  }

  /**
   * Re-reads permissions and the user's configuration (after the frame changed a group's settings
   * or asked the shell to refresh), without a new sign-in.
   */
  async refreshConfiguration(): Promise<void> {
    const user = this.store.getState().session.user;
    if (!user || this.status !== 'AUTHENTICATED') return;
    const [fresh, permissions] = await Promise.all([
      this.api.getUser(user.id, buildUserRequestQuery(isRootUser(user))),
      this.api.getPermissions(user.id),
    ]);
    const { defaultUrl } = await this.loadConfiguration(fresh, permissions, this.api.getVisibilityGroups(user.id));
    this.store.dispatch(sessionSlice.actions.loaded({ ...this.store.getState().session, user: fresh, defaultUrl }));
  }

  private readonly configListeners = new Set<(changes: Partial<Record<EditableUserField, string>>) => void>();

  /** Listens to saved user-field changes (the frame bridge forwards them). */
  onConfigChange(listener: (changes: Partial<Record<EditableUserField, string>>) => void): () => void {
    this.configListeners.add(listener);
    return () => this.configListeners.delete(listener);
  }

  /** Signs in, authenticates and resolves where to go (spec §4 "Login success"). */
  async login(username: string, password: string): Promise<string> {
    const answer = await this.api.login(username, password);
    if (!answer?.token) throw new SessionInfoError();
    writeToken(answer.token);
    this.lastWatchedToken = answer.token;
    const defaultUrl = (await this.authenticate()) ?? '/app/home/welcome';
    const user = this.store.getState().session.user;
    /* c8 ignore next */
    if (!user) throw new SessionInfoError();
    const target = resolveRedirectAfterLogin({
      redirectUrl: getLocal(STORAGE_KEYS.redirectUrl),
      lastId: getSession(STORAGE_KEYS.lastId),
      userId: String(user.id),
      defaultUrl,
    });
    removeLocal(STORAGE_KEYS.redirectUrl);
    setSession(STORAGE_KEYS.lastId, String(user.id));
    setSession(STORAGE_KEYS.currentId, String(user.id));
    this.channel.post({ type: 'login', userId: user.id });
    this.effects.onLoginSuccess?.(user, answer.token);
    return target;
  }

  /**
   * Logout (spec §4): the endpoint when a token exists; on success or error the local clear, the
   * state reset and the analytics identity end. Concurrent calls share one logout.
   */
  logout(options: { broadcast?: boolean; expired?: boolean } = {}): Promise<void> {
    this.loggingOut ??= this.runLogout(options).finally(() => {
      this.loggingOut = null;
    });
    return this.loggingOut;
  }

  private async runLogout({ broadcast = true, expired = false }: { broadcast?: boolean; expired?: boolean }): Promise<void> {
    const token = readToken();
    this.setStatus('LOGGING_OUT');
    if (token) {
      try {
        await this.api.logout(token);
      } catch {
        // spec §8: a failed logout call is treated like success
      }
    }
    const lastId = getSession(STORAGE_KEYS.lastId) ?? getSession(STORAGE_KEYS.currentId);
    clearSessionStorage();
    if (lastId) setSession(STORAGE_KEYS.lastId, lastId);
    this.resetState();
    this.lastWatchedToken = undefined;
    this.setStatus(expired ? 'SESSION_EXPIRED' : 'NO_AUTH');
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

  /** Any 401 (spec §8): log out once with one notice, however many calls fail together. */
  handleUnauthorized(_error?: ApiError): void {
    if (this.unauthorizedHandled || this.status === 'LOGGING_OUT' || this.status === 'AUTHENTICATING') return;
    this.unauthorizedHandled = true;
    this.effects.notifySessionExpired();
    void this.logout({ expired: true }).then(() => this.effects.navigate('/login'));
  }

  private async handleRemoteLogout(): Promise<void> {
    if (this.status === 'NO_AUTH' && !this.store.getState().session.user) {
      if (this.effects.currentPath() !== '/login') this.effects.navigate('/login');
      return;
    }
    await this.logout({ broadcast: false });
    this.effects.notifySignedOutElsewhere();
    this.effects.navigate('/login');
  }

  private handleRemoteLogin(userId: number): void {
    const current = this.store.getState().session.user;
    if (this.effects.currentPath() === '/login') {
      this.effects.navigate('/app');
      return;
    }
    if (current && current.id !== userId) {
      // another user signed in elsewhere in this browser: rebuild everything for the new user
      this.resetState();
      this.setStatus('NO_AUTH');
      this.effects.navigate('/app');
    }
  }

  /** One watcher tick (spec §2 "Session watcher"; 1 s interval). */
  tick(): void {
    const currentToken = readStoredToken();
    const decision = decideWatcherAction({
      previousToken: this.lastWatchedToken,
      currentToken,
      authState: this.status,
      onLoginRoute: this.effects.currentPath() === '/login',
    });
    this.lastWatchedToken = currentToken;
    switch (decision.action) {
      case 'SHOULD_LOGIN':
        if (decision.navigateTo) this.effects.navigate(decision.navigateTo);
        else if (Date.now() >= this.retryLoginAfter) {
          if (decision.reason === 'TOKEN_CHANGED') this.resetState();
          void this.authenticate().catch((error: unknown) => {
            // unreachable services: keep the session and retry a little later
            if (error instanceof NetworkError) this.retryLoginAfter = Date.now() + 5_000;
            else void this.logout().then(() => this.effects.navigate('/login'));
          });
        }
        break;
      case 'SHOULD_LOGOUT':
        void this.logout().then(() => this.effects.navigate(decision.navigateTo ?? '/login'));
        break;
      default:
        break;
    }
  }

  startWatcher(intervalMs = 1000): () => void {
    const timer = setInterval(() => this.tick(), intervalMs);
    return () => clearInterval(timer);
  }
}
