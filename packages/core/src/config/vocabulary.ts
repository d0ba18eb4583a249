/**
 * Tenant vocabulary (spec §2 "Languages and title", §3 "Group fields").
 *
 * A tenant renames concepts through group fields named `vizixVocabularyLabel` + the concept key in
 * PascalCase (`vizixVocabularyLabelThings`), each a JSON map from language to label
 * (`{"en":"Assets","es":"Activos",...}`). A label resolves to the tenant's label in the language,
 * else in its base language (`pt` for `pt-BR`), else the tenant's English label, else the built-in
 * English default; a plain-text value (not JSON) is the tenant's label in every language. The shell
 * and the legacy UI both read it here; {@link TENANT_LABEL_CASES} pins the rule for a copy that
 * cannot import this module (the plain legacy example).
 */
import { parseFieldValue } from './inherited-fields.ts';

/** The prefix of every vocabulary group field. */
export const VOCABULARY_FIELD_PREFIX = 'vizixVocabularyLabel';

/** The product title used when the tenant names no platform (spec §2 "falling back to a default product title"). */
export const DEFAULT_PRODUCT_TITLE = 'Portico';

/**
 * The labelled concepts (spec §3: "About 65 concepts"), PascalCase key → built-in English label.
 * `Platform` is the product title.
 */
export const VOCABULARY_DEFAULTS = {
  Platform: DEFAULT_PRODUCT_TITLE,
  Home: 'Home',
  Things: 'Things',
  Thing: 'Thing',
  ThingTypes: 'Thing Types',
  ThingType: 'Thing Type',
  ThingFields: 'Thing Fields',
  Tenants: 'Tenants',
  Groups: 'Groups',
  Group: 'Group',
  GroupTypes: 'Group Types',
  Users: 'Users',
  User: 'User',
  Roles: 'Roles',
  Resources: 'Resources',
  Licenses: 'Licenses',
  LicenseGenerator: 'License Generator',
  Settings: 'Settings',
  SitesConfiguration: 'Sites Configuration',
  DevicesConfiguration: 'Devices Configuration',
  RulesAttributes: 'Rules Attributes',
  Sites: 'Sites',
  Devices: 'Devices',
  Gateway: 'Gateway',
  Edge: 'Edge',
  EdgeBoxes: 'Edge Boxes',
  EdgeBoxRules: 'Edge Box Rules',
  ScheduledRules: 'Scheduled Rules',
  StreamApps: 'Stream Apps',
  Model: 'Model',
  MapMaker: 'Map Maker',
  LocalMaps: 'Local Maps',
  Zones: 'Zones',
  Zone: 'Zone',
  ZoneTypes: 'Zone Types',
  ZoneGroups: 'Zone Groups',
  ZonePoints: 'Zone Points',
  LogicalReaders: 'Logical Readers',
  Readers: 'Readers',
  Antennas: 'Antennas',
  Sensors: 'Sensors',
  Tags: 'Tags',
  Services: 'Services',
  ImportExport: 'Import / Export',
  Connections: 'Connections',
  ConnectionTypes: 'Connection Types',
  Versioning: 'Versioning',
  ApiExplorer: 'API Explorer',
  Endpoints: 'Endpoints',
  DataRetentionPolicies: 'Data Retention Policies',
  Subscriptions: 'Subscriptions',
  Logs: 'Logs',
  Analytics: 'Analytics',
  Reports: 'Reports',
  Report: 'Report',
  ReportFolders: 'Report Folders',
  ReportExecutions: 'Report Executions',
  Dashboards: 'Dashboards',
  Alerts: 'Alerts',
  Notifications: 'Notifications',
  Events: 'Events',
  Workflows: 'Workflows',
  Shifts: 'Shifts',
  SmartContracts: 'Smart Contracts',
  TrainedModels: 'Trained Models',
  MachineLearning: 'Machine Learning',
  HealthAndStatus: 'Health and Status',
  ApplicationTabs: 'Application Tabs',
} as const satisfies Record<string, string>;

/** A vocabulary concept key (PascalCase, as in the field name). */
export type VocabularyConcept = keyof typeof VOCABULARY_DEFAULTS;

/** Every concept key, in the order above. */
export const VOCABULARY_CONCEPTS = Object.keys(VOCABULARY_DEFAULTS) as VocabularyConcept[];

/** The group field holding a concept's labels: `vocabularyFieldName('Things')` is `vizixVocabularyLabelThings`. */
export function vocabularyFieldName(concept: string): string {
  return `${VOCABULARY_FIELD_PREFIX}${concept.charAt(0).toUpperCase()}${concept.slice(1)}`;
}

/** The concept of a tab whose label a tenant may rename (tabs without one keep their i18n label). */
export const TAB_VOCABULARY: Readonly<Record<string, VocabularyConcept>> = {
  home: 'Home',
  things: 'Things',
  thing: 'Things',
  thingType: 'ThingTypes',
  tenants: 'Tenants',
  edge: 'Edge',
  group: 'Groups',
  groupType: 'GroupTypes',
  sitesConfiguration: 'SitesConfiguration',
  devicesConfiguration: 'DevicesConfiguration',
  user: 'Users',
  role: 'Roles',
  resource: 'Resources',
  license: 'Licenses',
  settings: 'Settings',
  rulesAttributes: 'RulesAttributes',
  gateway: 'Gateway',
  edgeboxes: 'EdgeBoxes',
  scheduledRule: 'ScheduledRules',
  streamApp: 'StreamApps',
  model: 'Model',
  mapMaker: 'MapMaker',
  zone: 'Zones',
  zoneType: 'ZoneTypes',
  zoneGroup: 'ZoneGroups',
  logicalReader: 'LogicalReaders',
  services: 'Services',
  importExport: 'ImportExport',
  connection: 'Connections',
  licenseGenerator: 'LicenseGenerator',
  versioning: 'Versioning',
  apiExplorer: 'ApiExplorer',
  endpoint: 'Endpoints',
  dataRetentionPolicy: 'DataRetentionPolicies',
  subscription: 'Subscriptions',
  analytics: 'Analytics',
  reportDefinition: 'Reports',
  reportFolders: 'ReportFolders',
  logs: 'Logs',
  machinelearning: 'MachineLearning',
  healthandstatus: 'HealthAndStatus',
  applicationTab: 'ApplicationTabs',
};

/** A language tag compared loosely: `PT_br` and `pt-BR` are the same tag. */
function normalizeTag(tag: string): string {
  return tag.trim().toLowerCase().replaceAll('_', '-');
}

/** The map's non-blank text entry for `tag` (keys compared as {@link normalizeTag} does), trimmed. */
function labelIn(map: Readonly<Record<string, unknown>>, tag: string): string | null {
  for (const [key, value] of Object.entries(map)) {
    if (normalizeTag(key) === tag && typeof value === 'string' && value.trim() !== '')
      return value.trim();
  }
  return null;
}

/**
 * The tenant's own label for a concept, null when the tenant sets none. The field may hold the JSON
 * text or the parsed map. From a map: the entry for `language`, else for its base language (`pt`
 * for `pt-BR`), else the English one; language keys are compared case-insensitively, `_` as `-`;
 * entries that are not non-blank text are skipped. A plain-text value (not JSON) is the label in
 * every language; malformed JSON, a list, a number or blank text is no label. Never throws.
 * {@link TENANT_LABEL_CASES} is the rule as a table.
 */
export function resolveTenantLabel(
  concept: string,
  language: string,
  groupFields: Readonly<Record<string, unknown>> | null | undefined,
): string | null {
  if (typeof groupFields !== 'object' || groupFields === null) return null;
  const raw = parseFieldValue(
    Object.hasOwn(groupFields, vocabularyFieldName(concept))
      ? groupFields[vocabularyFieldName(concept)]
      : undefined,
  );
  // Text that still looks like JSON after parsing is malformed JSON, not a label.
  if (typeof raw === 'string')
    return raw.trim() === '' || /^[[{]/.test(raw.trim()) ? null : raw.trim();
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  return resolveLabelMap(raw as Record<string, unknown>, language);
}

/**
 * A label map's label in `language` by the vocabulary rule ({@link resolveTenantLabel}): the entry
 * for `language`, else for its base language (`pt` for `pt-BR`), else the English one; null when
 * none is non-blank text.
 */
export function resolveLabelMap(
  map: Readonly<Record<string, unknown>>,
  language: string,
): string | null {
  const tag = normalizeTag(String(language));
  const base = tag.replace(/-.*$/, '');
  return labelIn(map, tag) ?? labelIn(map, base) ?? labelIn(map, 'en');
}

/**
 * Spec §3 vocabulary: the tenant's label in `language`, else its English label, else the built-in
 * default (the concept key itself for a concept outside {@link VOCABULARY_DEFAULTS}).
 */
export function resolveVocabularyLabel(
  concept: string,
  language: string,
  groupFields: Readonly<Record<string, unknown>> | null | undefined,
): string {
  const builtIn = Object.hasOwn(VOCABULARY_DEFAULTS, concept)
    ? VOCABULARY_DEFAULTS[concept as VocabularyConcept]
    : concept;
  return resolveTenantLabel(concept, language, groupFields) ?? builtIn;
}

/** A tab's (or page's) label as the tenant renamed it; null when the tenant did not (use the i18n label). */
export function resolveTabLabel(
  tab: string,
  language: string,
  groupFields: Readonly<Record<string, unknown>> | null | undefined,
): string | null {
  const concept = Object.hasOwn(TAB_VOCABULARY, tab) ? TAB_VOCABULARY[tab] : undefined;
  return concept === undefined ? null : resolveTenantLabel(concept, language, groupFields);
}

/** Spec §2: "The document title is the platform vocabulary label, falling back to a default product title." */
export function getDocumentTitle(
  groupFields: Readonly<Record<string, unknown>> | null | undefined,
  language: string,
  fallback: string = DEFAULT_PRODUCT_TITLE,
): string {
  return resolveTenantLabel('Platform', language, groupFields) ?? fallback;
}
