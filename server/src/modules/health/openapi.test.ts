import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

describe('OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is generated from the zod schemas and browsable at /api/docs', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(spec.openapi).toMatch(/^3\./);
    const login = spec.paths['/api/v1/auth/login'].post;
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['username', 'password']),
    );
    const list = spec.paths['/api/v1/admin/public/users'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'limit', 'search', 'status']),
    );
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('names every operation from the contract and documents its errors, for client generators', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    type Operation = {
      operationId: string;
      summary: string;
      tags: string[];
      security: unknown[];
      responses: Record<string, { $ref?: string }>;
    };
    const operations = Object.entries(spec.paths as Record<string, Record<string, Operation>>).flatMap(
      ([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })),
    );
    expect(operations.length).toBeGreaterThan(90);
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
    const tagNames = new Set(spec.tags.map((tag: { name: string }) => tag.name));
    for (const { path, op } of operations) {
      expect(op.summary, path).toBeTruthy();
      for (const tag of op.tags) expect(tagNames.has(tag), tag).toBe(true);
      expect(op.responses['500'], path).toEqual({ $ref: '#/components/responses/InternalServerError' });
    }
    for (const tag of spec.tags) expect(tag.description).toBeTruthy();
    expect(spec.servers.length).toBeGreaterThan(0);

    // Stable names: clients generated from the document call these.
    const list = spec.paths['/api/v1/admin/public/users'].get as Operation;
    expect(list.operationId).toBe('usersList');
    expect(list.security).toEqual([{ bearer: [] }]);
    expect(list.responses['400']).toEqual({ $ref: '#/components/responses/BadRequest' });
    expect(list.responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
    const login = spec.paths['/api/v1/auth/login'].post as Operation;
    expect(login.operationId).toBe('authLogin');
    expect(login.security).toEqual([]);
    expect(login.responses['401']).toBeUndefined();
    const restore = spec.paths['/api/v1/database/backups/{id}/restore'].post as Operation;
    expect(Object.keys(restore.responses)).toEqual(
      expect.arrayContaining(['404', '409', '413', '422', '429']),
    );

    const { responses, schemas } = spec.components;
    expect(responses.TooManyRequests.headers['Retry-After'].schema.type).toBe('integer');
    expect(responses.BadRequest.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ApiError',
    });
    expect(Object.keys(schemas.ApiError.properties)).toEqual(['success', 'message', 'detail', 'errors']);
    expect(schemas.ApiError.properties.errors.items.required).toEqual(['field', 'message']);
  });
});
