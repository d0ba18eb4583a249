/**
 * @portico/core: the pure rules of the Portico console (DESIGN.md §2).
 * Explicit named re-exports only.
 */
export {
  PERMISSION_LETTERS,
  createPermissionSet,
  hasPermission,
  isPermissionSet,
  parsePermission,
  toPermissionSet,
} from './permissions/permission-string.ts';
export {
  MAX_PERMISSION_EXPRESSION_DEPTH,
  MAX_PERMISSION_EXPRESSION_LENGTH,
  collectPermissionTerms,
  compilePermissionAst,
  createPermissionExpressionEngine,
  createPermissionExpressionEvaluator,
  evaluatePermissionAst,
  evaluatePermissionExpression,
  explainPermissionExpression,
  interpolatePermissionExpression,
  parsePermissionExpression,
  printPermissionExpression,
} from './permissions/permission-expression.ts';
export type {
  CompiledPermissionExpression,
  PermissionExpressionEngine,
  PermissionExpressionEvaluator,
  PermissionExpressionEvaluatorOptions,
  PermissionExpressionExplanation,
  PermissionExpressionLogger,
  PermissionExpressionNode,
  PermissionExpressionParseResult,
  PermissionVariables,
} from './permissions/permission-expression.ts';
export {
  FOLDER_DELETE_PERMISSION_TEMPLATE,
  FOLDER_EDIT_PERMISSION_TEMPLATE,
  FOLDER_OWNER_EDIT_KEY,
  FOLDER_READ_PERMISSION_TEMPLATE,
  REPORT_FOLDER_TYPE,
  buildFolderPermissionExpressions,
  canDeleteFolder,
  canEditFolder,
  canReadFolder,
  folderInstanceKey,
  folderPermissionVariables,
  folderTypeKey,
} from './permissions/folder-permissions.ts';
export type { FolderAccessSubject } from './permissions/folder-permissions.ts';
export {
  SETTINGS_MENU_ITEM_RULE,
  TAB_NAMES,
  TAB_PERMISSION_RULES,
  explainTabVisibility,
  getVisibleTabs,
  hasTabPermission,
  isSettingsMenuItemVisible,
  isTabHiddenByUser,
  isTabName,
  isTabVisible,
  toTabName,
} from './permissions/tab-visibility.ts';
export type { TabName, TabVisibilityExplanation } from './permissions/tab-visibility.ts';
export type { ParsedPermission, PermissionLetter, PermissionSet } from './permissions/permission-string.ts';
export {
  CALENDAR_FORMATS,
  DATE_FORMATS,
  DEFAULT_CALENDAR_FORMAT,
  DEFAULT_DATE_FORMAT,
  DEFAULT_LANGUAGE,
  DEFAULT_TIME_ZONE,
  SUPPORTED_LANGUAGES,
  isCalendarFormat,
  isDateFormat,
  isSupportedLanguage,
  isValidTimeZone,
} from './config/formats.ts';
export type { CalendarFormat, DateFormat, Language } from './config/formats.ts';
export {
  parseFieldValue,
  parseInheritedFields,
  resolveCalendarFormat,
  resolveDateFormat,
  resolveHiddenTabs,
  resolveLanguage,
  resolveTimeZone,
} from './config/inherited-fields.ts';
export type { InheritedFieldValue, TimeZoneCandidates } from './config/inherited-fields.ts';
export {
  AUTH_STATES,
  authenticateTransition,
  canSkipAuthenticate,
  decideAuthFailure,
  decideUnauthorized,
  displayedAuthState,
  expiredFlagAfter,
  isCurrentAuthAttempt,
  transitionAuthState,
} from './session/auth-state.ts';
export type {
  AuthAttemptCheck,
  AuthEvent,
  AuthFailureAction,
  AuthFailureKind,
  AuthState,
  AuthTransition,
  UnauthorizedDecision,
  UnauthorizedInput,
} from './session/auth-state.ts';
export { decideWatcherAction } from './session/session-watcher.ts';
export type { WatcherAction, WatcherDecision, WatcherInput } from './session/session-watcher.ts';
export { APP_ROOT, LOGIN_ROUTE, WELCOME_ROUTE, resolveRedirectAfterLogin, shouldRememberRedirect } from './session/redirect.ts';
export type { RedirectInput } from './session/redirect.ts';
export {
  ROOT_USER_EXTRA,
  SESSION_INFO_ERROR,
  USER_EXTRA,
  USER_ONLY,
  buildUserRequestQuery,
  decodeTokenCookie,
  decodeUserDetailCookie,
  encodeTokenCookie,
  encodeUserDetailCookie,
  isRootGroup,
  isRootUser,
  toSessionSummary,
} from './session/session-user.ts';
export type { GroupLike, SessionSummary, SessionUserLike, TokenCookie } from './session/session-user.ts';
export {
  MIN_OAUTH_STATE_LENGTH,
  OAUTH_STATE_COOKIE,
  OAUTH_STATE_KEY,
  OAUTH_STATUS_COOKIE,
  OAUTH_TOKEN_COOKIE,
  decideOAuthReturn,
} from './session/oauth-return.ts';
export type { OAuthReturnDecision, OAuthReturnInput } from './session/oauth-return.ts';
export { PRESERVED_KEYS, STORAGE_KEYS, isPreservedKey, keysToClearOnLogout } from './session/storage-keys.ts';
export type { StorageKey } from './session/storage-keys.ts';
export {
  APP_ROUTES,
  MODULES,
  MODULE_NAMES,
  RECORD_PARAM,
  SIDEBAR_STATES,
  getModulePages,
  getRecordRoute,
  getSidebarState,
  isAppPath,
  isLegacyPath,
  isModuleName,
  matchAllRoutes,
  normalizePath,
  parseAppRoute,
  toLegacyLocation,
  toLegacyPath,
} from './navigation/app-routes.ts';
export type { AppModule, AppRoute, AppRouteMatch, ModuleName, RouteModule, SidebarState } from './navigation/app-routes.ts';
export {
  diffRoutingState,
  getAutoLoadTarget,
  getDefaultLandingUrl,
  getRoutingParts,
  isAppRouteAllowed,
  isAutoLoadEnabled,
  isValidNavigationTarget,
  resolvePlaceholderRoute,
  validateNavigationTarget,
} from './navigation/navigation-rules.ts';
export type {
  AccessContext,
  AutoLoadContext,
  LandingContext,
  NavigationValidation,
  PlaceholderDecision,
  RoutingChange,
  RoutingDiff,
  RoutingParts,
} from './navigation/navigation-rules.ts';
export {
  DEFAULT_PRODUCT_TITLE,
  TAB_VOCABULARY,
  VOCABULARY_CONCEPTS,
  VOCABULARY_DEFAULTS,
  VOCABULARY_FIELD_PREFIX,
  getDocumentTitle,
  resolveTabLabel,
  resolveTenantLabel,
  resolveVocabularyLabel,
  vocabularyFieldName,
} from './config/vocabulary.ts';
export type { VocabularyConcept } from './config/vocabulary.ts';
export { TITLE_SEPARATOR, composePageTitle } from './config/page-title.ts';
export {
  DEVICE_PREFERENCE_KEYS,
  THEME_PREFERENCES,
  isDevicePreferenceKey,
  parseThemePreference,
  pickSignInLanguage,
  resolveColorScheme,
} from './config/device-preferences.ts';
export type { ColorScheme, ThemePreference } from './config/device-preferences.ts';
export {
  TIME_ZONE_REGIONS,
  filterTimeZoneGroups,
  formatDateTime,
  formatUtcOffset,
  groupTimeZones,
  timeZoneOffsetMinutes,
  timeZoneRegion,
} from './config/time-zones.ts';
export type { DateTimePreferences, TimeZoneGroup, TimeZoneOption, TimeZoneRegion } from './config/time-zones.ts';
export {
  ANALYTICS_DEFAULTS,
  ANALYTICS_LOGIN_ORIGIN,
  PORTAL_LOAD_EVENT,
  clampSessionIdleTimeout,
  getAnalyticsDistinctId,
  getAnalyticsEventData,
  getAnalyticsUserData,
  getTenantGroupName,
  hashString32,
  shouldRenewAnalyticsSession,
} from './analytics/analytics-identity.ts';
export type { AnalyticsEventData, AnalyticsGroupLike, AnalyticsUserLike } from './analytics/analytics-identity.ts';
export {
  UPDATE_CHECK_FAILED_MESSAGE,
  VERSION_CHANNEL_NAME,
  VERSION_RELOAD_THROTTLE_MS,
  createVersionSignal,
  decideReload,
  decideVersionCheck,
  isReloadThrottled,
  parseTimestamp,
  parseVersionSignal,
  shouldReloadOnSignal,
  versionIdentity,
} from './updates/version-check.ts';
export type { ReloadDecision, VersionCheckDecision, VersionCheckInput, VersionCheckOutcome, VersionSignal } from './updates/version-check.ts';
export {
  PRECACHE_PREFIX,
  RUNTIME_CONFIG_PATH,
  SERVICE_WORKER_BYPASS_PREFIXES,
  SERVICE_WORKER_EVENTS,
  SERVICE_WORKER_REGISTRATION_DELAY_MS,
  SERVICE_WORKER_SCRIPT,
  SERVICE_WORKER_UNRECOVERABLE_MESSAGE,
  SERVICE_WORKER_UNSUPPORTED_MESSAGE,
  SHELL_PATH,
  STALE_CHUNK_RELOAD_WINDOW_MS,
  UPDATE_CHECK_INTERVAL_MS,
  cachesToDeleteAtStartup,
  cachesToDeleteOnActivate,
  isStaleChunkError,
  precacheName,
  precacheVersion,
  routeServiceWorkerRequest,
  serviceWorkerScope,
  shouldReloadForStaleChunk,
} from './updates/service-worker-rules.ts';
export type { PrecacheEntry, ServiceWorkerRequest, ServiceWorkerRoute } from './updates/service-worker-rules.ts';
export { PORTAL_LOAD_MARKER_KEY, decidePortalLoad, portalLoadMarker } from './updates/portal-load.ts';
export type { PortalLoadDecision } from './updates/portal-load.ts';
export { API_BASE_PATH, VISIBILITY_RESOURCES, isRecord } from './platform/platform-api.ts';
export type { VisibilityResource } from './platform/platform-api.ts';
