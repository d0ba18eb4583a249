/**
 * A site's local map image: what kind of image a file is, read from its own bytes (its
 * magic number), never from the name or the type a browser declared, and its size in pixels read
 * from its header. PNG, JPEG and WebP only: an SVG is refused (it is a document that can carry
 * script), as is anything else. A file cut short (its end marker missing) is refused too.
 */

/** The image types a local map may be. */
export const MAP_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type MapImageType = (typeof MAP_IMAGE_TYPES)[number];

/** The largest map file accepted: 10 MiB. */
export const MAX_MAP_IMAGE_BYTES = 10 * 1024 * 1024;
/** The widest and tallest map accepted, in pixels (a browser decodes it whole). */
export const MAX_MAP_IMAGE_PIXELS_SIDE = 10_000;

/** Why a file is not a map image. */
export type MapImageProblem = 'empty' | 'svg' | 'unknownType' | 'truncated' | 'badDimensions';

export type MapImageCheck =
  | {
      readonly ok: true;
      readonly type: MapImageType;
      readonly width: number;
      readonly height: number;
    }
  | { readonly ok: false; readonly problem: MapImageProblem };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_END = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  return bytes.length >= at + prefix.length && prefix.every((value, i) => bytes[at + i] === value);
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

// every read below is within bounds: each format's length is checked before it reads
const view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);
const u8 = (b: Uint8Array, at: number) => view(b).getUint8(at);
const be16 = (b: Uint8Array, at: number) => view(b).getUint16(at);
const be32 = (b: Uint8Array, at: number) => view(b).getUint32(at);
const le16 = (b: Uint8Array, at: number) => view(b).getUint16(at, true);
const le24 = (b: Uint8Array, at: number) => le16(b, at) | (u8(b, at + 2) << 16);
const le32 = (b: Uint8Array, at: number) => view(b).getUint32(at, true);

function sized(type: MapImageType, width: number, height: number): MapImageCheck {
  const fits = (side: number) => side >= 1 && side <= MAX_MAP_IMAGE_PIXELS_SIDE;
  return fits(width) && fits(height)
    ? { ok: true, type, width, height }
    : { ok: false, problem: 'badDimensions' };
}

const TRUNCATED: MapImageCheck = { ok: false, problem: 'truncated' };

function png(bytes: Uint8Array): MapImageCheck {
  // the first chunk is IHDR: length 13, then width and height (big-endian)
  if (bytes.length < 33 || ascii(bytes, 12, 4) !== 'IHDR') return TRUNCATED;
  if (!startsWith(bytes, PNG_END, bytes.length - PNG_END.length)) return TRUNCATED;
  return sized('image/png', be32(bytes, 16), be32(bytes, 20));
}

/** A start-of-frame marker (C0–CF but C4 DHT, C8 JPG, CC DAC) carries the frame's size. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpeg(bytes: Uint8Array): MapImageCheck {
  if (bytes.length < 4 || be16(bytes, bytes.length - 2) !== 0xffd9) return TRUNCATED;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (u8(bytes, at) !== 0xff) return TRUNCATED;
    const marker = u8(bytes, at + 1);
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (isStartOfFrame(marker))
      return sized('image/jpeg', be16(bytes, at + 7), be16(bytes, at + 5));
    at += 2 + be16(bytes, at + 2);
  }
  return TRUNCATED;
}

function webp(bytes: Uint8Array): MapImageCheck {
  // RIFF's size counts what follows its first 8 bytes
  if (bytes.length < 30 || le32(bytes, 4) + 8 !== bytes.length) return TRUNCATED;
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8X') return sized('image/webp', le24(bytes, 24) + 1, le24(bytes, 27) + 1);
  if (chunk === 'VP8L') {
    const bits = le32(bytes, 21);
    return sized('image/webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8 ')
    return sized('image/webp', le16(bytes, 26) & 0x3fff, le16(bytes, 28) & 0x3fff);
  return { ok: false, problem: 'unknownType' };
}

/** True when the bytes read as an SVG document (text opening with `<?xml`, `<svg` or a comment). */
function looksLikeSvg(bytes: Uint8Array): boolean {
  // a UTF-8 byte order mark first is skipped; the markup itself is ASCII
  const from = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  const head = ascii(bytes, from, 1024).trimStart().toLowerCase();
  return head.startsWith('<') && head.includes('<svg');
}

/**
 * What a file is, from its bytes: PNG (signature, IHDR, IEND), JPEG (SOI, a start-of-frame, EOI)
 * or WebP (RIFF size, VP8/VP8L/VP8X), with its width and height in pixels; otherwise the problem.
 */
export function checkMapImage(bytes: Uint8Array): MapImageCheck {
  if (bytes.length === 0) return { ok: false, problem: 'empty' };
  if (startsWith(bytes, PNG_SIGNATURE)) return png(bytes);
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return jpeg(bytes);
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return webp(bytes);
  if (looksLikeSvg(bytes)) return { ok: false, problem: 'svg' };
  return { ok: false, problem: 'unknownType' };
}

/** The words of a refusal (the services' 400 message; pages translate the problem code). */
export function mapImageProblemText(problem: MapImageProblem): string {
  switch (problem) {
    case 'empty':
      return 'the file is empty';
    case 'svg':
      return 'SVG is not accepted: upload a PNG, JPEG or WebP image';
    case 'unknownType':
      return 'not a PNG, JPEG or WebP image (checked by its content, not its name)';
    case 'truncated':
      return 'the image is incomplete or damaged';
    default:
      return `each side must be 1 to ${MAX_MAP_IMAGE_PIXELS_SIDE} pixels`;
  }
}
