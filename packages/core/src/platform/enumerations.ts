/**
 * The closed value sets of the platform's resources (the API's enumerations), written once: the
 * services validate writes against them and the legacy UI offers them in its selects. Each is the
 * list of allowed values, in the order a select shows them.
 *
 * {@link RESOURCE_ENUMERATIONS} indexes them by resource (its API path) and field, the shape a
 * resource catalog's field entries point at.
 */

/** A thing's `status`. */
export const THING_STATUSES = ['active', 'maintenance', 'retired', 'lost'] as const;
/** One of {@link THING_STATUSES}. */
export type ThingStatus = (typeof THING_STATUSES)[number];

/** A permission resource's `typeName` (a data class, or a module of the console). */
export const RESOURCE_TYPE_NAMES = ['class', 'module'] as const;
/** One of {@link RESOURCE_TYPE_NAMES}. */
export type ResourceTypeName = (typeof RESOURCE_TYPE_NAMES)[number];

/** A connection's `type` (its protocol). */
export const CONNECTION_TYPES = ['MQTT', 'KAFKA', 'REST', 'SQL', 'FTP'] as const;
/** One of {@link CONNECTION_TYPES}. */
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

/** An edge box's `type`. */
export const EDGEBOX_TYPES = ['edge', 'core'] as const;
/** One of {@link EDGEBOX_TYPES}. */
export type EdgeboxType = (typeof EDGEBOX_TYPES)[number];

/** An edge box's `status`. */
export const EDGEBOX_STATUSES = ['online', 'offline'] as const;
/** One of {@link EDGEBOX_STATUSES}. */
export type EdgeboxStatus = (typeof EDGEBOX_STATUSES)[number];

/** A report definition's `reportType`. */
export const REPORT_TYPES = ['table', 'map', 'summary'] as const;
/** One of {@link REPORT_TYPES}. */
export type ReportType = (typeof REPORT_TYPES)[number];

/**
 * What a scheduled rule does when its time comes: run its edge box's rules, send the edge box a
 * command, or export the edge box's data.
 */
export const SCHEDULED_RULE_ACTIONS = ['runRules', 'sendCommand', 'exportData'] as const;
/** One of {@link SCHEDULED_RULE_ACTIONS}. */
export type ScheduledRuleAction = (typeof SCHEDULED_RULE_ACTIONS)[number];

/** The kinds of stream app an edge box runs (each with its configuration's JSON Schema: stream-apps.ts). */
export const STREAM_APP_KINDS = ['mqttBridge', 'dwellTimer', 'fileExporter'] as const;
/** One of {@link STREAM_APP_KINDS}. */
export type StreamAppKind = (typeof STREAM_APP_KINDS)[number];

/** The state a stream app is asked to be in. */
export const STREAM_APP_DESIRED_STATES = ['running', 'stopped'] as const;
/** One of {@link STREAM_APP_DESIRED_STATES}. */
export type StreamAppDesiredState = (typeof STREAM_APP_DESIRED_STATES)[number];

/** The state its edge box last reported (`unknown` until it reports one). */
export const STREAM_APP_REPORTED_STATES = ['unknown', 'running', 'stopped', 'failed'] as const;
/** One of {@link STREAM_APP_REPORTED_STATES}. */
export type StreamAppReportedState = (typeof STREAM_APP_REPORTED_STATES)[number];

/** What a device profile configures: a (logical) reader or an edge box. */
export const DEVICE_KINDS = ['reader', 'edgebox'] as const;
/** One of {@link DEVICE_KINDS}. */
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/**
 * A trained model's life: registered (`draft`), checked (`validated`), in use (`deployed`), withdrawn
 * (`retired`). Which moves are allowed is trained-models.ts's rule.
 */
export const TRAINED_MODEL_STATUSES = ['draft', 'validated', 'deployed', 'retired'] as const;
/** One of {@link TRAINED_MODEL_STATUSES}. */
export type TrainedModelStatus = (typeof TRAINED_MODEL_STATUSES)[number];

/**
 * Every enumeration above by resource (API path: `/thing`, `/edgebox`…) and field:
 * `RESOURCE_ENUMERATIONS.thing.status` is {@link THING_STATUSES}.
 */
export const RESOURCE_ENUMERATIONS = {
  thing: { status: THING_STATUSES },
  resource: { typeName: RESOURCE_TYPE_NAMES },
  connection: { type: CONNECTION_TYPES },
  edgebox: { type: EDGEBOX_TYPES, status: EDGEBOX_STATUSES },
  reportDefinition: { reportType: REPORT_TYPES },
  scheduledRule: { action: SCHEDULED_RULE_ACTIONS },
  streamApp: {
    appKind: STREAM_APP_KINDS,
    desiredState: STREAM_APP_DESIRED_STATES,
    reportedState: STREAM_APP_REPORTED_STATES,
  },
  deviceProfile: { deviceKind: DEVICE_KINDS },
  trainedModel: { status: TRAINED_MODEL_STATUSES },
} as const satisfies Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
