/**
 * The wire format of the Portico frame protocol (spec §7 "Messages to the embedded legacy interface").
 * PROTOCOL.md documents every action; this file is the single source of truth for their shapes.
 *
 * Every message is an envelope `{protocol, version, id, kind, action, ...}`:
 * - `kind: 'event'`   fire-and-forget, carries `payload`;
 * - `kind: 'request'` expects exactly one answer, carries `payload`; `id` is the correlation id;
 * - `kind: 'reply'`   answers the request whose id is `replyTo`; `action` names the answer
 *   (`routerSuccess` for `router`, otherwise the request's own action);
 * - `kind: 'error'`   answers the request whose id is `replyTo` with `{code, message}`; `action` is `error`.
 * Each direction has its own discriminated union on `action`, so a frame can never send a host-only
 * action (such as `permissions`) and have it accepted.
 */
import * as z from 'zod/mini';

/** The `protocol` field of every message. */
export const BRIDGE_PROTOCOL = 'portico-bridge';
/** The protocol version this build speaks; a message of another version is dropped. */
export const BRIDGE_VERSION = 1;
/** Default time a request waits for its answer (spec §7, §9: 10,000 ms). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

const text = (max: number) => z.string().check(z.maxLength(max));
const nonEmpty = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));
const messageId = nonEmpty(64);
// Safe integers, checked by a plain function: z.int()'s number-format machinery (every numeric
// format's ranges) would weigh in the frame kit for this one check.
const integerId = z.number().check((payload) => {
  if (!Number.isSafeInteger(payload.value))
    payload.issues.push({ code: 'custom', input: payload.value, message: 'expected an integer' });
});

/**
 * A route path inside the legacy UI, such as `/things/thing` (no `/app` prefix, no `#`). Its leading
 * "/" is a regex check (the language tag needs regex anyway), not z.startsWith: one check class less
 * in the frame kit.
 */
export const legacyPathSchema = z.string().check(z.minLength(1), z.maxLength(2048), z.regex(/^\//));
/** A BCP 47 language tag such as `en` or `pt-BR`. */
export const languageTagSchema = z
  .string()
  .check(z.regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,3}$/));

/** The signed-in user as the legacy UI needs it. Unknown text fields are empty strings. */
export const bridgeUserSchema = z.object({
  id: integerId,
  username: nonEmpty(256),
  firstName: text(256),
  lastName: text(256),
  email: text(320),
  /** The active group (tenant or sub-group) id. */
  groupId: integerId,
  groupName: text(256),
  /** The tenant (level-2 group) name; the root group's name for root users. */
  tenantName: text(256),
  isRoot: z.boolean(),
});
/** The signed-in user as the legacy UI needs it. */
export type BridgeUser = z.infer<typeof bridgeUserSchema>;

/** Everything the legacy UI needs to call the API on the user's behalf (reply to `fetchSessionData`). */
export const sessionDataSchema = z.object({
  /** The access token, sent by the legacy UI in the `token` header. */
  token: nonEmpty(4096),
  /** The API base, absolute (`https://host/riot-core-services/api`) or origin-relative (`/riot-core-services/api`). */
  apiBase: nonEmpty(2048),
  user: bridgeUserSchema,
  permissions: z.array(text(256)).check(z.maxLength(100_000)),
  language: languageTagSchema,
  /** IANA or POSIX-style zone name, e.g. `Europe/Madrid`, `EST5EDT`. */
  timeZone: nonEmpty(64),
  /** A date format such as `MM/DD/YYYY` (known values: @portico/core DATE_FORMATS). */
  dateFormat: nonEmpty(32),
  /** `12h` or `24h` (known values: @portico/core CALENDAR_FORMATS). */
  calendarFormat: nonEmpty(16),
  /** The active group's inherited fields, name → parsed value (vocabulary labels among them). */
  groupFields: z.record(z.string(), z.unknown()),
});
/** Reply payload of `fetchSessionData`. */
export type SessionData = z.infer<typeof sessionDataSchema>;

const empty = z.object({});
const pathPayload = z.object({ path: legacyPathSchema });
const folderPayload = z.object({ folderId: z.nullable(integerId), name: z.optional(text(256)) });

/** The colour schemes the shell can push to the frame (`theme`). */
export const BRIDGE_COLOR_SCHEMES = ['light', 'dark'] as const;
/** The most fields a form draft carries (`dirtyState`, `fetchDraft`). */
export const DRAFT_MAX_FIELDS = 200;
/** The longest value of one draft field. */
export const DRAFT_MAX_VALUE_LENGTH = 20_000;

/**
 * A form's unsaved values: field name → the text typed. Never a password or another secret: the
 * frame leaves those out (the shell keeps drafts in the tab's session storage).
 */
export const draftSchema = z
  .record(nonEmpty(128), text(DRAFT_MAX_VALUE_LENGTH))
  .check((payload) => {
    // a plain check function, not z.refine: refine brings zod's custom-schema class into the frame kit
    if (Object.keys(payload.value).length > DRAFT_MAX_FIELDS)
      payload.issues.push({
        code: 'custom',
        input: payload.value,
        message: `a draft has at most ${DRAFT_MAX_FIELDS} fields`,
      });
  });
/** A form's unsaved values (`dirtyState`, `fetchDraft`). */
export type BridgeDraft = z.infer<typeof draftSchema>;

/** Shell commands the frame can trigger from the keyboard while it has the focus (`shortcut`). */
export const BRIDGE_SHORTCUT_COMMANDS = ['openPalette', 'escape'] as const;

// ---- payload schemas, one per action (and per direction where an action goes both ways) ----

/** Payload schemas of host → frame events and requests. */
export const hostPayloadSchemas = {
  router: pathPayload,
  permissions: z.object({ permissions: z.array(text(256)).check(z.maxLength(100_000)) }),
  language: z.object({ language: languageTagSchema }),
  timezoneUpdated: z.object({ timeZone: nonEmpty(64) }),
  dateFormatUpdated: z.object({ dateFormat: nonEmpty(32) }),
  calendarFormatUpdated: z.object({ calendarFormat: nonEmpty(16) }),
  userFieldUpdated: z.object({ field: nonEmpty(128), value: z.unknown() }),
  groupConfigs: z.object({ fields: z.record(z.string(), z.unknown()) }),
  sessionExpired: z.object({ reason: z.optional(text(256)) }),
  folderDetail: folderPayload,
  openCustomTabModal: z.object({ tabId: z.nullable(integerId) }),
  theme: z.object({ scheme: z.enum(BRIDGE_COLOR_SCHEMES) }),
} as const;

/** Payload schemas of frame → host events and requests. */
export const framePayloadSchemas = {
  ready: z.object({ path: z.nullable(legacyPathSchema), instanceId: nonEmpty(64) }),
  fetchUserInfo: empty,
  fetchSessionData: empty,
  routerUpdate: z.object({ path: legacyPathSchema, replace: z.optional(z.boolean()) }),
  modal: z.object({ open: z.boolean() }),
  sessionExpired: empty,
  navigateToEvent: pathPayload,
  handleAboutSection: empty,
  closeCustomTabModal: z.object({ saved: z.boolean(), tabId: z.nullable(integerId) }),
  doneEvent: z.object({
    operation: nonEmpty(128),
    ok: z.boolean(),
    message: z.optional(text(1000)),
  }),
  sidebarEvent: z.object({ command: z.enum(['open', 'close', 'toggle', 'refresh']) }),
  updateGroupConfigMenu: z.object({ groupId: integerId }),
  folderDetail: folderPayload,
  shortcut: z.object({ command: z.enum(BRIDGE_SHORTCUT_COMMANDS) }),
  activity: empty,
  dirtyState: z.object({
    dirty: z.boolean(),
    path: legacyPathSchema,
    draft: z.optional(draftSchema),
  }),
  fetchDraft: pathPayload,
} as const;

/** Reply payload schemas, keyed by the reply's action name. */
export const replyPayloadSchemas = {
  routerSuccess: pathPayload,
  ready: z.object({}),
  fetchUserInfo: bridgeUserSchema,
  fetchSessionData: sessionDataSchema,
  fetchDraft: z.object({ draft: z.nullable(draftSchema) }),
} as const;

/** The error body of a `kind: 'error'` message. */
export const bridgeErrorBodySchema = z.object({ code: nonEmpty(64), message: text(1000) });

// ---- envelopes ----

const header = {
  protocol: z.literal(BRIDGE_PROTOCOL),
  version: z.literal(BRIDGE_VERSION),
  id: messageId,
};

function eventMessage<A extends string, P extends z.ZodMiniType>(action: A, payload: P) {
  return z.object({ ...header, kind: z.literal('event'), action: z.literal(action), payload });
}
function requestMessage<A extends string, P extends z.ZodMiniType>(action: A, payload: P) {
  return z.object({ ...header, kind: z.literal('request'), action: z.literal(action), payload });
}
function replyMessage<A extends string, P extends z.ZodMiniType>(action: A, payload: P) {
  return z.object({
    ...header,
    kind: z.literal('reply'),
    replyTo: messageId,
    action: z.literal(action),
    payload,
  });
}
const errorMessage = z.object({
  ...header,
  kind: z.literal('error'),
  replyTo: messageId,
  action: z.literal('error'),
  error: bridgeErrorBodySchema,
});

const h = hostPayloadSchemas;
const f = framePayloadSchemas;
const r = replyPayloadSchemas;

/** Every message the host (console) may send to the frame. */
export const hostToFrameMessageSchema = z.discriminatedUnion('action', [
  requestMessage('router', h.router),
  eventMessage('permissions', h.permissions),
  eventMessage('language', h.language),
  eventMessage('timezoneUpdated', h.timezoneUpdated),
  eventMessage('dateFormatUpdated', h.dateFormatUpdated),
  eventMessage('calendarFormatUpdated', h.calendarFormatUpdated),
  eventMessage('userFieldUpdated', h.userFieldUpdated),
  eventMessage('groupConfigs', h.groupConfigs),
  eventMessage('sessionExpired', h.sessionExpired),
  eventMessage('folderDetail', h.folderDetail),
  eventMessage('openCustomTabModal', h.openCustomTabModal),
  eventMessage('theme', h.theme),
  replyMessage('ready', r.ready),
  replyMessage('fetchUserInfo', r.fetchUserInfo),
  replyMessage('fetchSessionData', r.fetchSessionData),
  replyMessage('fetchDraft', r.fetchDraft),
  errorMessage,
]);
/** A message from the host (console) to the frame (legacy UI). */
export type HostToFrameMessage = z.infer<typeof hostToFrameMessageSchema>;

/** Every message the frame (legacy UI) may send to the host. */
export const frameToHostMessageSchema = z.discriminatedUnion('action', [
  requestMessage('ready', f.ready),
  requestMessage('fetchUserInfo', f.fetchUserInfo),
  requestMessage('fetchSessionData', f.fetchSessionData),
  eventMessage('routerUpdate', f.routerUpdate),
  eventMessage('modal', f.modal),
  eventMessage('sessionExpired', f.sessionExpired),
  eventMessage('navigateToEvent', f.navigateToEvent),
  eventMessage('handleAboutSection', f.handleAboutSection),
  eventMessage('closeCustomTabModal', f.closeCustomTabModal),
  eventMessage('doneEvent', f.doneEvent),
  eventMessage('sidebarEvent', f.sidebarEvent),
  eventMessage('updateGroupConfigMenu', f.updateGroupConfigMenu),
  eventMessage('folderDetail', f.folderDetail),
  eventMessage('shortcut', f.shortcut),
  eventMessage('activity', f.activity),
  eventMessage('dirtyState', f.dirtyState),
  requestMessage('fetchDraft', f.fetchDraft),
  replyMessage('routerSuccess', r.routerSuccess),
  errorMessage,
]);
/** A message from the frame (legacy UI) to the host (console). */
export type FrameToHostMessage = z.infer<typeof frameToHostMessageSchema>;

/** Any protocol message, either direction. */
export type BridgeMessage = HostToFrameMessage | FrameToHostMessage;

/** The reply action that answers each request action. */
export const REPLY_ACTION = {
  router: 'routerSuccess',
  ready: 'ready',
  fetchUserInfo: 'fetchUserInfo',
  fetchSessionData: 'fetchSessionData',
  fetchDraft: 'fetchDraft',
} as const;

// ---- derived types used by the endpoints ----

type EventOf<M> = Extract<M, { kind: 'event' }>;
type RequestOf<M> = Extract<M, { kind: 'request' }>;
type ReplyOf<M> = Extract<M, { kind: 'reply' }>;

/** Actions the host sends as events. */
export type HostEventAction = EventOf<HostToFrameMessage>['action'];
/** Actions the host sends as requests. */
export type HostRequestAction = RequestOf<HostToFrameMessage>['action'];
/** Actions the frame sends as events. */
export type FrameEventAction = EventOf<FrameToHostMessage>['action'];
/** Actions the frame sends as requests. */
export type FrameRequestAction = RequestOf<FrameToHostMessage>['action'];

/** The payload of the message of `M` whose action is `A`. */
type PayloadOf<M extends { payload: unknown }, A> = Extract<M, { action: A }>['payload'];

/** Payload of host event `A`. */
export type HostEventPayload<A extends HostEventAction> = PayloadOf<EventOf<HostToFrameMessage>, A>;
/** Payload of host request `A`. */
export type HostRequestPayload<A extends HostRequestAction> = PayloadOf<
  RequestOf<HostToFrameMessage>,
  A
>;
/** Payload of frame event `A`. */
export type FrameEventPayload<A extends FrameEventAction> = PayloadOf<
  EventOf<FrameToHostMessage>,
  A
>;
/** Payload of frame request `A`. */
export type FrameRequestPayload<A extends FrameRequestAction> = PayloadOf<
  RequestOf<FrameToHostMessage>,
  A
>;

/** The reply payload the frame sends for host request `A` (e.g. `routerSuccess` for `router`). */
export type HostRequestReply<A extends HostRequestAction> = PayloadOf<
  ReplyOf<FrameToHostMessage>,
  (typeof REPLY_ACTION)[A]
>;
/** The reply payload the host sends for frame request `A`. */
export type FrameRequestReply<A extends FrameRequestAction> = PayloadOf<
  ReplyOf<HostToFrameMessage>,
  (typeof REPLY_ACTION)[A]
>;

/** Every action name of the protocol (spec §7), for documentation and tests. */
export const BRIDGE_ACTIONS = [
  'router',
  'routerSuccess',
  'routerUpdate',
  'permissions',
  'modal',
  'language',
  'ready',
  'sessionExpired',
  'fetchUserInfo',
  'fetchSessionData',
  'folderDetail',
  'timezoneUpdated',
  'dateFormatUpdated',
  'calendarFormatUpdated',
  'userFieldUpdated',
  'groupConfigs',
  'navigateToEvent',
  'handleAboutSection',
  'openCustomTabModal',
  'closeCustomTabModal',
  'doneEvent',
  'sidebarEvent',
  'updateGroupConfigMenu',
  // Portico additions (not in the spec's list): the shell's colour scheme, keyboard shortcuts from the frame
  'theme',
  'shortcut',
  // never losing work: the user's activity in the frame, a form's unsaved changes, a kept draft
  'activity',
  'dirtyState',
  'fetchDraft',
] as const;
/** One action name of {@link BRIDGE_ACTIONS}. */
export type BridgeAction = (typeof BRIDGE_ACTIONS)[number];
