import { useMemo } from 'react';
import * as z from 'zod/mini';
import { useListUrlState } from '@/lib/use-list-url-state.ts';

/**
 * The open tab of a screen whose tabs are not a list's filters (Database, Settings): kept in the URL's
 * `tab` so a reload, a shared link and the Back button open the same tab. The first tab is the default
 * and leaves the URL bare; an unknown `tab` opens it too. Screens whose lists share the URL with their
 * tabs declare `tab` in their own query schema instead (Security, Social).
 */
export function useTabUrlState<V extends string>(
  tabs: readonly (readonly [V, ...unknown[]])[],
): [V, (tab: V) => void] {
  const values = tabs.map(([value]) => value);
  const key = values.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tab names are the identity of the schema.
  const schema = useMemo(
    () => z.object({ tab: z._default(z.enum(values as [V, ...V[]]), values[0] as V) }),
    [key],
  );
  const { params, update } = useListUrlState(schema);
  return [params.tab as V, (tab: V) => update({ tab } as Partial<z.output<typeof schema>>)];
}
