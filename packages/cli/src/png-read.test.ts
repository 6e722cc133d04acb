import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { decodePng } from './png-read.js';

/** The decoder against pngjs (a test-only dependency): the same pixels for each colour type pngjs writes. */
describe('decodePng', () => {
  it('reads what pngjs writes, as pngjs reads it back', () => {
    const image = new PNG({ width: 13, height: 7 });
    for (let i = 0; i < image.data.length; i++) image.data[i] = (i * 37 + (i >> 3) * 11) & 255;
    for (const colorType of [0, 2, 4, 6] as const) {
      for (const bitDepth of [8, 16] as const) {
        const bytes = PNG.sync.write(image, { colorType, bitDepth, inputHasAlpha: true });
        const expected = PNG.sync.read(bytes);
        const got = decodePng(bytes);
        expect([got.width, got.height]).toEqual([13, 7]);
        // pngjs gives 16-bit samples as 8-bit data too; compare within rounding of the high byte.
        for (let i = 0; i < got.data.length; i++)
          expect(Math.abs(got.data[i] - expected.data[i]), `type ${colorType}/${bitDepth} byte ${i}`).toBeLessThanOrEqual(
            bitDepth === 16 ? 1 : 0,
          );
      }
    }
  });

  it('says in words what is wrong with a file that is not a PNG it reads', () => {
    expect(() => decodePng(new Uint8Array([1, 2, 3]))).toThrow('no PNG signature');
  });
});
