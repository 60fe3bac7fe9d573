import type { Executor } from './client.ts';

/**
 * A statement built once per database handle (or transaction) instead of on every call: for the
 * reads every request makes, building the query with Drizzle cost more CPU than PostgreSQL spent
 * answering it. Named, PostgreSQL also parses and plans it once per pooled connection.
 */
export function preparedPer<T>(build: (executor: Executor) => T): (executor: Executor) => T {
  const statements = new WeakMap<Executor, T>();
  return (executor) => {
    let statement = statements.get(executor);
    if (!statement) {
      statement = build(executor);
      statements.set(executor, statement);
    }
    return statement;
  };
}
