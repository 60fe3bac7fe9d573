/**
 * A lazy screen whose code failed to download (a deploy replaced the chunk, or the network dropped).
 * Browsers word it differently; webpack-style bundlers name it ChunkLoadError.
 */
const CHUNK_LOAD_MESSAGE =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_LOAD_MESSAGE.test(error.message);
}
