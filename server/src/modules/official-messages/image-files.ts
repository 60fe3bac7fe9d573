import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export type ImageKind = 'png' | 'jpg' | 'gif' | 'webp';

export const IMAGE_CONTENT_TYPES: Record<ImageKind, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

/** What the bytes are, whatever the upload claimed: PNG, JPEG, GIF or WebP by their magic numbers, else null. */
export function detectImageKind(bytes: Buffer): ImageKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) &&
    (bytes[4] === 0x37 || bytes[4] === 0x39) &&
    bytes[5] === 0x61
  )
    return 'gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp';
  return null;
}

/** Where uploaded images live; a factory reset empties it. */
export const uploadsDir = (dataDir: string) => join(dataDir, 'uploads');

/** Stores the image under a new server-chosen name and returns that name. */
export async function saveImage(dataDir: string, bytes: Buffer, kind: ImageKind): Promise<string> {
  const name = `${randomUUID()}.${kind}`;
  await mkdir(uploadsDir(dataDir), { recursive: true });
  await writeFile(join(uploadsDir(dataDir), name), bytes, { flag: 'wx' });
  return name;
}

/** The stored image and its content type, or null when there is none by that name. */
export async function readImage(dataDir: string, name: string) {
  const kind = name.slice(name.lastIndexOf('.') + 1) as ImageKind;
  const contentType = IMAGE_CONTENT_TYPES[kind];
  if (!contentType) return null;
  try {
    return { bytes: await readFile(join(uploadsDir(dataDir), name)), contentType };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export async function removeImage(dataDir: string, name: string): Promise<void> {
  await rm(join(uploadsDir(dataDir), name), { force: true });
}
