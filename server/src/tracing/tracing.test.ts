import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, type TestApp } from '../testing/test-app.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { startTracing, type Tracing } from './tracing.ts';

describe('tracing with an exporter', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  let t: TestApp;
  let auth: { authorization: string };

  beforeAll(async () => {
    tracing = await startTracing({ serviceName: 'switchboard-test', exporter });
    const database = await openTestDatabase();
    tracing.traceDatabase(database);
    t = await createTestApp({}, database, { instrument: tracing.instrumentApp });
    await insertUser(t.db, { username: 'zed_hidden', email: 'zed.hidden@example.test' });
    auth = await t.authHeader(await insertUser(t.db, { username: 'boss', isAdmin: true }));
  });
  afterAll(async () => {
    await t.close();
    await tracing.shutdown();
  });
  beforeEach(() => exporter.reset());

  const spans = () => exporter.getFinishedSpans();
  const requestSpan = (route: string) => {
    const found = spans().filter((s) => s.kind === SpanKind.SERVER && s.attributes['http.route'] === route);
    expect(found).toHaveLength(1);
    return found[0] as ReadableSpan;
  };
  const statementSpans = () => spans().filter((s) => s.attributes['db.system'] === 'postgresql');
  /** Whether `span` is below `ancestor` in its trace, through the handler span between them. */
  const isBelow = (span: ReadableSpan, ancestor: ReadableSpan): boolean => {
    const byId = new Map(spans().map((s) => [s.spanContext().spanId, s]));
    for (let parent = span.parentSpanContext?.spanId; parent; ) {
      if (parent === ancestor.spanContext().spanId) return true;
      parent = byId.get(parent)?.parentSpanContext?.spanId;
    }
    return false;
  };

  it('makes a users list request one trace: the request span with its route and status, its statements below it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/public/users', headers: auth });
    expect(res.statusCode).toBe(200);

    const request = requestSpan('/api/v1/admin/public/users');
    expect(request.name).toBe('GET /api/v1/admin/public/users');
    expect(request.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.response.status_code': 200,
      'url.path': '/api/v1/admin/public/users',
    });
    expect(request.resource.attributes['service.name']).toBe('switchboard-test');

    const statements = statementSpans();
    // The auth guard's session check and the page itself, at least.
    expect(statements.length).toBeGreaterThanOrEqual(2);
    for (const statement of statements) {
      expect(statement.kind).toBe(SpanKind.CLIENT);
      expect(statement.spanContext().traceId).toBe(request.spanContext().traceId);
      expect(isBelow(statement, request)).toBe(true);
    }
    expect(statements.some((s) => /\bfrom\s+"?users"?/i.test(String(s.attributes['db.statement'])))).toBe(
      true,
    );
  });

  it("shows statements with placeholders, never a search's value, and the path without its query", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/public/users?search=zed_hid&page=1',
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.users.map((u: { username: string }) => u.username)).toEqual(['zed_hidden']);
    // A later page is a prepared statement: on PGlite an EXECUTE whose values are literals.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/public/users?page=2', headers: auth }))
        .statusCode,
    ).toBe(200);

    for (const span of spans()) {
      expect(JSON.stringify(span.attributes)).not.toContain('zed_hid');
    }
    for (const span of spans().filter((s) => s.kind === SpanKind.SERVER)) {
      expect(span.attributes['url.path']).toBe('/api/v1/admin/public/users');
    }
    const texts = statementSpans().map((s) => String(s.attributes['db.statement']));
    expect(texts.some((text) => /ilike \$\d+/i.test(text))).toBe(true);
    expect(texts.filter((text) => /^\s*execute\b/i.test(text))).toEqual([]);
  });

  it('traces a request with a body: the statements after the body is read stay in its trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users',
      headers: auth,
      payload: {
        username: 'Traced_One',
        email: 'traced.one@example.test',
        full_name: 'T',
        password: 'Str0ng!pass',
      },
    });
    expect(res.statusCode).toBe(201);
    const request = requestSpan('/api/v1/admin/users');
    expect(request.attributes['http.response.status_code']).toBe(201);
    const inserts = statementSpans().filter((s) => s.name === 'INSERT');
    expect(inserts.length).toBeGreaterThanOrEqual(1);
    for (const insert of inserts) expect(isBelow(insert, request)).toBe(true);
    expect(JSON.stringify(inserts.map((s) => s.attributes))).not.toContain('traced.one@example.test');
  });

  it("continues the caller's trace from its traceparent header", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/public/users',
      headers: { ...auth, traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(res.statusCode).toBe(200);
    expect(requestSpan('/api/v1/admin/public/users').spanContext().traceId).toBe(traceId);
  });

  it('makes no span of a statement sent outside a request', async () => {
    await insertUser(t.db, { username: 'outside_any_request' });
    expect(spans()).toEqual([]);
  });
});
