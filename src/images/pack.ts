/**
 * Packing downloaded images into Discord messages (pure): at most 10 attachments per message,
 * and a message's files within the interaction's attachment size limit; each entry is one
 * message's attachments. Image order is kept.
 * An image that alone exceeds the limit cannot be uploaded and is posted as its link instead.
 */

export const MAX_ATTACHMENTS_PER_MESSAGE = 10;

export interface PackableImage {
  /** 1-based position in the generation, used in file names (image-1.png …). */
  readonly index: number;
  readonly size: number;
}

export function packImages<T extends PackableImage>(
  images: readonly T[],
  sizeLimit: number,
  perMessage: number = MAX_ATTACHMENTS_PER_MESSAGE,
): T[][] {
  const messages: T[][] = [];
  let current: T[] = [];
  let currentBytes = 0;
  for (const image of images) {
    // Too large to upload at all: the caller posts its link instead.
    if (image.size > sizeLimit) continue;
    if (current.length >= perMessage || currentBytes + image.size > sizeLimit) {
      messages.push(current);
      current = [];
      currentBytes = 0;
    }
    current.push(image);
    currentBytes += image.size;
  }
  if (current.length > 0) messages.push(current);
  return messages;
}
