import { open } from 'node:fs/promises';

/** The raster image types a chat photo may be shown inline as. Anything else is only ever a download. */
export const inlineImageTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type InlineImageType = (typeof inlineImageTypes)[number];

/** The image type the bytes of a file are (png, jpeg, gif, webp), by their signature; null for anything else. */
export function imageTypeOf(head: Buffer): InlineImageType | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  const ascii = head.toString('latin1');
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) return 'image/gif';
  if (head.length >= 12 && ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** The image type of the file at `path`, from its first bytes. */
export async function sniffImage(path: string): Promise<InlineImageType | null> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await file.read(head, 0, 12, 0);
    return imageTypeOf(head.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
}
