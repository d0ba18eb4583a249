// The legacy UI calls the platform API itself, with the token the shell handed over.
import type {
  BulkResult,
  ConfigVersion,
  ImportJob,
  KindDiff,
  LicenseInfo,
  LicenseLimit,
  LicenseState,
  MapPlacement,
  RestorePlan,
  SiteAddress,
  SiteDetails,
  SiteMap,
  SiteSummary,
  ThingTypeField,
  VersionedKind,
  WebhookDelivery,
  WorkingHours,
} from '@portico/core';
import type { RequestGate } from './request-gate.ts';

// The services' JSON shapes are core's (the services' presenters return them); the pages take them
// from here with the rest of the API.
export type {
  BulkResult,
  ConfigVersion,
  ImportJob,
  LicenseInfo,
  LicenseState,
  SiteDetails,
  SiteMap,
  SiteSummary,
  ThingTypeField,
  WebhookDelivery,
};

/**
 * A non-2xx answer from the API. `fields` holds per-field messages of a 400; `field` names the field
 * of a 409 (a unique value already taken). The message is the API's (English, for logs): pages show
 * a translated sentence instead (messages.ts).
 */
export class ApiError extends Error {
  readonly code = 'API_ERROR';
  readonly status: number;
  readonly fields: Record<string, string>;
  readonly field: string | undefined;
  /** A refused JSON value's problems, each at its JSON pointer (a stream app's configuration). */
  readonly problems: readonly SchemaProblem[];
  /** The answer's other keys (a license refusal's `license`, `limit`, `max`, `expiresAt`). */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(
    status: number,
    message: string,
    fields: Record<string, string> = {},
    field?: string,
    problems: readonly SchemaProblem[] = [],
    details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
    this.field = field;
    this.problems = problems;
    this.details = details;
  }
}

/** One problem of a JSON value against its schema, as the services answer it. */
export interface SchemaProblem {
  /** Where: a JSON pointer (`/qos`, `/zoneCodes/0`). */
  pointer: string;
  /** The schema keyword it breaks (`required`, `type`, `enum`, `minimum`…). */
  keyword: string;
  /** The services' words for it (English). */
  message: string;
  /** `allowedValues`, `limit`, `type`, when the keyword has one. */
  params?: Record<string, unknown>;
}

/** No answer at all: the server is down or unreachable (fetch itself failed). */
export class NetworkError extends Error {
  readonly code = 'NETWORK';

  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'network error');
    this.name = 'NetworkError';
  }
}

/** One page of a list. */
export interface ListPage<Row> {
  total: number;
  results: Row[];
}

/** A row of any resource: every row has an integer `id`. */
export type ApiRow = { id: number } & Record<string, unknown>;

/** List query (common contracts: 1-based `pageNumber`, `order=field:asc|desc`, `filter` substring). */
export interface ListQuery {
  pageSize: number;
  pageNumber: number;
  order?: string;
  filter?: string;
  /** Exact-match filters by field (`status=active`, `thingTypeId=3`). */
  filters?: Record<string, string>;
  /** Aborts the request (a newer query of the same list replaced it). */
  signal?: AbortSignal;
}

/** The query of a CSV export: the list query without paging, and the columns to keep (all: none given). */
export type ExportQuery = Omit<ListQuery, 'pageSize' | 'pageNumber'> & {
  columns?: readonly string[];
};

/** A failed call as the support page's diagnostics list it: never a header, a body or a token. */
export interface FailedCall {
  at: string;
  status: number;
  /** The path without its query (a query may hold a filter someone typed). */
  path: string;
  requestId: string;
}

const FAILURES_KEPT = 5;
const failures: FailedCall[] = [];

function recordFailure(response: Response): void {
  let path = '';
  try {
    path = new URL(response.url).pathname;
  } catch {
    path = '';
  }
  failures.unshift({
    at: new Date().toISOString(),
    status: response.status,
    path,
    requestId: response.headers.get('x-request-id') ?? '',
  });
  failures.length = Math.min(failures.length, FAILURES_KEPT);
}

/** The last failed calls of this page, newest first (the support page's "copy diagnostics"). */
export function recentFailures(): readonly FailedCall[] {
  return [...failures];
}

/** A bulk action: by ids, or every record the list's query matches (`POST /{resource}/bulk`). */
export type BulkRequest =
  | { action: 'delete' | 'restore'; ids: number[] }
  | { action: 'delete'; match: ExportQuery }
  | { action: 'update'; ids: number[]; values: Record<string, unknown> }
  | { action: 'update'; match: ExportQuery; values: Record<string, unknown> };

/** What the pages need from the API. */
export interface ApiClient {
  /** A thing type's attributes, in order (`GET /thingType/{id}/fields`). */
  thingTypeFields(thingTypeId: number): Promise<ThingTypeField[]>;
  /** Adds (`id` undefined) or changes an attribute; answers it. */
  saveThingTypeField(
    thingTypeId: number,
    id: number | undefined,
    body: Record<string, unknown>,
  ): Promise<ThingTypeField>;
  /** Deletes an attribute (409 while things hold values of it, unless `removeValues`). */
  deleteThingTypeField(thingTypeId: number, id: number, removeValues: boolean): Promise<void>;
  /** Orders a thing type's attributes (every id once); answers them in order. */
  reorderThingTypeFields(thingTypeId: number, order: number[]): Promise<ThingTypeField[]>;
  list(resource: string, query: ListQuery): Promise<ListPage<ApiRow>>;
  get(resource: string, id: number): Promise<ApiRow>;
  create(resource: string, body: Record<string, unknown>): Promise<ApiRow>;
  update(resource: string, id: number, body: Record<string, unknown>): Promise<ApiRow>;
  remove(resource: string, id: number): Promise<void>;
  /** The rows of the current filter as CSV (`GET /{resource}/export.csv`, streamed by the API). */
  exportCsv(resource: string, query: ExportQuery): Promise<Blob>;
  /** One page of a report run (`POST /reportExecution/{id}`): its rows or groups, columns and totals. */
  runReport(id: number, page: { pageNumber: number; pageSize: number }): Promise<ReportRun>;
  /** Every row (or group) of a report run as CSV (`GET /reportExecution/{id}/export.csv`). */
  reportCsv(id: number): Promise<Blob>;
  /** The users holding a role (`GET /role/{id}/members`). */
  roleMembers(roleId: number): Promise<ListPage<ApiRow>>;
  /** Adds (`PUT`) or removes (`DELETE`) a role's member; answers the members. */
  setRoleMember(roleId: number, userId: number, member: boolean): Promise<ListPage<ApiRow>>;
  /** The health page's data (`GET /status`). */
  status(): Promise<StatusAnswer>;
  /** A group's editable settings with their inherited values (`GET /group/{id}/fields`). */
  groupSettings(groupId: number): Promise<GroupSettingsAnswer>;
  /** Sets (`value`) or clears (`null`: inherit) one group field (`PUT /group/{id}/field/{field}`). */
  setGroupSetting(groupId: number, field: string, value: unknown): Promise<void>;
  /** A webhook endpoint's delivery log, newest first. */
  endpointDeliveries(
    endpointId: number,
    pageNumber: number,
    pageSize: number,
  ): Promise<{ total: number; results: WebhookDelivery[] }>;
  /** Sends a test event to an endpoint now; answers the attempt. */
  testEndpoint(endpointId: number): Promise<WebhookTestResult>;
  /** Queues a failed delivery again. */
  retryDelivery(endpointId: number, deliveryId: number): Promise<void>;
  /** The tenant's data retention: every kind's maximum age and the last runs. */
  retention(): Promise<RetentionState>;
  /** Sets (days) or clears (null) one kind's maximum age; answers the new state. */
  setRetention(kind: string, maxAgeDays: number | null): Promise<RetentionState>;
  /** Counts (`dryRun`) or purges now what is older than the maximum ages. */
  runRetention(dryRun: boolean): Promise<RetentionRun>;
  /** The configuration snapshots the caller sees, newest first, and the versioned kinds. */
  configVersions(): Promise<ConfigVersionList>;
  /** Takes a snapshot of the caller's configuration now. */
  takeConfigVersion(note: string): Promise<ConfigVersion>;
  /** A snapshot's field-level difference with now or another snapshot. */
  compareConfigVersion(id: number, other: 'now' | number): Promise<{ diff: KindDiff[] }>;
  /** What restoring a snapshot would do now. */
  configRestorePlan(id: number): Promise<{ deletes: boolean; plan: RestorePlan[] }>;
  /** Restores a snapshot (after an automatic "before restore" snapshot). */
  restoreConfigVersion(id: number): Promise<{ beforeRestore: number; plan: RestorePlan[] }>;
  /** A snapshot with its content, as the JSON file it downloads as. */
  exportConfigVersion(id: number): Promise<Blob>;
  /** One action over many records; each is done or refused on its own (see BulkResult). */
  bulk(resource: string, request: BulkRequest): Promise<BulkResult>;
  /** The import jobs of the caller's tenant, newest first. */
  importJobs(): Promise<ImportJob[]>;
  /** Uploads a CSV file of `resource` rows; answers its dry run. */
  uploadImport(resource: string, file: Blob, fileName: string): Promise<ImportJob>;
  /**
   * Uploads a trained model's file (`PUT /trainedModel/{id}/file`), telling `onProgress` the bytes
   * sent; with `checksum`, the services keep it only if its SHA-256 matches. Answers the model.
   */
  uploadModelFile(
    id: number,
    file: Blob,
    fileName: string,
    checksum: string | null,
    onProgress: (sent: number, total: number) => void,
  ): Promise<ApiRow>;
  /** A trained model's file (`GET /trainedModel/{id}/file`). */
  downloadModelFile(id: number): Promise<Blob>;
  importJob(id: number): Promise<ImportJob>;
  /** Confirms a checked job: it runs. */
  runImportJob(id: number): Promise<ImportJob>;
  cancelImportJob(id: number): Promise<ImportJob>;
  /** The rows of a job that have problems, as CSV. */
  importErrors(id: number): Promise<Blob>;
  /** The services' OpenAPI document (`GET /openapi.json`). */
  openApi(): Promise<unknown>;
  /**
   * Any API request with the signed-in user's own token (the API explorer): the answer whatever its
   * status, its headers and its body text. `path` is under the API base.
   */
  exchange(method: string, path: string, body?: unknown): Promise<ExchangeAnswer>;
  /** A tenant's installed license and its use (root names the tenant). */
  license(tenantId?: number): Promise<LicenseState>;
  /** Installs a license text (verified by the services). */
  installLicense(text: string, tenantId?: number): Promise<LicenseState>;
  /** The licenses root generated, newest first. */
  issuedLicenses(): Promise<ListPage<LicenseInfo>>;
  /** Generates and signs a license (root). */
  generateLicense(request: GenerateLicenseRequest): Promise<LicenseInfo>;
  /** The caller's sites (site-level groups) with their address and whether a map is set. */
  sites(query: ListQuery): Promise<ListPage<SiteSummary>>;
  /** One site's details and its map's description. */
  site(id: number): Promise<SiteDetails>;
  /** Writes a site's details (and its map's placement); answers the site. */
  saveSite(id: number, body: SiteBody): Promise<SiteDetails>;
  /** Uploads (or replaces) a site's map image; answers the map. */
  uploadSiteMap(id: number, image: Blob): Promise<SiteMap>;
  /** Removes a site's map. */
  removeSiteMap(id: number): Promise<void>;
  /** A map image, fetched with the token (an `<img src>` could not send it), as a blob. */
  siteMapImage(imagePath: string): Promise<Blob>;
  /** The map of the site a group is in (`null`: none), for the zone builder. */
  groupLocalMap(
    groupId: number,
  ): Promise<{ site: { id: number; name: string }; map: SiteMap } | null>;
}

export interface SiteBody {
  address: SiteAddress;
  timeZone: string;
  workingHours: WorkingHours;
  map?: MapPlacement;
}

/** A column of a report run: a field of the reported resource (core's report fields), or the group count. */
export interface ReportRunColumn {
  propertyName: string;
  kind: 'text' | 'number' | 'time' | 'boolean' | 'enumeration' | 'reference' | 'count';
  reference?: string;
  values?: readonly string[];
}

/** One page of a report run. */
export interface ReportRun {
  reportDefinition: { id: number; name: string; description?: string; resource: string };
  columns: ReportRunColumn[];
  /** The field the rows are counted by (each result one group with its `count`), or null. */
  groupBy: string | null;
  /** Rows, or groups with a group-by. */
  total: number;
  totals: { rows: number; groups?: number };
  results: ApiRow[];
}

/** An API answer as the explorer shows it. */
export interface ExchangeAnswer {
  status: number;
  headers: Array<[string, string]>;
  body: string;
}

/** One tenant's usage as `GET /status` answers it. */
export interface TenantUsage {
  tenant: { id: number; name: string };
  groups: number;
  activeSessions: number;
  counts: Record<string, number>;
}

/** `GET /status`: the platform (root) or the caller's tenant. */
export type StatusAnswer =
  | { scope: 'tenant'; tenants: TenantUsage[] }
  | {
      scope: 'platform';
      ready: boolean;
      checks: { name: string; ok: boolean; detail: string }[];
      instances: {
        id: string;
        version: { displayVersion: string; commit: string; date: string };
        uptimeSeconds: number;
        workers: number;
        cacheBus: string;
        database: string;
        requests: number;
        requestsPerSecond: number | null;
        p99Ms: number | null;
      }[];
      tenants: TenantUsage[];
    };

/** One editable group field as `GET /group/{id}/fields` answers it. */
export interface GroupSettingRow {
  name: string;
  kind: string;
  section: string;
  value: string | null;
  parentValue: string | null;
  inheritedFrom: { id: number; name: string } | null;
}

/** `GET /group/{id}/fields`. */
export interface GroupSettingsAnswer {
  group: { id: number; name: string; treeLevel: number };
  parent: { id: number; name: string } | null;
  results: GroupSettingRow[];
}

/** What a test event came to. */
export interface WebhookTestResult {
  outcome: 'delivered' | 'retrying' | 'failed';
  status: number;
  durationMs: number;
  responseExcerpt: string;
  error: string;
}

export interface ConfigVersionList {
  kinds: VersionedKind[];
  results: ConfigVersion[];
}

/** A purge or a dry run: rows per kind. */
export interface RetentionRun {
  at: string;
  counts: Record<string, number>;
  durationMs: number;
}

export interface RetentionState {
  kinds: Array<{ kind: string; maxAgeDays: number | null; minDays: number; maxDays: number }>;
  runs: Array<RetentionRun & { trigger: 'manual' | 'scheduled' | 'dryRun'; actorName: string }>;
}

export interface GenerateLicenseRequest {
  tenantId: number;
  expiresOn: string;
  modules: string[];
  limits: Partial<Record<LicenseLimit, number | null>>;
}

/** Options of {@link createApiClient}. */
export interface ApiClientOptions {
  apiBase: string;
  token: string;
  /** Called on every 401 (the shell is told `sessionExpired`). */
  onUnauthorized: () => void;
  fetch?: typeof fetch;
  /** Reads a cookie by name (default: `document.cookie`). */
  readCookie?: (name: string) => string | undefined;
  /** The page origin, to decide whether a URL is same-origin (default `location.origin`). */
  origin?: string;
  /** Requests wait at this gate while it is held (the frame answering `router` first). */
  gate?: RequestGate;
}

function documentCookie(name: string): string | undefined {
  for (const pair of document.cookie.split(';')) {
    const [key, ...rest] = pair.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function schemaProblems(value: unknown): SchemaProblem[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (item === null || typeof item !== 'object') return [];
    const { pointer, keyword, message, params } = item as Record<string, unknown>;
    if (typeof pointer !== 'string' || typeof keyword !== 'string') return [];
    return [
      {
        pointer,
        keyword,
        message: typeof message === 'string' ? message : '',
        ...(params !== null && typeof params === 'object'
          ? { params: params as Record<string, unknown> }
          : {}),
      },
    ];
  });
}

function stringFields(value: unknown): Record<string, string> {
  if (value === null || typeof value !== 'object') return {};
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(value)) {
    if (typeof message === 'string') fields[key] = message;
  }
  return fields;
}

/** Creates the API client. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch =
    options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const readCookie = options.readCookie ?? documentCookie;
  const origin = options.origin ?? window.location.origin;
  const base = options.apiBase.replace(/\/+$/, '');

  async function transmit(
    method: string,
    path: string,
    body: unknown,
    accept: string,
    contentType?: string,
    signal?: AbortSignal,
  ): Promise<Response> {
    const url = `${base}${path}`;
    const headers: Record<string, string> = {
      Accept: accept,
      'Cache-Control': 'no-cache',
      token: options.token,
    };
    const file = body instanceof Blob ? body : undefined;
    if (body !== undefined)
      headers['Content-Type'] =
        contentType ??
        (file
          ? path.startsWith('/trainedModel/')
            ? 'application/octet-stream'
            : 'text/csv'
          : 'application/json');
    // The CSRF header goes only to our own origin, as the console does (spec §7).
    const sameOrigin = new URL(url, `${origin}/`).origin === origin;
    if (method !== 'GET' && method !== 'HEAD' && sameOrigin) {
      const xsrf = readCookie('XSRF-TOKEN');
      if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
    }
    const init: RequestInit = { method, headers, credentials: 'same-origin' };
    if (body !== undefined) init.body = file ?? JSON.stringify(body);
    if (signal) init.signal = signal;
    const held = options.gate?.opened();
    if (held) await held;
    let response: Response;
    try {
      response = await doFetch(url, init);
    } catch (caught) {
      throw new NetworkError(caught);
    }
    return response;
  }

  async function send(
    method: string,
    path: string,
    body?: unknown,
    accept = 'application/json',
    contentType?: string,
    signal?: AbortSignal,
  ): Promise<Response> {
    const response = await transmit(method, path, body, accept, contentType, signal);
    if (!response.ok) throw await toError(response);
    return response;
  }

  async function toError(response: Response): Promise<ApiError> {
    if (response.status === 401) options.onUnauthorized();
    recordFailure(response);
    let data: unknown = undefined;
    try {
      data = JSON.parse(await response.text()) as unknown;
    } catch {
      data = undefined;
    }
    const record = (
      data !== null && typeof data === 'object' && !Array.isArray(data) ? data : {}
    ) as { error?: unknown; fields?: unknown; field?: unknown; problems?: unknown } & Record<
      string,
      unknown
    >;
    const { error, fields, field, problems, ...details } = record;
    // a thing's attribute values refused: each attribute's problem (core's codes, translated by the form)
    const attributeProblems = Array.isArray(problems)
      ? problems.filter(
          (item: unknown) => item !== null && typeof item === 'object' && 'attribute' in item,
        )
      : [];
    return new ApiError(
      response.status,
      typeof error === 'string' ? error : `HTTP ${response.status}`,
      stringFields(fields),
      typeof field === 'string' ? field : undefined,
      schemaProblems(problems),
      attributeProblems.length > 0 ? { ...details, attributeProblems } : details,
    );
  }

  async function call(
    method: string,
    path: string,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<unknown> {
    const response = await send(method, path, body, 'application/json', undefined, signal);
    if (response.status === 204) return undefined;
    const text = await response.text();
    let data: unknown = undefined;
    if (text !== '') {
      try {
        data = JSON.parse(text) as unknown;
      } catch {
        data = undefined;
      }
    }
    return data;
  }

  function listParams(query: ExportQuery): URLSearchParams {
    const params = new URLSearchParams();
    if (query.order) params.set('order', query.order);
    if (query.filter) params.set('filter', query.filter);
    for (const [field, value] of Object.entries(query.filters ?? {}))
      if (value !== '') params.set(field, value);
    return params;
  }

  function toPage(data: unknown): ListPage<ApiRow> {
    const page = data as Partial<ListPage<ApiRow>> | undefined;
    return {
      total: Number(page?.total ?? 0),
      results: Array.isArray(page?.results) ? page.results : [],
    };
  }

  return {
    async list(resource, query) {
      const params = new URLSearchParams({
        pageSize: String(query.pageSize),
        pageNumber: String(query.pageNumber),
      });
      for (const [key, value] of listParams(query)) params.set(key, value);
      const data = (await call(
        'GET',
        `/${resource}?${params.toString()}`,
        undefined,
        query.signal,
      )) as Partial<ListPage<ApiRow>> | undefined;
      return {
        total: Number(data?.total ?? 0),
        results: Array.isArray(data?.results) ? data.results : [],
      };
    },
    async get(resource, id) {
      return (await call('GET', `/${resource}/${id}`)) as ApiRow;
    },
    async create(resource, body) {
      return (await call('POST', `/${resource}`, body)) as ApiRow;
    },
    async update(resource, id, body) {
      return (await call('PATCH', `/${resource}/${id}`, body)) as ApiRow;
    },
    async remove(resource, id) {
      await call('DELETE', `/${resource}/${id}`);
    },
    async exportCsv(resource, { columns, ...query }) {
      const search = listParams(query);
      if (columns && columns.length > 0) search.set('columns', columns.join(','));
      const params = search.toString();
      const response = await send(
        'GET',
        `/${resource}/export.csv${params ? `?${params}` : ''}`,
        undefined,
        'text/csv',
      );
      return response.blob();
    },
    async runReport(id, { pageNumber, pageSize }) {
      const params = new URLSearchParams({
        pageSize: String(pageSize),
        pageNumber: String(pageNumber),
      });
      return (await call('POST', `/reportExecution/${id}?${params.toString()}`)) as ReportRun;
    },
    async reportCsv(id) {
      return (await send('GET', `/reportExecution/${id}/export.csv`, undefined, 'text/csv')).blob();
    },
    async roleMembers(roleId) {
      return toPage(await call('GET', `/role/${roleId}/members`));
    },
    async setRoleMember(roleId, userId, member) {
      return toPage(await call(member ? 'PUT' : 'DELETE', `/role/${roleId}/members/${userId}`));
    },
    async status() {
      return (await call('GET', '/status')) as StatusAnswer;
    },
    async groupSettings(groupId) {
      return (await call('GET', `/group/${groupId}/fields`)) as GroupSettingsAnswer;
    },
    async setGroupSetting(groupId, field, value) {
      await call('PUT', `/group/${groupId}/field/${encodeURIComponent(field)}`, { value });
    },
    async endpointDeliveries(endpointId, pageNumber, pageSize) {
      return (await call(
        'GET',
        `/endpoint/${endpointId}/delivery?pageNumber=${pageNumber}&pageSize=${pageSize}`,
      )) as { total: number; results: WebhookDelivery[] };
    },
    async testEndpoint(endpointId) {
      return (await call('POST', `/endpoint/${endpointId}/test`)) as WebhookTestResult;
    },
    async retryDelivery(endpointId, deliveryId) {
      await call('POST', `/endpoint/${endpointId}/delivery/${deliveryId}/retry`);
    },
    async thingTypeFields(thingTypeId) {
      return (
        (await call('GET', `/thingType/${thingTypeId}/fields`)) as { results: ThingTypeField[] }
      ).results;
    },
    async saveThingTypeField(thingTypeId, id, body) {
      return (await call(
        id === undefined ? 'POST' : 'PATCH',
        `/thingType/${thingTypeId}/fields${id === undefined ? '' : `/${id}`}`,
        body,
      )) as ThingTypeField;
    },
    async deleteThingTypeField(thingTypeId, id, removeValues) {
      await call(
        'DELETE',
        `/thingType/${thingTypeId}/fields/${id}${removeValues ? '?removeValues=true' : ''}`,
      );
    },
    async reorderThingTypeFields(thingTypeId, order) {
      return (
        (await call('POST', `/thingType/${thingTypeId}/fields/reorder`, { order })) as {
          results: ThingTypeField[];
        }
      ).results;
    },
    async retention() {
      return (await call('GET', '/dataRetentionPolicy')) as RetentionState;
    },
    async setRetention(kind, maxAgeDays) {
      return (await call('PUT', `/dataRetentionPolicy/${encodeURIComponent(kind)}`, {
        maxAgeDays,
      })) as RetentionState;
    },
    async runRetention(dryRun) {
      return (await call(
        'POST',
        dryRun ? '/dataRetentionPolicy/dryRun' : '/dataRetentionPolicy/purge',
      )) as RetentionRun;
    },
    async license(tenantId) {
      const query = tenantId === undefined ? '' : `?tenantId=${tenantId}`;
      return (await call('GET', `/license${query}`)) as LicenseState;
    },
    async installLicense(text, tenantId) {
      return (await call(
        'PUT',
        '/license',
        tenantId === undefined ? { text } : { text, tenantId },
      )) as LicenseState;
    },
    async issuedLicenses() {
      return (await call('GET', '/license/issued')) as ListPage<LicenseInfo>;
    },
    async generateLicense(request) {
      return (await call('POST', '/license/generate', request)) as LicenseInfo;
    },
    async bulk(resource, request) {
      const body =
        'match' in request
          ? { ...request, match: Object.fromEntries(listParams(request.match)) }
          : request;
      const data = (await call('POST', `/${resource}/bulk`, body)) as Partial<BulkResult>;
      return {
        action: request.action,
        total: Number(data.total ?? 0),
        done: Array.isArray(data.done) ? data.done : [],
        failed: Array.isArray(data.failed) ? data.failed : [],
        ...(typeof data.restorableUntil === 'number'
          ? { restorableUntil: data.restorableUntil }
          : {}),
      };
    },
    async importJobs() {
      const data = (await call('GET', '/importJob')) as { results?: ImportJob[] } | undefined;
      return Array.isArray(data?.results) ? data.results : [];
    },
    async uploadModelFile(id, file, fileName, checksum, onProgress) {
      const path = `/trainedModel/${id}/file?${new URLSearchParams({ fileName }).toString()}`;
      const headers: Record<string, string> = {
        Accept: 'application/json',
        token: options.token,
        'Content-Type': 'application/octet-stream',
      };
      if (checksum) headers['X-Checksum-Sha256'] = checksum;
      const xsrf = readCookie('XSRF-TOKEN');
      if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
      const held = options.gate?.opened();
      if (held) await held;
      // fetch tells nothing of an upload's progress: XMLHttpRequest does (a test's fetch has none)
      if (options.fetch || typeof XMLHttpRequest === 'undefined') {
        onProgress(0, file.size);
        const response = await send('PUT', path, file, 'application/json');
        onProgress(file.size, file.size);
        return (await response.json()) as ApiRow;
      }
      const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const request = new XMLHttpRequest();
        request.open('PUT', `${base}${path}`);
        for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
        request.upload.onprogress = (event) => onProgress(event.loaded, file.size);
        request.onload = () => resolve({ status: request.status, text: request.responseText });
        request.onerror = () => reject(new NetworkError(new Error('upload failed')));
        request.send(file);
      });
      const response = new Response(answer.text, { status: answer.status });
      if (!response.ok) throw await toError(response);
      onProgress(file.size, file.size);
      return JSON.parse(answer.text) as ApiRow;
    },
    async downloadModelFile(id) {
      const response = await send(
        'GET',
        `/trainedModel/${id}/file`,
        undefined,
        'application/octet-stream',
      );
      return response.blob();
    },
    async uploadImport(resource, file, fileName) {
      const query = new URLSearchParams({ resource, fileName });
      return (await call('POST', `/importJob?${query.toString()}`, file)) as ImportJob;
    },
    async importJob(id) {
      return (await call('GET', `/importJob/${id}`)) as ImportJob;
    },
    async runImportJob(id) {
      return (await call('POST', `/importJob/${id}/run`)) as ImportJob;
    },
    async cancelImportJob(id) {
      return (await call('POST', `/importJob/${id}/cancel`)) as ImportJob;
    },
    async openApi() {
      return call('GET', '/openapi.json');
    },
    async exchange(method, path, body) {
      if (!path.startsWith('/') || path.startsWith('//') || /(^|\/)\.\.(\/|$)/.test(path))
        throw new ApiError(400, 'path must stay under the API base');
      const response = await transmit(method, path, body, 'application/json');
      if (response.status === 401) options.onUnauthorized();
      return {
        status: response.status,
        headers: [...response.headers.entries()],
        body: await response.text(),
      };
    },
    async configVersions() {
      return (await call('GET', '/configVersion')) as ConfigVersionList;
    },
    async takeConfigVersion(note) {
      return (await call('POST', '/configVersion', { note })) as ConfigVersion;
    },
    async compareConfigVersion(id, other) {
      const query = new URLSearchParams({ with: String(other) });
      return (await call('GET', `/configVersion/${id}/compare?${query.toString()}`)) as {
        diff: KindDiff[];
      };
    },
    async configRestorePlan(id) {
      return (await call('GET', `/configVersion/${id}/restorePlan`)) as {
        deletes: boolean;
        plan: RestorePlan[];
      };
    },
    async restoreConfigVersion(id) {
      return (await call('POST', `/configVersion/${id}/restore`)) as {
        beforeRestore: number;
        plan: RestorePlan[];
      };
    },
    async exportConfigVersion(id) {
      return (
        await send('GET', `/configVersion/${id}/export`, undefined, 'application/json')
      ).blob();
    },
    async importErrors(id) {
      return (await send('GET', `/importJob/${id}/errors.csv`, undefined, 'text/csv')).blob();
    },
    async sites(query) {
      const params = new URLSearchParams({
        pageSize: String(query.pageSize),
        pageNumber: String(query.pageNumber),
      });
      for (const [key, value] of listParams(query)) params.set(key, value);
      const data = (await call('GET', `/site?${params.toString()}`)) as
        Partial<ListPage<SiteSummary>> | undefined;
      return {
        total: Number(data?.total ?? 0),
        results: Array.isArray(data?.results) ? data.results : [],
      };
    },
    async site(id) {
      return (await call('GET', `/site/${id}`)) as SiteDetails;
    },
    async saveSite(id, body) {
      return (await call('PUT', `/site/${id}`, body)) as SiteDetails;
    },
    async uploadSiteMap(id, image) {
      // the services read the type from the bytes; the declared one is only a courtesy
      const response = await send(
        'PUT',
        `/site/${id}/map/image`,
        image,
        'application/json',
        image.type || 'application/octet-stream',
      );
      return (await response.json()) as SiteMap;
    },
    async removeSiteMap(id) {
      await call('DELETE', `/site/${id}/map`);
    },
    async siteMapImage(imagePath) {
      if (!/^\/site\/\d+\/map\/image$/.test(imagePath))
        throw new ApiError(400, 'not a map image path');
      return (await send('GET', imagePath, undefined, 'image/*')).blob();
    },
    async groupLocalMap(groupId) {
      try {
        return (await call('GET', `/group/${groupId}/localMap`)) as {
          site: { id: number; name: string };
          map: SiteMap;
        };
      } catch (caught) {
        if (caught instanceof ApiError && caught.status === 404) return null;
        throw caught;
      }
    },
  };
}
