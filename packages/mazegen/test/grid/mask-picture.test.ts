import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FormatError, OptionError } from 'mazegen';
import { maskFromPicture } from 'mazegen/internal';

/** A picture of w x h pixels, each from `pixel(x, y)` as [r, g, b, a]. */
function picture(w: number, h: number, pixel: (x: number, y: number) => [number, number, number, number]) {
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data.set(pixel(x, y), (y * w + x) * 4);
  return { width: w, height: h, data };
}

describe('maskFromPicture', () => {
  it('reads dark and transparent pixels as no cell, light opaque ones as cells, at the picture size', () => {
    const image = picture(
      4,
      2,
      (x) =>
        [
          [255, 255, 255, 255],
          [0, 0, 0, 255],
          [255, 255, 255, 0],
          [200, 200, 200, 255],
        ][x] as [number, number, number, number],
    );
    expect(maskFromPicture(image)).toEqual({ width: 4, height: 2, cells: Uint8Array.from([1, 0, 0, 1, 1, 0, 0, 1]) });
  });

  it('samples each cell at its middle: a picture n times the mask reads back the mask', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 4 }),
        fc.infiniteStream(fc.boolean()),
        (w, h, n, bits) => {
          const cells = Uint8Array.from({ length: w * h }, () => (bits.next().value ? 1 : 0));
          const image = picture(w * n, h * n, (x, y) =>
            cells[Math.floor(y / n) * w + Math.floor(x / n)] ? [240, 240, 240, 255] : [10, 10, 10, 255],
          );
          expect(maskFromPicture(image, w, h)).toEqual({ width: w, height: h, cells });
        },
      ),
    );
  });

  it('refuses a picture whose pixels do not fill its size', () => {
    expect(() => maskFromPicture({ width: 3, height: 3, data: new Uint8Array(8) })).toThrow(FormatError);
  });

  it('refuses a size to sample to that is not a whole number of cells, in a one-line OptionError', () => {
    const image = picture(2, 2, () => [255, 255, 255, 255]);
    for (const [w, h] of [
      [0, 2],
      [2, 1.5],
      [-1, 2],
      [2, Number.NaN],
      [70000, 70000],
    ]) {
      expect(() => maskFromPicture(image, w, h)).toThrow(OptionError);
    }
  });
});
