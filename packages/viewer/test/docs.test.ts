/**
 * The size limits and the wall colour cycle that docs/viewer.md, the README and
 * index.html state are the ones in the viewer's settings (no browser needed).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_SIDE, MAX_VIEWER_CELLS, WALL_CYCLE } from '../src/settings.js';

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');

describe('viewer size limits', () => {
  it('docs/viewer.md gives the side and cell limits of settings.ts', () => {
    expect(read('docs/viewer.md')).toContain(`Width and height (1..${MAX_SIDE}, at most ${MAX_VIEWER_CELLS.toLocaleString('en')} cells)`);
  });

  it("the README's square limit is the cell limit", () => {
    const side = Math.sqrt(MAX_VIEWER_CELLS);
    expect(read('README.md')).toMatch(new RegExp(`up to ${side}x${side}\\s+cells`));
  });

  it("index.html's width and height inputs stop at the side limit", () => {
    const html = read('packages/viewer/index.html');
    for (const id of ['width', 'height']) expect(html).toMatch(new RegExp(`id="${id}"[^>]*min="1" max="${MAX_SIDE}"`));
  });
});

describe('docs/viewer.md keys', () => {
  it("key 3's colours are WALL_CYCLE, in order", () => {
    expect(read('docs/viewer.md')).toContain(
      `| \`3\` | next wall colour (${WALL_CYCLE.join(', ')}; a colour under 3:1 on the background or equal to another role's is skipped) |`,
    );
  });
});
