/**
 * @portico/core: the pure rules of the Portico console (DESIGN.md §2).
 * Explicit named re-exports only.
 */
export { createPermissionSet, parsePermission } from './permissions/permission-string.ts';
export { evaluatePermissionExpression } from './permissions/permission-expression.ts';
export {
  REPORT_FOLDER_TYPE,
  buildFolderPermissionExpressions,
  canDeleteFolder,
  canEditFolder,
} from './permissions/folder-permissions.ts';
export {
  TAB_NAMES,
  explainTabVisibility,
  isSettingsMenuItemVisible,
  isTabVisible,
} from './permissions/tab-visibility.ts';
export type { TabName } from './permissions/tab-visibility.ts';
export type { PermissionSet } from './permissions/permission-string.ts';
export {
  PERMISSION_CATALOG,
  PERMISSION_SWITCHES,
  findCatalogResource,
  fromPermissionGrid,
  parsePermissionLines,
  permissionCell,
  toPermissionGrid,
} from './permissions/permission-catalog.ts';
export type {
  CatalogModule,
  CatalogResource,
  PermissionGrid,
  PermissionLineProblem,
  PermissionLineReason,
  PermissionLines,
} from './permissions/permission-catalog.ts';
export type { PermissionLetter } from './permissions/permission-string.ts';
export { grantedBy, mayGrantAll, missingGrants } from './permissions/grant-rules.ts';
export {
  perLetterPermissions,
  resourceLetters,
  withResourceLetters,
} from './permissions/platform-permissions.ts';
export {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_PROBLEMS,
  PASSWORD_PROBLEM_TEXT,
  checkPasswordRules,
  isCommonPasswordIn,
  passwordProblemOf,
} from './session/password-rules.ts';
export type { PasswordProblem } from './session/password-rules.ts';
export {
  CALENDAR_FORMATS,
  DATE_FORMATS,
  DEFAULT_LANGUAGE,
  DEFAULT_TIME_ZONE,
  SUPPORTED_LANGUAGES,
  isSupportedLanguage,
  isValidTimeZone,
} from './config/formats.ts';
export type { Language } from './config/formats.ts';
export {
  parseInheritedFields,
  resolveCalendarFormat,
  resolveDateFormat,
  resolveHiddenTabs,
  resolveLanguage,
  resolveTimeZone,
} from './config/inherited-fields.ts';
export {
  canSkipAuthenticate,
  decideAuthFailure,
  decideUnauthorized,
  isCurrentAuthAttempt,
  transitionAuthState,
} from './session/auth-state.ts';
export type { AuthEvent, AuthFailureKind, AuthState } from './session/auth-state.ts';
export { decideWatcherAction } from './session/session-watcher.ts';
export {
  APP_ROOT,
  LOGIN_ROUTE,
  WELCOME_ROUTE,
  resolveRedirectAfterLogin,
  shouldRememberRedirect,
} from './session/redirect.ts';
export {
  buildUserRequestQuery,
  decodeTokenCookie,
  decodeUserDetailCookie,
  encodeTokenCookie,
  encodeUserDetailCookie,
  isRootUser,
  toSessionSummary,
} from './session/session-user.ts';
export type { SessionSummary, SessionUserLike } from './session/session-user.ts';
export {
  DEMO_IDP_PREFIX,
  OAUTH_STATE_COOKIE,
  OAUTH_STATE_KEY,
  OAUTH_STATUS_COOKIE,
  OAUTH_TOKEN_COOKIE,
  decideOAuthReturn,
} from './session/oauth-return.ts';
export type { OAuthReturnDecision } from './session/oauth-return.ts';
export {
  MAX_SIGN_IN_READS,
  SIGN_IN_READS,
  fillSignInReadPath,
  isSignInRead,
} from './session/sign-in-reads.ts';
export type { SignInReadKeys, SignInReadMethod } from './session/sign-in-reads.ts';
export { PRESERVED_KEYS, STORAGE_KEYS } from './session/storage-keys.ts';
export {
  DEFAULT_SESSION_TIMEOUT_MINUTES,
  MAX_SESSION_TIMEOUT_MINUTES,
  SESSION_ANNOUNCE_AT_SECONDS,
  SESSION_EXTEND_THROTTLE_MS,
  SESSION_WARNING_LEAD_MS,
  countdownAnnouncement,
  decideActivityExtension,
  sessionExpiryPhase,
  sessionExtendThrottleMs,
  sessionTimeoutMs,
  sessionWarningLeadMs,
} from './session/session-expiry.ts';
export type {
  ActivityInput,
  CountdownAnnouncement,
  SessionExpiryInput,
  SessionExpiryPhase,
} from './session/session-expiry.ts';
export {
  DRAFT_KEY_PREFIX,
  DRAFT_MAX_AGE_MS,
  DRAFT_MAX_FIELDS,
  DRAFT_MAX_VALUE_LENGTH,
  decideDraftOffer,
  draftKeysToDelete,
  draftRecordPath,
  draftStorageKey,
  parseStoredDraft,
} from './session/unsaved-draft.ts';
export type {
  DraftDecision,
  DraftOfferInput,
  DraftValues,
  StoredDraft,
} from './session/unsaved-draft.ts';
export {
  APP_ROUTES,
  MODULES,
  MODULE_NAMES,
  getModulePages,
  getSidebarLayout,
  getSidebarState,
  isModuleName,
  parseAppRoute,
  toLegacyLocation,
  toLegacyPath,
} from './navigation/app-routes.ts';
// SidebarState is named by DESIGN.md's core API (getSidebarState's answer), used or not.
export type {
  AppRoute,
  RouteModule,
  SidebarLayout,
  SidebarState,
} from './navigation/app-routes.ts';
export { decodeUriLenient } from './navigation/uri.ts';
export { selectPrefetchTargets, type PrefetchCandidate } from './navigation/prefetch.ts';
export {
  diffRoutingState,
  getAllowedModulePages,
  getAutoLoadTarget,
  getDefaultLandingUrl,
  getRoutingParts,
  isAppRouteAllowed,
  getOpenApplicationTab,
  resolvePlaceholderRoute,
  validateNavigationTarget,
} from './navigation/navigation-rules.ts';
export {
  VOCABULARY_DEFAULTS,
  VOCABULARY_FIELD_PREFIX,
  getDocumentTitle,
  resolveLabelMap,
  resolveTabLabel,
  resolveTenantLabel,
} from './config/vocabulary.ts';
export {
  APPLICATION_TABS_FIELD,
  APPLICATION_TAB_PERMISSION,
  MAX_APPLICATION_MENU_REPORTS,
  MAX_APPLICATION_TABS,
  MAX_APPLICATION_TAB_ID,
  MAX_APPLICATION_TAB_MENUS,
  applicationTabLabel,
  applicationTabPath,
  findApplicationTabMenu,
  getUsableApplicationTabs,
  parseApplicationTabs,
  readApplicationTabs,
} from './config/application-tabs.ts';
export type {
  ApplicationTab,
  ApplicationTabMenu,
  ApplicationTabsCheck,
} from './config/application-tabs.ts';
export { TENANT_LABEL_CASES } from './config/vocabulary-cases.ts';
export type { TenantLabelCase } from './config/vocabulary-cases.ts';
export { composePageTitle } from './config/page-title.ts';
export { keepWhenSame, sameData } from './config/same-data.ts';
export {
  GROUP_SETTINGS,
  MAX_LABEL_LENGTH,
  MAX_VIDEO_LINKS,
  groupSetting,
  parseLabelMap,
  validateGroupSetting,
} from './config/group-settings.ts';
export type {
  GroupSetting,
  GroupSettingCheck,
  GroupSettingKind,
  GroupSettingValue,
} from './config/group-settings.ts';
export {
  DEVICE_PREFERENCE_KEYS,
  THEME_PREFERENCES,
  languageToShow,
  parseAcceptLanguage,
  parseThemePreference,
  pickSignInLanguage,
  resolveColorScheme,
} from './config/device-preferences.ts';
export type {
  ColorScheme,
  LanguageToShowInput,
  ThemePreference,
} from './config/device-preferences.ts';
export { filterTimeZoneGroups, formatDateTime, groupTimeZones } from './config/time-zones.ts';
export type { DateTimePreferences } from './config/time-zones.ts';
export {
  ANALYTICS_DEFAULTS,
  ANALYTICS_LOGIN_ORIGIN,
  PORTAL_LOAD_EVENT,
  clampSessionIdleTimeout,
  getAnalyticsDistinctId,
  getAnalyticsEventData,
  getAnalyticsUserData,
  getTenantGroupName,
} from './analytics/analytics-identity.ts';
export type { AnalyticsUserLike } from './analytics/analytics-identity.ts';
export {
  analyticsCookieName,
  anonymousAnalyticsState,
  captureRequestBody,
  cookieDomainCandidates,
  isLikelyBot,
  nextCaptureStep,
  parseAnalyticsState,
  serializeAnalyticsState,
  touchAnalyticsSession,
  uuidv7,
} from './analytics/capture-rules.ts';
export type { AnalyticsState, CaptureOutcome } from './analytics/capture-rules.ts';
export {
  UPDATE_CHECK_FAILED_MESSAGE,
  VERSION_CHANNEL_NAME,
  createVersionSignal,
  decideReload,
  decideVersionCheck,
  parseTimestamp,
  parseVersionSignal,
  shouldReloadOnSignal,
} from './updates/version-check.ts';
export type { VersionCheckDecision } from './updates/version-check.ts';
export {
  RUNTIME_CONFIG_PATH,
  SERVICE_WORKER_EVENTS,
  SERVICE_WORKER_REGISTRATION_DELAY_MS,
  SERVICE_WORKER_SCRIPT,
  SERVICE_WORKER_UNRECOVERABLE_MESSAGE,
  SERVICE_WORKER_UNSUPPORTED_MESSAGE,
  SHELL_PATH,
  UPDATE_CHECK_INTERVAL_MS,
  cachesToDeleteAtStartup,
  cachesToDeleteOnActivate,
  isStaleChunkError,
  precacheName,
  precacheVersion,
  routeServiceWorkerRequest,
  serviceWorkerNetworkPathnames,
  serviceWorkerScope,
  shouldReloadForStaleChunk,
} from './updates/service-worker-rules.ts';
export type { PrecacheEntry } from './updates/service-worker-rules.ts';
export {
  PORTAL_LOAD_MARKER_KEY,
  decidePortalLoad,
  portalLoadMarker,
} from './updates/portal-load.ts';
export { API_BASE_PATH, VISIBILITY_RESOURCES, isRecord } from './platform/platform-api.ts';
export {
  CONNECTION_TYPES,
  DEVICE_KINDS,
  EDGEBOX_STATUSES,
  EDGEBOX_TYPES,
  REPORT_TYPES,
  RESOURCE_ENUMERATIONS,
  RESOURCE_TYPE_NAMES,
  SCHEDULED_RULE_ACTIONS,
  STREAM_APP_DESIRED_STATES,
  STREAM_APP_KINDS,
  STREAM_APP_REPORTED_STATES,
  THING_STATUSES,
  TRAINED_MODEL_STATUSES,
} from './platform/enumerations.ts';
export type {
  ConnectionType,
  DeviceKind,
  EdgeboxStatus,
  EdgeboxType,
  ReportType,
  ResourceTypeName,
  ScheduledRuleAction,
  StreamAppDesiredState,
  StreamAppKind,
  StreamAppReportedState,
  ThingStatus,
  TrainedModelStatus,
} from './platform/enumerations.ts';
export {
  CRON_PREVIEW_RUNS,
  MAX_CRON_LENGTH,
  cronProblem,
  nextCronRuns,
} from './platform/schedule.ts';
export type { CronProblem, CronProblemCode } from './platform/schedule.ts';
export {
  STREAM_APP_EXAMPLES,
  STREAM_APP_SCHEMAS,
  isStreamAppKind,
  schemaSettings,
  streamAppSettings,
} from './platform/stream-apps.ts';
export {
  DEVICE_PROFILE_EXAMPLES,
  DEVICE_PROFILE_SCHEMAS,
  deviceKindOf,
  deviceProfileSettings,
  isDeviceKind,
} from './platform/device-profiles.ts';
export type { AppSchema, AppSetting } from './platform/stream-apps.ts';
export {
  MAX_SUBSCRIPTION_PATTERNS,
  WEBHOOK_RECORD_ACTIONS,
  WEBHOOK_SESSION_EVENTS,
  WEBHOOK_TEST_EVENT,
  subscriptionWants,
  webhookEventFor,
  webhookEventTypes,
  webhookPatternProblem,
} from './platform/webhook-events.ts';
export type { WebhookRecordAction } from './platform/webhook-events.ts';
export {
  RETENTION_KINDS,
  RETENTION_LIMITS,
  isRetentionKind,
  retentionCutoff,
  retentionProblem,
} from './platform/retention.ts';
export type { RetentionKind } from './platform/retention.ts';
export { SOFT_DELETED_RESOURCES, softDeletes } from './platform/soft-delete.ts';
export {
  AUDITED_OUTSIDE_CATALOG,
  isAuditedOutsideCatalog,
  isAuditedResource,
} from './platform/audit-records.ts';
export type { AuditedOutsideCatalog, AuditedResource } from './platform/audit-records.ts';
export {
  MAX_OUTLINE_POINTS,
  OUTLINE_EXTENT,
  checkOutline,
  findCrossing,
  outlineArea,
  segmentsMeet,
  snapToGrid,
} from './platform/zone-outline.ts';
export type { OutlineCheck, OutlinePoint, OutlineProblem } from './platform/zone-outline.ts';
export {
  MAP_IMAGE_TYPES,
  MAX_MAP_IMAGE_BYTES,
  MAX_MAP_IMAGE_PIXELS_SIDE,
  checkMapImage,
  mapImageProblemText,
} from './platform/map-image.ts';
export type { MapImageCheck, MapImageProblem, MapImageType } from './platform/map-image.ts';
export {
  DEFAULT_WORKING_HOURS,
  MAP_PLACEMENT_FIELDS,
  MAP_UNITS,
  MAX_MAP_SIDE,
  SITE_ADDRESS_LIMITS,
  SITE_TREE_LEVEL,
  WEEKDAYS,
  clockMinutes,
  countryCodeList,
  defaultMapPlacement,
  isCountryCode,
  mapPlacementProblems,
  metresPerPixel,
  siteAddressProblems,
  siteTimeZoneProblem,
  workingHoursProblems,
} from './platform/sites.ts';
export type {
  MapPlacement,
  MapUnit,
  OpeningHours,
  SiteAddress,
  SiteFieldProblem,
  Weekday,
  WorkingHours,
} from './platform/sites.ts';
export {
  ATTRIBUTE_DATA_TYPES,
  ATTRIBUTE_LABEL_LANGUAGES,
  ATTRIBUTE_LIMITS,
  ATTRIBUTE_NAME_PATTERN,
  RESERVED_ATTRIBUTE_NAMES,
  attributeDefinitionProblemText,
  attributeLabel,
  attributeValueProblemText,
  attributeValueText,
  checkAttributeDefinition,
  checkAttributeValue,
  checkThingAttributes,
  isAttributeDate,
} from './platform/thing-attributes.ts';
export type {
  AttributeDataType,
  AttributeDefinition,
  AttributeDefinitionCheck,
  AttributeDefinitionProblem,
  AttributeValue,
  AttributeValueCheck,
  AttributeValueProblem,
  ThingAttributeProblem,
  ThingAttributesCheck,
} from './platform/thing-attributes.ts';
export {
  IMPORT_KEYS,
  IMPORT_CLEAR_MARKER,
  IMPORT_LIST_SEPARATOR,
  IMPORT_RESOURCES,
  importCellValue,
  importColumnOf,
  importColumns,
  isImportResource,
  readImportHeader,
  readImportRow,
} from './platform/csv-import.ts';
export type {
  CellValue,
  ImportColumn,
  ImportHeader,
  ImportProblem,
  ImportResource,
  ImportRow,
} from './platform/csv-import.ts';
export {
  LICENSE_FORMAT,
  LICENSE_LIMITED_RESOURCES,
  LICENSE_LIMITS,
  LICENSE_MODULES,
  MAX_LICENSE_DAYS,
  MAX_LICENSE_LIMIT,
  canonicalLicenseJson,
  expiryOfDay,
  expiryProblem,
  isLicenseExpired,
  licenseLimitOf,
  licenseRefusal,
  licenseText,
  licenseUsage,
  limitExceeded,
  limitValueProblem,
  modulesProblem,
  readLicensePayload,
  signedLicensePart,
  splitLicenseText,
} from './platform/license.ts';
export type { LicenseLimit, LicensePayload, LicenseUsage } from './platform/license.ts';
export {
  CATALOG_ENTRIES,
  FIELD_LENGTHS,
  RESOURCE_CATALOG,
  catalogEntry,
  enumerationOf,
} from './platform/resource-catalog.ts';
export type {
  CatalogEntry,
  CatalogField,
  CatalogFieldKind,
  CatalogPath,
} from './platform/resource-catalog.ts';
export {
  REPORTABLE_RESOURCES,
  REPORT_LIMITS,
  REPORT_OPERATORS,
  checkReportDefinition,
  filterValueProblem,
  isReportableResource,
  operatorTakesValue,
  reportColumns,
  reportField,
  reportFields,
  reportTimeSpan,
  reportTimeValue,
} from './platform/report-definition.ts';
export type {
  ReportField,
  ReportFieldKind,
  ReportFilter,
  ReportGroupBy,
  ReportOperator,
  ReportProblem,
  ReportProblemCode,
  ReportProperty,
  ReportQuery,
  ReportSort,
  ReportTimeSpan,
  ReportableResource,
} from './platform/report-definition.ts';
export {
  SNAPSHOT_NOTE_MAX,
  VERSIONED_KINDS,
  diffSnapshots,
  fieldChanges,
  isSameConfiguration,
  parseSnapshotContent,
  restorePlan,
  snapshotNoteProblem,
} from './platform/config-versions.ts';
export type {
  ChangedRecord,
  FieldChange,
  KindDiff,
  RecordRef,
  RestorePlan,
  SnapshotContent,
  SnapshotRecord,
  SnapshotValue,
  VersionedKind,
  VersionedKindName,
} from './platform/config-versions.ts';
export {
  KEY_METRICS,
  MAX_METRICS,
  MAX_METRIC_NAME_LENGTH,
  MAX_MODEL_VERSION_LENGTH,
  MAX_TRAINED_MODEL_BYTES,
  STATUSES_NEEDING_FILE,
  TRAINED_MODEL_TRANSITIONS,
  allowedTransitions,
  deleteProblem,
  initialStatusProblem,
  isSha256Hex,
  isTrainedModelStatus,
  keyMetric,
  metricsProblem,
  modelVersionProblem,
  transitionProblem,
} from './platform/trained-models.ts';
export type {
  AuditAct,
  AuditEntry,
  AuditFieldChange,
  BulkAction,
  BulkFailure,
  BulkResult,
  ConfigVersion,
  ImportJob,
  ImportJobCounts,
  ImportJobState,
  ImportPreviewRow,
  LicenseInfo,
  LicenseState,
  LocalMapDescription,
  SiteDetails,
  SiteMap,
  SiteSummary,
  ThingTypeField,
  WebhookAttempt,
  WebhookDelivery,
  WebhookOutcome,
} from './platform/wire.ts';
