import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '../messages';

/** The spec's message for a file that can't be analysed, or null when it can. */
export function validateImageFile(file: Pick<File, 'type' | 'size' | 'name'>): string | null {
  const looksLikeImage = file.type
    ? file.type.startsWith('image/')
    : /\.(jpe?g|png|gif|bmp|webp|tiff?|heic|heif)$/i.test(file.name);
  if (!looksLikeImage) return IMAGE_MESSAGES.notAnImage;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_MESSAGES.tooLarge;
  return null;
}
