// GET /openapi.json: the services' OpenAPI 3.1 document (presenters/openapi-document.ts). Any
// signed-in caller may read it: it describes the API, not anyone's data. Registered last, it is
// built once, at its first request, from every route registered by then.
import type { Hono } from 'hono';
import { openApiDocument } from '../presenters/openapi-document.ts';
import type { OpenApiDocument } from '../presenters/openapi-document.ts';
import { describeRoute } from '../http/route-registry.ts';
import type { AppEnv } from '../services-context.ts';

export function registerOpenApiRoutes(api: Hono<AppEnv>, version: string): void {
  let document: OpenApiDocument | undefined;
  describeRoute(api, 'GET', '/openapi.json', {
    summary: 'This API description (OpenAPI 3.1)',
    tag: 'openapi',
  });
  api.get('/openapi.json', (c) => {
    document ??= openApiDocument(api, version);
    return c.json(document);
  });
}
