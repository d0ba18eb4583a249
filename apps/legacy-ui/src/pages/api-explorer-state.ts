// The API explorer's plain logic: the operations of an OpenAPI document, grouped by tag and
// searched; a request's path from its parameters; an answer's headers and body as shown.

export interface ExplorerParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: unknown;
}

export interface ExplorerOperation {
  /** `GET /thing`: unique, the operation's key. */
  key: string;
  method: string;
  path: string;
  summary: string;
  tag: string;
  parameters: ExplorerParameter[];
  /** The JSON Schema of its body, when it takes one. */
  body: unknown;
}

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function parameterOf(value: unknown): ExplorerParameter | null {
  const item = record(value);
  if (typeof item.name !== 'string' || (item.in !== 'path' && item.in !== 'query')) return null;
  return { name: item.name, in: item.in, required: item.required === true, schema: item.schema };
}

/** The operations of a document, by path then method; anything malformed is left out. */
export function operationsOf(document: unknown): ExplorerOperation[] {
  const operations: ExplorerOperation[] = [];
  for (const [path, item] of Object.entries(record(record(document).paths)).sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    for (const method of METHOD_ORDER) {
      const operation = record(record(item)[method]);
      if (Object.keys(operation).length === 0) continue;
      const tags = Array.isArray(operation.tags) ? operation.tags : [];
      const parameters = Array.isArray(operation.parameters) ? operation.parameters : [];
      const upper = method.toUpperCase();
      operations.push({
        key: `${upper} ${path}`,
        method: upper,
        path,
        summary: typeof operation.summary === 'string' ? operation.summary : '',
        tag: typeof tags[0] === 'string' ? tags[0] : '',
        parameters: parameters.flatMap((entry) => parameterOf(entry) ?? []),
        body: record(record(record(operation.requestBody).content)['application/json']).schema,
      });
    }
  }
  return operations;
}

/** The operations whose method, path, summary or tag hold every word of `search`, by tag. */
export function groupOperations(
  operations: readonly ExplorerOperation[],
  search: string,
): Array<[string, ExplorerOperation[]]> {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const groups = new Map<string, ExplorerOperation[]>();
  for (const operation of operations) {
    const text = `${operation.key} ${operation.summary} ${operation.tag}`.toLowerCase();
    if (!words.every((word) => text.includes(word))) continue;
    const group = groups.get(operation.tag) ?? [];
    group.push(operation);
    groups.set(operation.tag, group);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/** Does this method change data (and so ask for a confirmation first)? */
export function isWrite(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD';
}

/**
 * The request path of an operation with these parameter values: path parameters encoded in place
 * (`missing` names the required ones left empty), non-empty query parameters after `?`.
 */
export function requestPath(
  operation: ExplorerOperation,
  values: Readonly<Record<string, string>>,
): { path: string; missing: string[] } {
  const missing: string[] = [];
  const path = operation.path.replace(/\{([^}]+)\}/g, (_all, name: string) => {
    const value = values[`path.${name}`]?.trim() ?? '';
    if (value === '') missing.push(name);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'query') continue;
    const value = values[`query.${parameter.name}`]?.trim() ?? '';
    if (value !== '') query.set(parameter.name, value);
    else if (parameter.required) missing.push(parameter.name);
  }
  const text = query.toString();
  return { path: text ? `${path}?${text}` : path, missing };
}

/** The answer headers worth showing (content, paging, caching, request id, limits). */
export const SHOWN_HEADERS = [
  'content-type',
  'content-length',
  'cache-control',
  'location',
  'retry-after',
  'x-request-id',
  'x-total-count',
];

export function shownHeaders(headers: ReadonlyArray<[string, string]>): Array<[string, string]> {
  return headers
    .map(([name, value]): [string, string] => [name.toLowerCase(), value])
    .filter(([name]) => SHOWN_HEADERS.includes(name))
    .sort(([a], [b]) => SHOWN_HEADERS.indexOf(a) - SHOWN_HEADERS.indexOf(b));
}

/** How much of an answer's body is shown. */
export const MAX_SHOWN_BODY = 100_000;

/** An answer's body as shown: indented JSON when it is JSON, cut at `limit` characters. */
export function shownBody(text: string, limit = MAX_SHOWN_BODY): { text: string; cut: boolean } {
  let pretty = text;
  try {
    pretty = JSON.stringify(JSON.parse(text) as unknown, null, 2);
  } catch {
    pretty = text;
  }
  return pretty.length > limit
    ? { text: pretty.slice(0, limit), cut: true }
    : { text: pretty, cut: false };
}

/** A schema as shown: indented JSON. */
export function schemaText(schema: unknown): string {
  return JSON.stringify(schema, null, 2);
}
