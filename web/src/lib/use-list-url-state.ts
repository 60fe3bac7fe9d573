import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import * as z from 'zod/mini';

/** A list screen's query schema: a zod object, from the full zod or from zod/mini. */
type ListQuery = z.core.$ZodObject;
type Value = string | number | boolean | undefined;

/**
 * Parses the URL's query with the screen's contract schema, one key at a time: a malformed key (an
 * old link, a hand-edited URL) falls back to its default without losing the others.
 */
export function parseListQuery<S extends ListQuery>(schema: S, search: URLSearchParams): z.output<S> {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(schema._zod.def.shape)) {
    const value = search.get(key);
    if (value !== null) raw[key] = value;
  }
  for (;;) {
    const result = z.safeParse(schema, raw);
    if (result.success) return result.data;
    const bad = new Set(result.error.issues.map((issue) => String(issue.path[0])));
    const before = Object.keys(raw).length;
    for (const key of bad) delete raw[key];
    // A schema that fails with no input at all has no defaults to fall back to.
    if (Object.keys(raw).length === before) throw result.error;
  }
}

/**
 * Page, search and filters live in the URL so a reload, a shared link and the Back button all show
 * the same list. Values equal to the schema's defaults are left out of the URL to keep it short, and
 * any change other than the page starts again on page 1.
 */
export function useListUrlState<S extends ListQuery>(schema: S) {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string is the identity of the parsed params.
  const params = useMemo(() => parseListQuery(schema, searchParams), [schema, key]);
  const defaults = useMemo(() => parseListQuery(schema, new URLSearchParams()), [schema]);

  // The query string as this hook last set it: a second change in the same event (a tab's mousedown
  // and then its focus) builds on the first instead of on the render's stale URL and pushing twice.
  const latest = useRef(key);
  useEffect(() => {
    latest.current = key;
  }, [key]);

  const update = useCallback(
    (changes: Partial<z.output<S>>, options: { replace?: boolean } = {}) => {
      const next = new URLSearchParams(latest.current);
      const entries = Object.entries(changes) as [string, Value][];
      const resetsPage = entries.some(([name]) => name !== 'page');
      const all: [string, Value][] =
        resetsPage && !('page' in changes) ? [...entries, ['page', defaults.page as Value]] : entries;
      for (const [name, value] of all) {
        if (value === undefined || value === (defaults as Record<string, Value>)[name]) next.delete(name);
        else next.set(name, String(value));
      }
      const text = next.toString();
      if (text === latest.current) return;
      latest.current = text;
      setSearchParams(next, { replace: options.replace });
    },
    [setSearchParams, defaults],
  );

  return { params, update };
}
