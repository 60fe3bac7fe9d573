import fc from 'fast-check';
import { hostileHeader, hostileJsonValue, hostileParam, plausible } from './hostile-values.ts';
import { hasInput, type Operation } from './openapi-operations.ts';

/** One request the fuzzer sends, and what was done to it (for the failure message). */
export interface FuzzCase {
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** The encodings of the huge values, which recur (a megabyte took longer to encode than to send). */
const encodedHuge = new Map<string, string>();

/** encodeURIComponent, except that a lone surrogate is sent as the bytes a careless encoder would write. */
export function encodeParam(value: string): string {
  if (value.length < 10_000) return encodeOnce(value);
  let encoded = encodedHuge.get(value);
  if (encoded === undefined) {
    encoded = encodeOnce(value);
    if (encodedHuge.size < 100) encodedHuge.set(value, encoded);
  }
  return encoded;
}

function encodeOnce(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((ch) => {
        const code = ch.charCodeAt(0);
        if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff)
          return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
            .map((b) => `%${b.toString(16).toUpperCase()}`)
            .join('');
        return encodeURIComponent(ch);
      })
      .join('');
  }
}

const MALFORMED_JSON = [
  '{"a":',
  '{"a":1}}',
  "{'a':1}",
  '{"a":1,}',
  '[',
  '\u0000',
  'undefined',
  'NaN',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a":"${'\\ud800'}"}`,
] as const;

/** Bodies that are not JSON, under a content type that may or may not say so. */
const broken = fc.oneof(
  fc.constantFrom(...MALFORMED_JSON).map((payload) => ({
    kind: 'malformed JSON',
    contentType: 'application/json',
    payload,
  })),
  fc
    .constantFrom(
      'text/plain',
      'application/xml',
      'application/x-www-form-urlencoded',
      'application/octet-stream',
    )
    .map((contentType) => ({
      kind: `wrong content type ${contentType}`,
      contentType,
      payload: 'a=1&b=<x/>',
    })),
  fc.constantFrom(
    { kind: 'multipart without boundary', contentType: 'multipart/form-data', payload: 'title=x' },
    {
      kind: 'truncated multipart',
      contentType: 'multipart/form-data; boundary=XyZ',
      payload: '--XyZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nhello',
    },
    {
      kind: 'multipart file with no name',
      contentType: 'multipart/form-data; boundary=XyZ',
      payload:
        '--XyZ\r\nContent-Disposition: form-data; name="image"; filename=""\r\n\r\n\u0000\r\n--XyZ--\r\n',
    },
  ),
);

type Values = Record<string, unknown>;

function fillPath(path: string, params: Values): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeParam(String(params[name] ?? 'x')));
}

function queryString(query: Values): string {
  const parts = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .flatMap(([k, v]) =>
      (Array.isArray(v) ? v : [v]).map((item) => `${encodeParam(k)}=${encodeParam(String(item))}`),
    );
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** Plausible values for every parameter of one location. */
function plausibleParams(op: Operation, where: 'path' | 'query' | 'header'): fc.Arbitrary<Values> {
  const params = op.parameters.filter((p) => p.in === where);
  return fc.record(Object.fromEntries(params.map((p) => [p.name, plausible(p.schema)])), {
    requiredKeys: params.filter((p) => p.required).map((p) => p.name),
  });
}

/**
 * Every case starts from a plausible request built from the operation's schemas, then makes one
 * hostile change: a wrong or hostile value in one parameter or body field, a missing required field,
 * extra fields, a body of the wrong shape, or a body that is not JSON at all.
 */
export function fuzzCases(op: Operation): fc.Arbitrary<FuzzCase> {
  const base = fc.record({
    path: plausibleParams(op, 'path'),
    query: plausibleParams(op, 'query'),
    header: plausibleParams(op, 'header'),
    body: op.body ? plausible(op.body) : fc.constant(undefined),
  });
  const build = (
    kind: string,
    parts: { path: Values; query: Values; header: Values; body: unknown },
    raw?: { contentType: string; payload: string },
  ): FuzzCase => {
    const headers: Record<string, string> = Object.fromEntries(
      Object.entries(parts.header).map(([k, v]) => [k, String(v).replace(/[^\u0020-\u007e]/g, '')]),
    );
    let payload: string | undefined;
    if (raw) {
      headers['content-type'] = raw.contentType;
      payload = raw.payload;
    } else if (parts.body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(parts.body);
    }
    return {
      kind,
      method: op.method,
      url: fillPath(op.path, parts.path) + queryString(parts.query),
      headers,
      ...(payload === undefined ? {} : { payload }),
    };
  };

  const writes = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(op.method);
  if (!hasInput(op)) {
    // Nothing to fuzz but the body and the query: a body that never parses, and junk the route ignores.
    const junkQuery = fc.dictionary(fc.constantFrom('q', 'search', 'limit', 'x'), hostileParam, {
      maxKeys: 3,
    });
    return writes
      ? broken.map((raw) => build(raw.kind, { path: {}, query: {}, header: {}, body: undefined }, raw))
      : junkQuery.map((query) => build('unexpected query', { path: {}, query, header: {}, body: undefined }));
  }

  const variants: fc.Arbitrary<FuzzCase>[] = [];
  for (const where of ['path', 'query', 'header'] as const) {
    const names = op.parameters.filter((p) => p.in === where).map((p) => p.name);
    if (names.length === 0) continue;
    const value = where === 'header' ? hostileHeader : hostileParam;
    variants.push(
      fc
        .tuple(base, fc.constantFrom(...names), value)
        .map(([parts, name, v]) =>
          build(`hostile ${where} ${name}`, { ...parts, [where]: { ...parts[where], [name]: v } }),
        ),
    );
  }
  if (op.body) {
    const fields = Object.keys(op.body.properties ?? {});
    const required = op.body.required ?? [];
    if (fields.length > 0)
      variants.push(
        fc
          .tuple(base, fc.constantFrom(...fields), hostileJsonValue)
          .map(([parts, name, v]) =>
            build(`hostile body ${name}`, { ...parts, body: { ...(parts.body as Values), [name]: v } }),
          ),
      );
    if (required.length > 0)
      variants.push(
        fc.tuple(base, fc.constantFrom(...required)).map(([parts, name]) => {
          const { [name]: _dropped, ...rest } = parts.body as Values;
          return build(`missing ${name}`, { ...parts, body: rest });
        }),
      );
    variants.push(
      fc
        .tuple(
          base,
          fc.dictionary(fc.string({ maxLength: 12 }), hostileJsonValue, { minKeys: 1, maxKeys: 3 }),
        )
        .map(([parts, extra]) =>
          build('extra body fields', { ...parts, body: { ...extra, ...(parts.body as Values) } }),
        ),
      fc
        .tuple(base, hostileJsonValue)
        .map(([parts, body]) => build('body of the wrong shape', { ...parts, body })),
    );
  }
  if (writes) variants.push(fc.tuple(base, broken).map(([parts, raw]) => build(raw.kind, parts, raw)));
  return fc.oneof(...variants);
}
