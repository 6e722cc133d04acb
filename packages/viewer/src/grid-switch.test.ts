import { describe, expect, it } from 'vitest';
import { fitGrid, type GridMemory } from './grid-switch.js';
import { DEFAULT_SETTINGS, endInside, type Settings } from './settings.js';

/** What the panel hands update() when only the grid menu changed: the same size and ends, another grid. */
function switchTo(s: Settings, grid: Settings['grid'], memory: GridMemory): Settings {
  return fitGrid(s, { ...s, grid }, memory);
}

describe('fitGrid: switching grids leaves ends that fit the new grid', () => {
  const square: Settings = { ...DEFAULT_SETTINGS, width: 14, height: 10, entry: { x: 3, y: 4 }, exit: { x: 10, y: 7 } };

  it('Square -> Polar -> Square: the polar grid starts at its own size and ends, the square one gets its size and ends back', () => {
    const memory: GridMemory = {};
    const polar = switchTo(square, 'polar', memory);
    expect([polar.width, polar.height, polar.entry, polar.exit]).toEqual([6, 10, 'centre', 'outer']);
    const back = switchTo(polar, 'square', memory);
    expect([back.width, back.height, back.entry, back.exit]).toEqual([14, 10, { x: 3, y: 4 }, { x: 10, y: 7 }]);
  });

  it('Square -> Hex -> Square: the hex grid keeps the size with its corners as ends; back on the square its own ends', () => {
    const memory: GridMemory = {};
    const hex = switchTo(square, 'hex', memory);
    expect([hex.width, hex.height, hex.entry, hex.exit]).toEqual([14, 10, { x: 0, y: 0 }, { x: 13, y: 9 }]);
    const back = switchTo(hex, 'square', memory);
    expect([back.entry, back.exit]).toEqual([
      { x: 3, y: 4 },
      { x: 10, y: 7 },
    ]);
  });

  it('a grid first met after the polar one takes the defaults, never the polar ends', () => {
    const memory: GridMemory = {};
    const polar = switchTo(DEFAULT_SETTINGS, 'polar', memory);
    for (const grid of ['square', 'hex', 'triangle'] as const) {
      const next = switchTo(polar, grid, grid === 'square' ? memory : {});
      expect(endInside(next, next.entry) && endInside(next, next.exit), grid).toBe(true);
      expect([next.entry, next.exit], grid).not.toContain('centre');
    }
  });

  it('every grid after every other has ends inside it, whatever was remembered', () => {
    const memory: GridMemory = {};
    let s: Settings = square;
    for (const grid of ['polar', 'hex', 'triangle', 'square', 'triangle', 'polar', 'hex', 'polar', 'square'] as const) {
      s = switchTo(s, grid, memory);
      expect(s.grid).toBe(grid);
      expect(endInside(s, s.entry) && endInside(s, s.exit), `${grid}: ${JSON.stringify([s.entry, s.exit])}`).toBe(true);
    }
    expect([s.width, s.height, s.entry, s.exit]).toEqual([14, 10, { x: 3, y: 4 }, { x: 10, y: 7 }]);
  });

  it('a size given with the grid change (a text mask sets its own) is kept, not replaced by a remembered one', () => {
    const memory: GridMemory = {};
    const masked = fitGrid(square, { ...square, mask: '...\n.#.\n...', width: 3, height: 3 }, memory);
    expect([masked.width, masked.height, masked.entry, masked.exit]).toEqual([3, 3, 'top', 'bottom']);
    const cleared = fitGrid(masked, { ...masked, mask: '' }, memory);
    expect([cleared.width, cleared.height, cleared.entry, cleared.exit]).toEqual([14, 10, { x: 3, y: 4 }, { x: 10, y: 7 }]);
  });
});
