import {
  OFFICIAL_MESSAGE_IMAGE_MAX_BYTES,
  OFFICIAL_MESSAGE_MESSAGES,
} from '@switchboard/contract/official-messages';

/** The browser-side check of a chosen image (the server checks the bytes again); null when it may be sent. */
export function imageProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return OFFICIAL_MESSAGE_MESSAGES.notImage;
  if (file.size > OFFICIAL_MESSAGE_IMAGE_MAX_BYTES) return OFFICIAL_MESSAGE_MESSAGES.tooLarge;
  return null;
}
