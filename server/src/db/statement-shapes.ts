import { is, Param, Placeholder, type Query, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { claimLiteralPage, type LiteralPage } from './named-statement.ts';
import { literalText } from './rendered-once.ts';

const dialect = new PgDialect();

/** Each value of a statement, or in its place a placeholder of the same name. */
export type ValuesOrPlaceholders<Values> = { [K in keyof Values]: Values[K] | Placeholder };

/** Where one parameter of a rendered shape comes from: a value of the request, or a constant of the shape. */
type Slot = { name: string; encode?: (value: unknown) => unknown } | { constant: unknown };

interface Shape {
  text: string;
  slots: Slot[];
}

/** Shapes remembered per list, at most; past it a request renders its statement as before. */
const MAX_SHAPES = 200;

/**
 * A list's statements rendered by Drizzle once per shape instead of on every request. Building a
 * list's query tree, rendering it and (for a first page) writing its values in as literals took ~10%
 * of a users first page's CPU, to send a text that was the same every time.
 * - `shape`: everything that decides the text (which filters are present, keyset or offset);
 *   `values`: everything else, each sent as a parameter. A value `build` reads from the query itself
 *   instead of from `values` would be frozen at the first request's: each list's test compares every
 *   shape with Drizzle's rendering of the statement built from the values.
 * - `literal`: a page of fixed choices (its first, or one by number) goes with its values written in
 *   (named-statement.ts, queryListPage): one text per shape and values, at most MAX_LITERAL_PAGES of
 *   each kind over all lists.
 */
export function statementShapes<Q, Values extends Record<string, unknown>>(spec: {
  shape: (query: Q) => string;
  values: (query: Q) => Values;
  build: (query: Q, values: ValuesOrPlaceholders<Values>) => SQL;
  literal?: (query: Q) => LiteralPage | undefined;
}): (query: Q) => Query {
  const shapes = new Map<string, Shape>();
  /** By kind, then shape and values: the text with the values written in, or null when it could not be. */
  const literals: Record<LiteralPage, Map<string, string | null>> = { first: new Map(), numbered: new Map() };

  const literalFor = (query: Q, kind: LiteralPage, key: string, values: Values): string | null => {
    const ofKind = literals[kind];
    let text = ofKind.get(key);
    if (text === undefined) {
      if (ofKind.size >= MAX_SHAPES) return null;
      text = literalText(spec.build(query, values));
      if (text !== null && !claimLiteralPage(text, kind)) text = null;
      ofKind.set(key, text);
    }
    return text;
  };

  return (query) => {
    const key = spec.shape(query);
    const values = spec.values(query);
    const literal = spec.literal?.(query);
    if (literal) {
      const text = literalFor(query, literal, `${key}\u0000${JSON.stringify(values)}`, values);
      if (text !== null) return { sql: text, params: [] };
    }
    let shape = shapes.get(key);
    if (!shape) {
      if (shapes.size >= MAX_SHAPES) return dialect.sqlToQuery(spec.build(query, values));
      const placeholders = Object.fromEntries(
        Object.keys(values).map((name) => [name, sql.placeholder(name)]),
      ) as ValuesOrPlaceholders<Values>;
      shape = renderedShape(spec.build(query, placeholders));
      shapes.set(key, shape);
    }
    const params = shape.slots.map((slot) =>
      'constant' in slot ? slot.constant : slot.encode ? slot.encode(values[slot.name]) : values[slot.name],
    );
    return { sql: shape.text, params };
  };
}

/** A statement built with placeholders, as its text and where each of its parameters comes from. */
function renderedShape(statement: SQL): Shape {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const slots = params.map((param): Slot => {
    if (is(param, Placeholder)) return { name: param.name };
    if (is(param, Param) && is(param.value, Placeholder)) {
      const { encoder } = param;
      return { name: (param.value as Placeholder).name, encode: (value) => encoder.mapToDriverValue(value) };
    }
    return { constant: param };
  });
  return { text, slots };
}
