// The services' OpenAPI 3.1 document, built from the routes the HTTP router holds and the
// descriptions registered beside them (http/route-registry.ts): every route is in it, with the
// JSON Schema of the zod schemas it validates with.
import { API_BASE_PATH } from '@portico/core';
import type { Hono } from 'hono';
import { z } from 'zod';
import { routeDoc } from '../http/route-registry.ts';
import type { AppEnv } from '../services-context.ts';

type JsonSchema = Record<string, unknown>;

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  tags: string[];
  parameters: OpenApiParameter[];
  requestBody?: { required: true; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, { description: string }>;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string };
  servers: Array<{ url: string }>;
  components: { securitySchemes: Record<string, JsonSchema> };
  security: Array<Record<string, string[]>>;
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** A Hono path as OpenAPI writes it: `/endpoint/:id{[0-9]+}` → `/endpoint/{id}`; the trailing slash dropped. */
export function openApiPath(path: string): string {
  const plain = path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}');
  return plain.length > 1 ? plain.replace(/\/+$/, '') : plain;
}

function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

function queryParameters(schema: z.ZodType | undefined): OpenApiParameter[] {
  if (!schema) return [];
  const object = jsonSchema(schema);
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
}

function operationOf(
  api: Hono<AppEnv>,
  method: string,
  honoPath: string,
  path: string,
): OpenApiOperation {
  const doc = routeDoc(api, method, honoPath);
  const pathNames = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
  const operation: OpenApiOperation = {
    operationId: `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_all, next?: string) => (next ?? '').toUpperCase())}`,
    summary: doc?.summary ?? `${method} ${path}`,
    tags: [doc?.tag ?? path.split('/')[1] ?? ''],
    parameters: [
      ...pathNames.map((name): OpenApiParameter => ({
        name,
        in: 'path',
        required: true,
        schema: { type: 'string' },
      })),
      ...queryParameters(doc?.query),
    ],
    responses: {
      '200': { description: 'Success' },
      '400': { description: 'Invalid input' },
      '401': { description: 'No valid session' },
      '403': { description: 'Not permitted' },
    },
  };
  if (doc?.body) {
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: jsonSchema(doc.body) } },
    };
  }
  return operation;
}

/** The document of every route `api` holds (its `routes`, as the router matches them). */
export function openApiDocument(api: Hono<AppEnv>, version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of api.routes) {
    const method = route.method.toUpperCase();
    if (!METHODS.has(method) || route.path.includes('*')) continue;
    const path = openApiPath(route.path);
    const item = (paths[path] ??= {});
    const name = method.toLowerCase();
    item[name] ??= operationOf(api, method, route.path, path);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Portico services', version },
    servers: [{ url: API_BASE_PATH }],
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'token' },
        apiKey: { type: 'apiKey', in: 'header', name: 'api_key' },
      },
    },
    security: [{ token: [] }, { apiKey: [] }],
    paths,
  };
}
