import type { ComponentType } from 'react';

/** What a route's `lazy` gives the router: the screen's component, from its own chunk. */
export type LazyScreen = () => Promise<{ Component: ComponentType }>;

/** Route-level code splitting: each screen is its own chunk, loaded on first visit. */
export const lazyScreen =
  <M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyScreen =>
  async () => ({ Component: pick(await load()) });
