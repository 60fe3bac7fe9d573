/** The compiled server's entry, server/dist/bundle/main.mjs. */
export const SERVER_BUNDLE: string;
/** What the bundle is built from: newer files here make `npm start` compile again. */
export const SERVER_SOURCES: readonly string[];
/** Compiles server/src (and the contract) into server/dist/bundle with source maps. */
export function buildServer(): Promise<void>;
/** The newest modification time under `path` (ms), 0 if it does not exist. */
export function newestMtime(path: string): number;
/** Whether the bundle exists and is at least as new as every file of SERVER_SOURCES. */
export function bundleIsCurrent(): boolean;
