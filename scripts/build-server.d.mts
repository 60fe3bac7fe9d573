/** The compiled server's entry, server/dist/bundle/main.mjs. */
export const SERVER_BUNDLE: string;
/** What the bundle is built from: newer files here make `npm start` compile again. */
export const SERVER_SOURCES: readonly string[];
/** Compiles server/src (and the contract) into server/dist/bundle with source maps. */
export function buildServer(): Promise<void>;
