import fc from 'fast-check';
import type { JsonSchema } from './openapi-operations.ts';

/** Text an attacker or a broken client sends: each a known way to reach a 500 or a half-write. */
export const HOSTILE_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1 UNION SELECT null, version() --',
  '") OR 1=1 --',
  '%',
  '_',
  '\\',
  '%_\\%',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as written
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '\r\nSet-Cookie: x=1',
  '\t=cmd|/c calc',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '00000000-0000-0000-0000-000000000000',
  '::ffff:127.0.0.1',
  '🙂'.repeat(3),
  'null',
  '[]',
  '{}',
] as const;

export const HOSTILE_NUMBERS = [
  -1,
  0,
  -0,
  0.5,
  -2147483649,
  2147483648,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e308,
  -1e308,
  5e-324,
] as const;

/** Built once: the same three strings every time, so the fuzzer does not rebuild (or re-encode) a megabyte per case. */
const HUGE_TEXT = [10_000, 100_000, 1_000_001].map((n) => 'A'.repeat(n));
const hugeText = fc.constantFrom(...HUGE_TEXT);

/** Any hostile string: a known one, a huge one, or fast-check's own (full unicode, lone surrogates included). */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 1, arbitrary: hugeText },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_TEXT).map((s) => `${s}${s}`) },
);

/** A JSON value of the wrong kind or range for whatever field it lands in. */
export const hostileJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { $ne: null }) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
);

/** A query or path value: always text on the wire. */
export const hostileParam: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS).map(String) },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

/** Header values cannot carry control characters or non-Latin-1 text on the wire. */
export const hostileHeader: fc.Arbitrary<string> = hostileParam.map((s) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters a header cannot carry
  s.replace(/[\u0000-\u001f\u007f]|[^\u0000-\u00ff]/g, '').slice(0, 8000),
);

const typeOf = (schema: JsonSchema): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;

/** A value the schema accepts (or nearly): the base that one hostile change is then made to. */
export function plausible(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) return fc.oneof(...variants.map((v) => plausible(v, depth + 1)));
  switch (typeOf(schema)) {
    case 'string':
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 20, 40) });
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? 0, -1e6),
        max: Math.min(schema.maximum ?? 1000, 1e6),
      });
    case 'number':
      return fc.double({
        min: Math.max(schema.minimum ?? 0, -1e6),
        max: Math.min(schema.maximum ?? 1000, 1e6),
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(plausible(schema.items ?? {}, depth + 1), {
            minLength: schema.minItems ?? 0,
            maxLength: Math.min(schema.maxItems ?? 3, 3),
          });
    case 'object': {
      if (depth > 3) return fc.constant({});
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(properties);
      return fc.record(Object.fromEntries(entries.map(([name, s]) => [name, plausible(s, depth + 1)])), {
        requiredKeys: entries.map(([name]) => name).filter((name) => required.has(name)),
      });
    }
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
  }
}
