/** Below this a search's total is counted on every request: few rows, a few index pages, exact at once. */
export const REMEMBERED_FROM = 1_000;
/** How long a remembered total stands in for a new count. */
export const REMEMBERED_FOR_MS = 10_000;
const MAX_REMEMBERED = 1_000;

/**
 * The totals of recent searches that matched many rows, by list and filter. Counting up to
 * COUNT_CAP + 1 matches re-reads thousands of rows (the users "son" search: 2,166 heap pages for the
 * count against 9 for the page), so the next pages of the same search, a refresh and the other admins
 * take the total counted in the last REMEMBERED_FOR_MS instead, and only read their page. Such a total
 * can be seconds old while the rows are not; a search matching fewer than REMEMBERED_FROM rows, and
 * any list without a search (its total is a counter), is always exact.
 */
export class SearchTotals {
  readonly #totals = new Map<string, { counted: number; at: number }>();

  /** A total counted for `key` in the last REMEMBERED_FOR_MS, or undefined: then count. */
  recall(key: string, now = Date.now()): number | undefined {
    const remembered = this.#totals.get(key);
    if (!remembered) return undefined;
    if (now - remembered.at < REMEMBERED_FOR_MS) return remembered.counted;
    this.#totals.delete(key);
    return undefined;
  }

  /** Keeps a total just counted (up to COUNT_CAP + 1, see row-counts.ts) when it was costly to count. */
  remember(key: string, counted: number, now = Date.now()): void {
    if (counted < REMEMBERED_FROM) return;
    this.#totals.delete(key);
    this.#totals.set(key, { counted, at: now });
    // The oldest first: a Map iterates in insertion order.
    if (this.#totals.size > MAX_REMEMBERED) this.#totals.delete(this.#totals.keys().next().value as string);
  }
}

const byDatabase = new WeakMap<object, SearchTotals>();

/** The memory of one database's searches (a server has one; tests open many), shared by its lists. */
function searchTotalsOf(db: object): SearchTotals {
  let totals = byDatabase.get(db);
  if (!totals) {
    totals = new SearchTotals();
    byDatabase.set(db, totals);
  }
  return totals;
}

/** The key of a search: its list and every field that narrows it, whatever page or cursor it is on. */
export const searchKey = (list: string, filter: Record<string, unknown>): string =>
  `${list}:${JSON.stringify(Object.entries(filter).sort(([a], [b]) => a.localeCompare(b)))}`;

/**
 * A list request's search total: `known`, the total this search was counted to a moment ago (the
 * statement then reads no count), and `counted`, to keep the total the statement has just counted.
 * Without a search there is nothing to remember: the list's total is a counter.
 */
export function searchTotal(
  db: object,
  list: string,
  filter: { search?: string | undefined } & Record<string, unknown>,
): { known: number | undefined; counted(total: number): void } {
  const key = filter.search ? searchKey(list, filter) : null;
  const totals = searchTotalsOf(db);
  const known = key ? totals.recall(key) : undefined;
  return {
    known,
    counted: (total) => {
      if (key && known === undefined) totals.remember(key, total);
    },
  };
}
