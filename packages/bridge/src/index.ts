/**
 * @portico/bridge: the typed, versioned window-message protocol between the Portico console (host)
 * and the legacy UI in its iframe (frame). PROTOCOL.md documents every action.
 * Explicit named re-exports only.
 */
export {
  BRIDGE_ACTIONS,
  BRIDGE_COLOR_SCHEMES,
  BRIDGE_PROTOCOL,
  BRIDGE_SHORTCUT_COMMANDS,
  BRIDGE_VERSION,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DRAFT_MAX_FIELDS,
  DRAFT_MAX_VALUE_LENGTH,
  REPLY_ACTION,
  bridgeErrorBodySchema,
  bridgeUserSchema,
  draftSchema,
  framePayloadSchemas,
  frameToHostMessageSchema,
  hostPayloadSchemas,
  hostToFrameMessageSchema,
  languageTagSchema,
  legacyPathSchema,
  replyPayloadSchemas,
  sessionDataSchema,
} from './protocol.ts';
export type {
  BridgeAction,
  BridgeDraft,
  BridgeMessage,
  BridgeUser,
  FrameEventAction,
  FrameEventPayload,
  FrameRequestAction,
  FrameRequestPayload,
  FrameRequestReply,
  FrameToHostMessage,
  HostEventAction,
  HostEventPayload,
  HostRequestAction,
  HostRequestPayload,
  HostRequestReply,
  HostToFrameMessage,
  SessionData,
} from './protocol.ts';
export {
  BridgeError,
  BridgeHandlerError,
  BridgeRemoteError,
  BridgeTimeoutError,
} from './errors.ts';
export type { BridgeErrorCode } from './errors.ts';
export { assertExactOrigin, createWindowTransport } from './transport.ts';
export type {
  BridgeIncomingEvent,
  BridgePostTarget,
  BridgeTransport,
  BridgeWindowLike,
} from './transport.ts';
export { createMemoryTransportPair } from './memory-transport.ts';
export {
  ACTIVITY_EVENTS,
  ACTIVITY_REPORT_INTERVAL_MS,
  createActivityReporter,
} from './activity-reporter.ts';
export type { ActivityReporterOptions } from './activity-reporter.ts';
export type { MemoryTransportOptions, MemoryTransportPair } from './memory-transport.ts';
export type { BridgeLogger, EndpointOptions, RequestOptions } from './endpoint-core.ts';
export { createHostEndpoint } from './host-endpoint.ts';
export type {
  FrameReadyInfo,
  HostEndpoint,
  HostEndpointOptions,
  HostHandledRequest,
} from './host-endpoint.ts';
export { createFrameEndpoint } from './frame-endpoint.ts';
export type { FrameEndpoint, FrameEndpointOptions, FrameSentRequest } from './frame-endpoint.ts';
