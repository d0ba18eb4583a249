import { describe, expect, it } from 'vitest';
import {
  MAP_IMAGE_TYPES,
  MAX_MAP_IMAGE_PIXELS_SIDE,
  checkMapImage,
  mapImageProblemText,
} from './map-image.ts';
import type { MapImageProblem } from './map-image.ts';

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le = (n: number, bytes: number) =>
  Array.from({ length: bytes }, (_, i) => (n >>> (8 * i)) & 255);
const text = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** A PNG's header and end (the checker reads no pixel data, so none is needed). */
function png(width: number, height: number, end = true): Uint8Array {
  return Uint8Array.from([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...be32(13),
    ...text('IHDR'),
    ...be32(width),
    ...be32(height),
    8,
    0,
    0,
    0,
    0,
    ...be32(0),
    ...(end ? [...be32(0), ...text('IEND'), 0xae, 0x42, 0x60, 0x82] : [0, 0, 0, 0]),
  ]);
}

function jpeg(width: number, height: number, { end = true, frame = true } = {}): Uint8Array {
  const app0 = [0xff, 0xe0, 0, 16, ...text('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof = [
    0xff,
    0xc0,
    0,
    11,
    8,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    1,
    1,
    0x11,
    0,
  ];
  const dht = [0xff, 0xc4, 0, 4, 0, 0];
  return Uint8Array.from([
    0xff,
    0xd8,
    ...app0,
    0xff,
    ...dht,
    ...(frame ? sof : []),
    ...Array(12).fill(0),
    ...(end ? [0xff, 0xd9] : [0, 0]),
  ]);
}

function webp(chunk: 'VP8X' | 'VP8L' | 'VP8 ' | 'ALPH', width: number, height: number, pad = 0) {
  let payload: number[];
  if (chunk === 'VP8X') payload = [0, 0, 0, 0, ...le(width - 1, 3), ...le(height - 1, 3)];
  else if (chunk === 'VP8L')
    payload = [
      0x2f,
      ...le(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 4),
      0,
      0,
      0,
      0,
      0,
    ];
  else payload = [0, 0, 0, 0x9d, 0x01, 0x2a, ...le(width, 2), ...le(height, 2)];
  const body = [...text('WEBP'), ...text(chunk), ...le(payload.length, 4), ...payload];
  return Uint8Array.from([...text('RIFF'), ...le(body.length + pad, 4), ...body]);
}

describe('checkMapImage', () => {
  it.each([
    ['a PNG', png(640, 480), 'image/png', 640, 480],
    ['a one-pixel PNG', png(1, 1), 'image/png', 1, 1],
    ['a JPEG', jpeg(800, 600), 'image/jpeg', 800, 600],
    ['a WebP (extended)', webp('VP8X', 1024, 768), 'image/webp', 1024, 768],
    ['a WebP (lossless)', webp('VP8L', 300, 200), 'image/webp', 300, 200],
    ['a WebP (lossy)', webp('VP8 ', 320, 240), 'image/webp', 320, 240],
  ] as const)('reads %s and its size', (_, bytes, type, width, height) => {
    expect(checkMapImage(bytes)).toEqual({ ok: true, type, width, height });
  });

  const svg = Uint8Array.from([
    ...[0xef, 0xbb, 0xbf],
    ...text('  <?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'),
  ]);
  const jpegWithFill = jpeg(10, 10);
  const filled = Uint8Array.from([
    ...jpegWithFill.subarray(0, 2),
    0xff,
    ...jpegWithFill.subarray(2),
  ]);
  it.each<[string, Uint8Array, MapImageProblem]>([
    ['nothing', new Uint8Array(), 'empty'],
    ['an SVG', svg, 'svg'],
    ['an SVG without a prolog', Uint8Array.from(text('<svg onload="x()"></svg>')), 'svg'],
    ['HTML', Uint8Array.from(text('<html><body>hi</body></html>')), 'unknownType'],
    ['a GIF', Uint8Array.from(text('GIF89a\x01\x00\x01\x00')), 'unknownType'],
    ['a PNG cut before its end', png(10, 10, false), 'truncated'],
    ['a PNG signature alone', png(10, 10).subarray(0, 20), 'truncated'],
    ['a PNG 0 pixels wide', png(0, 10), 'badDimensions'],
    ['a PNG too tall', png(10, MAX_MAP_IMAGE_PIXELS_SIDE + 1), 'badDimensions'],
    ['a JPEG cut short', jpeg(10, 10, { end: false }), 'truncated'],
    ['a JPEG with no frame', jpeg(10, 10, { frame: false }), 'truncated'],
    [
      'a JPEG whose segments lose their way',
      Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0x12, ...Array(12).fill(0), 0xff, 0xd9]),
      'truncated',
    ],
    [
      'a JPEG that ends before a frame',
      Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 2, 0xff, 0xd9]),
      'truncated',
    ],
    ['a JPEG start alone', Uint8Array.from([0xff, 0xd8, 0xff]), 'truncated'],
    ['a WebP whose size disagrees', webp('VP8X', 10, 10, 4), 'truncated'],
    ['a WebP with an unknown first chunk', webp('ALPH', 10, 10), 'unknownType'],
    [
      'a WebP header alone',
      Uint8Array.from([...text('RIFF'), 4, 0, 0, 0, ...text('WEBP')]),
      'truncated',
    ],
  ])('refuses %s: %s', (_, bytes, problem) => {
    expect(checkMapImage(bytes)).toEqual({ ok: false, problem });
  });

  it('skips fill bytes between JPEG segments', () => {
    expect(checkMapImage(filled)).toMatchObject({ ok: true, width: 10, height: 10 });
  });

  it.each<MapImageProblem>(['empty', 'svg', 'unknownType', 'truncated', 'badDimensions'])(
    'says why %s in words',
    (problem) => expect(mapImageProblemText(problem).length).toBeGreaterThan(10),
  );

  it('accepts exactly three types', () => {
    expect(MAP_IMAGE_TYPES).toEqual(['image/png', 'image/jpeg', 'image/webp']);
  });
});
