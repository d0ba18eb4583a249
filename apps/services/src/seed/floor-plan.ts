// A small floor plan drawn in code as a PNG (node:zlib for the pixel data, a CRC-32 of our own):
// the demo site's local map, with no binary file in the repository.
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit RGB PNG of `width` × `height`, each pixel's colour from `paint` (`[r, g, b]`). */
export function encodePng(
  width: number,
  height: number,
  paint: (x: number, y: number) => readonly [number, number, number],
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // depth 8, colour type 2 (RGB), deflate, filter 0, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const start = y * (width * 3 + 1); // each row starts with its filter type (0: none)
    for (let x = 0; x < width; x += 1) rows.set(paint(x, y), start + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', new Uint8Array()),
  ]);
}

/**
 * A distribution centre's plan: outer walls, four rooms along the top (cold storage, shipping,
 * receiving, staging), racking aisles below and dock doors along the bottom wall.
 */
export function floorPlanPng(width = 400, height = 300): Buffer {
  const wall: [number, number, number] = [60, 64, 72];
  const floor: [number, number, number] = [244, 245, 247];
  const rack: [number, number, number] = [180, 196, 214];
  const dock: [number, number, number] = [230, 160, 60];
  return encodePng(width, height, (x, y) => {
    const border = x < 4 || y < 4 || x >= width - 4 || y >= height - 4;
    const roomWall = y < height * 0.4 && (y >= height * 0.4 - 3 || x % Math.floor(width / 4) < 3);
    const door = y >= height - 4 && x % 60 > 20 && x % 60 < 44;
    if (door) return dock;
    if (border || roomWall) return wall;
    const aisle = y > height * 0.5 && y < height * 0.85 && x > 20 && x < width - 20;
    if (aisle && x % 40 < 14) return rack;
    return floor;
  });
}
