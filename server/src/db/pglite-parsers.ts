import { type PGlite, types } from '@electric-sql/pglite';

/**
 * PGlite copies `parsers` into a new object on every query (`{ ...parsers, ...options.parsers }` in its
 * result parsing), and when it starts it adds an array parser for every array type in pg_type: ~300 of
 * them, one per table row type among them. That copy took 150 µs of a 350 µs `select 1` at `--scale 1m`.
 * This keeps the built-in parsers and the arrays of them; an array of any other type comes back as its
 * text, as its elements did already (PGlite has no parser for them).
 */
export async function keepBuiltInParsers(client: PGlite): Promise<void> {
  const builtIn = Object.keys(types.parsers);
  const oids = builtIn.filter((key) => /^\d+$/.test(key)).join(',');
  const { rows } = await client.query<{ typarray: number }>(
    `select typarray::int as typarray from pg_type where oid = any('{${oids}}'::oid[]) and typarray <> 0`,
  );
  const kept = new Set([...builtIn, ...rows.map((row) => String(row.typarray))]);
  client.parsers = Object.fromEntries(Object.entries(client.parsers).filter(([key]) => kept.has(key)));
}
