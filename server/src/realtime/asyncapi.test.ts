import { Parser } from '@asyncapi/parser';
import { REALTIME_NAMESPACES } from '@switchboard/contract/realtime-catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** DiagnosticSeverity.Error in the parser's diagnostics. */
const ERROR = 0;

describe('AsyncAPI document of the socket namespaces', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is served beside the OpenAPI document and valid AsyncAPI 3.0 for the parser', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/asyncapi.json' });
    expect(res.statusCode).toBe(200);
    const text = res.body;
    const { document, diagnostics } = await new Parser().parse(text);
    expect(
      diagnostics.filter((d) => d.severity === ERROR).map((d) => `${d.path.join('.')}: ${d.message}`),
    ).toEqual([]);
    expect(document?.version()).toBe('3.0.0');

    const channels = document?.channels().all() ?? [];
    expect(channels.map((c) => c.address()).sort()).toEqual(['/', '/app']);
    // Every event of realtime.ts is an operation: sent by the server, or received with its acknowledgement.
    const operations = document?.operations().all() ?? [];
    for (const namespace of REALTIME_NAMESPACES) {
      const channel = channels.find((c) => c.address() === namespace.name);
      const names = (action: string) =>
        operations
          .filter(
            (op) =>
              op.action() === action &&
              op
                .channels()
                .all()
                .some((c) => c.id() === channel?.id()),
          )
          .flatMap((op) =>
            op
              .messages()
              .all()
              .map((m) => m.name()),
          )
          .sort();
      expect(names('send')).toEqual(Object.keys(namespace.send).sort());
      expect(names('receive')).toEqual(Object.keys(namespace.receive).sort());
    }
    const invite = operations.find((op) => op.id() === 'appReceiveCallInvite');
    expect(invite?.reply()?.messages().all()[0]?.payload()?.json()).toMatchObject({
      anyOf: expect.any(Array),
    });
  });
});
