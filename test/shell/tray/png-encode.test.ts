import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../../main/shell/tray/png-encode.ts';

/** Splits a PNG into its chunks, checking each CRC. */
function chunks(png: Buffer): { type: string; data: Buffer }[] {
  const out: { type: string; data: Buffer }[] = [];
  let at = 8;
  while (at < png.length) {
    const len = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + len);
    expect(png.readUInt32BE(at + 8 + len)).toBe(crc32(png.subarray(at + 4, at + 8 + len)));
    out.push({ type, data });
    at += 12 + len;
  }
  return out;
}

describe('encodePng', () => {
  const rgba = new Uint8Array([255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);

  it('starts with the PNG signature and has IHDR, IDAT, IEND with valid CRCs', () => {
    const png = encodePng(3, 2, rgba);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(chunks(png).map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
  });

  it('declares the size as 8-bit RGBA', () => {
    const ihdr = chunks(encodePng(3, 2, rgba))[0]?.data as Buffer;
    expect([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ihdr[8], ihdr[9]]).toEqual([3, 2, 8, 6]);
  });

  it('stores the pixels row by row behind a filter byte of 0', () => {
    const idat = chunks(encodePng(3, 2, rgba))[1]?.data as Buffer;
    const raw = inflateSync(idat);
    expect([...raw]).toEqual([0, ...rgba.subarray(0, 12), 0, ...rgba.subarray(12)]);
  });

  it('refuses a buffer of the wrong length', () => {
    expect(() => encodePng(3, 3, rgba)).toThrow(/expected 36 RGBA bytes/);
  });
});
