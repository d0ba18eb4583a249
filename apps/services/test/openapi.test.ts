// The OpenAPI document over real HTTP: any session reads it, none is refused; every route the
// router holds is in it, and the resource routes carry the schemas their handlers validate with.
import { API_BASE_PATH } from '@portico/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from '../src/presenters/openapi-document.ts';
import type { OpenApiDocument } from '../src/presenters/openapi-document.ts';
import { createTestClient } from './helpers.ts';
import type { TestClient } from './helpers.ts';

let client: TestClient;
let document: OpenApiDocument;

beforeAll(async () => {
  client = await createTestClient();
  const { token } = await client.login('viewer');
  const response = await client.call('GET', '/openapi.json', { token });
  expect(response.status).toBe(200);
  document = (await response.json()) as OpenApiDocument;
});
afterAll(() => client.services.close());

describe('GET /openapi.json', () => {
  it.each([
    ['root', 200],
    ['admin', 200],
    ['viewer', 200],
    ['nobody', 200],
    ['globex', 200],
  ])('%s may read it: %i', async (user, status) => {
    const { token } = await client.login(user);
    const response = await client.call('GET', '/openapi.json', { token });
    expect(response.status).toBe(status);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('needs a session', async () => {
    expect((await client.call('GET', '/openapi.json')).status).toBe(401);
    expect((await client.call('GET', '/openapi.json', { token: 'forged' })).status).toBe(401);
  });

  it('is an OpenAPI 3.1 document of the API base', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: API_BASE_PATH }]);
    expect(document.components.securitySchemes.token).toMatchObject({ in: 'header' });
  });

  it('holds every route the router holds', () => {
    const registered = client.services.app.routes.filter(
      (route) =>
        route.path.startsWith(`${API_BASE_PATH}/`) &&
        ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) &&
        !route.path.includes('*'),
    );
    expect(registered.length).toBeGreaterThan(100);
    const missing = registered
      .map((route) => `${route.method} ${openApiPath(route.path.slice(API_BASE_PATH.length))}`)
      .filter((name) => {
        const [method = '', path = ''] = name.split(' ');
        return document.paths[path]?.[method.toLowerCase()] === undefined;
      });
    expect(missing).toEqual([]);
    for (const [path, item] of Object.entries(document.paths)) {
      for (const operation of Object.values(item)) {
        const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
        const inPath = operation.parameters.filter((p) => p.in === 'path').map((p) => p.name);
        expect(inPath, path).toEqual(names);
        expect(operation.summary, path).not.toBe('');
        expect(operation.tags[0], path).not.toBe('');
      }
    }
  });

  it('writes the path patterns as OpenAPI does', () => {
    expect(openApiPath('/endpoint/:id{[0-9]+}/delivery/:deliveryId{[0-9]+}/retry')).toBe(
      '/endpoint/{id}/delivery/{deliveryId}/retry',
    );
    expect(openApiPath('/thing/')).toBe('/thing');
    expect(openApiPath('/')).toBe('/');
  });

  it("gives a resource's list query and write bodies from its validators", () => {
    const list = document.paths['/thing']?.get;
    expect(list?.tags).toEqual(['thing']);
    const query = list?.parameters.map((parameter) => parameter.name) ?? [];
    expect(query).toEqual(expect.arrayContaining(['pageSize', 'pageNumber', 'order', 'filter']));
    const create = document.paths['/thing']?.post?.requestBody?.content['application/json'].schema;
    expect(create).toMatchObject({ type: 'object' });
    expect(create?.required).toEqual(expect.arrayContaining(['name']));
    const properties = create?.properties as Record<string, { type?: string }>;
    expect(properties.name?.type).toBe('string');
    const patch = document.paths['/thing/{id}']?.patch?.requestBody?.content['application/json'];
    expect(patch?.schema.required).toBeUndefined();
    expect(document.paths['/thing/{id}']?.get?.requestBody).toBeUndefined();
  });
});
