import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTopology, HexTopology, OptionError, PolarTopology, SquareTopology, TriangleTopology, type Topology } from 'mazegen';
import { cellLabel, coordinatePair, resolveGridKind, resolveWrap } from 'mazegen/internal';
import { gridDistances, TOPOLOGY_SPECS } from '../support/grid.js';
import { thrown } from '../support/thrown.js';

const name = (t: Topology) => `${t.kind} ${t.width}x${t.height} wrap ${t.wrap}`;

describe('every topology', () => {
  for (const spec of TOPOLOGY_SPECS) {
    const t = createTopology(spec);
    it(`${name(t)}: neighbours agree with neighbour(), back slots lead back, each pair meets once`, () => {
      const around = new Int32Array(t.maxDegree);
      const edgeIds = new Map<number, string>();
      for (let cell = 0; cell < t.size; cell++) {
        const degree = t.neighbours(cell, around);
        expect(degree).toBe(t.degree(cell));
        expect(degree).toBeLessThanOrEqual(t.maxDegree);
        const seen = new Set<number>();
        for (let s = 0; s < degree; s++) {
          const next = around[s];
          expect(next).toBe(t.neighbour(cell, s));
          if (next < 0) continue;
          expect(next).not.toBe(cell);
          expect(seen.has(next), `cell ${cell} meets ${next} twice`).toBe(false);
          seen.add(next);
          const back = t.backSlot(cell, s);
          expect(t.neighbour(next, back)).toBe(cell);
          expect(t.backSlot(next, back)).toBe(s);
          const id = t.edgeId(cell, s);
          expect(t.edgeId(next, back)).toBe(id);
          expect(t.edgeIdTo(cell, s, next)).toBe(id);
          expect(t.edgeIdTo(next, back, cell)).toBe(id);
          expect(id).toBeGreaterThanOrEqual(0);
          expect(id).toBeLessThan(t.edgeIdBound);
          const pair = `${Math.min(cell, next)}-${Math.max(cell, next)}`;
          expect(edgeIds.get(id) ?? pair, `edge id ${id} names two walls`).toBe(pair);
          edgeIds.set(id, pair);
        }
      }
    });

    it(`${name(t)}: distance is a lower bound on the moves (admissible), 0 only on the cell itself`, () => {
      for (const start of [0, t.size - 1, Math.floor(t.size / 2)]) {
        const moves = gridDistances(t, start);
        for (let cell = 0; cell < t.size; cell++) {
          expect(moves[cell]).toBeGreaterThanOrEqual(0); // the grid is connected
          expect(t.distance(start, cell)).toBeLessThanOrEqual(moves[cell]);
          expect(t.distance(cell, start)).toBe(t.distance(start, cell));
        }
      }
    });

    it(`${name(t)}: coordinates and cellAt are inverse, centres lie inside the extent and apart`, () => {
      const centres = new Set<string>();
      for (let cell = 0; cell < t.size; cell++) {
        const c = t.coordinates(cell);
        expect('col' in c ? t.cellAt(c.col, c.row) : t.cellAt(c.index, c.ring)).toBe(cell);
        const p = t.centre(cell);
        expect(p.x).toBeGreaterThan(0);
        expect(p.y).toBeGreaterThan(0);
        expect(p.x).toBeLessThan(t.extent.width);
        expect(p.y).toBeLessThan(t.extent.height);
        centres.add(`${p.x.toFixed(6)},${p.y.toFixed(6)}`);
        expect(t.corners(cell)).toHaveLength(t.degree(cell));
      }
      expect(centres.size).toBe(t.size);
      expect(t.cellAt(-1, 0)).toBe(-1);
      expect(t.cellAt(0, t.kind === 'polar' ? t.height + 1 : t.height)).toBe(-1);
    });

    it(`${name(t)}: two neighbours share the corners of their wall`, () => {
      const key = (p: { x: number; y: number }) => `${p.x.toFixed(6)},${p.y.toFixed(6)}`;
      for (let cell = 0; cell < t.size; cell++) {
        const corners = t.corners(cell);
        for (let s = 0; s < t.degree(cell); s++) {
          const next = t.neighbour(cell, s);
          if (next < 0 || t.wrap !== 'none') continue; // a wrapped wall is drawn on both edges
          const wall = [key(corners[s]), key(corners[(s + 1) % corners.length])].sort();
          const back = t.backSlot(cell, s);
          const other = t.corners(next);
          const seenFromNext = [key(other[back]), key(other[(back + 1) % other.length])].sort();
          expect(seenFromNext, `${name(t)} cell ${cell} slot ${s}`).toEqual(wall);
        }
      }
    });
  }
});

describe('SquareTopology', () => {
  it('numbers its slots N, E, S, W so that the wall bits are the hex file bits 1, 2, 4, 8', () => {
    const t = new SquareTopology(4, 3);
    const cell = t.cellAt(1, 1);
    expect([0, 1, 2, 3].map((s) => t.neighbour(cell, s))).toEqual([1, 6, 9, 4]);
    expect(t.blockedBit).toBe(16);
    expect(t.edgeId(cell, 1)).toBe(cell * 2);
    expect(t.edgeId(cell, 2)).toBe(cell * 2 + 1);
  });

  it('joins opposite edges when wrapped, and measures distance the short way round', () => {
    const t = new SquareTopology(5, 4, 'xy');
    expect(t.neighbour(0, 3)).toBe(4);
    expect(t.neighbour(0, 0)).toBe(15);
    expect(t.distance(0, 19)).toBe(2);
    expect(new SquareTopology(5, 4, 'x').neighbour(0, 0)).toBe(-1);
  });
});

describe('HexTopology', () => {
  it('finds the diagonal neighbours a row up in an even column and in the same row in an odd one', () => {
    const t = new HexTopology(5, 5);
    const even = t.cellAt(2, 2);
    expect([0, 1, 2, 3, 4, 5].map((s) => t.coordinates(t.neighbour(even, s)))).toEqual([
      { col: 2, row: 1 },
      { col: 3, row: 1 },
      { col: 3, row: 2 },
      { col: 2, row: 3 },
      { col: 1, row: 2 },
      { col: 1, row: 1 },
    ]);
    const odd = t.cellAt(1, 2);
    expect([1, 2, 4, 5].map((s) => t.coordinates(t.neighbour(odd, s)))).toEqual([
      { col: 2, row: 2 },
      { col: 2, row: 3 },
      { col: 0, row: 3 },
      { col: 0, row: 2 },
    ]);
    expect(t.distance(t.cellAt(0, 0), t.cellAt(4, 0))).toBe(4);
  });

  it('refuses wrap x on an odd width, in one line', () => {
    expect(thrown(OptionError, () => new HexTopology(5, 4, 'x')).message).toBe(
      'WRAP=x on the hex grid needs an even WIDTH of at least 4 (odd columns sit half a row lower), got 5',
    );
  });
});

describe('TriangleTopology', () => {
  it('points (col + row) even cells up, with a south neighbour, and the others down, with a north one', () => {
    const t = new TriangleTopology(4, 3);
    expect(t.isUp(t.cellAt(0, 0))).toBe(true);
    expect(t.isUp(t.cellAt(1, 0))).toBe(false);
    expect(t.neighbour(t.cellAt(0, 0), 2)).toBe(t.cellAt(0, 1));
    expect(t.neighbour(t.cellAt(1, 2), 1)).toBe(t.cellAt(1, 1));
    expect(t.neighbour(t.cellAt(1, 0), 1)).toBe(-1);
  });

  it('refuses a width of 1 with rows below (its rows would not touch)', () => {
    expect(thrown(OptionError, () => new TriangleTopology(1, 3)).message).toBe(
      'the triangle grid needs a WIDTH of at least 2 when HEIGHT is more than 1 (one triangle a row meets no row below it), got 1x3',
    );
    expect(new TriangleTopology(1, 1).size).toBe(1);
  });
});

describe('PolarTopology', () => {
  it('subdivides rings so that each count is a multiple of the one inside it', () => {
    const t = new PolarTopology(6, 8);
    expect([...t.ringCount]).toEqual([1, 6, 12, 24, 24, 24, 48, 48, 48]);
    expect(t.size).toBe(1 + 6 + 12 + 72 + 144);
    expect(t.maxDegree).toBe(6);
    expect(t.wordBytes).toBe(1);
    for (let r = 2; r <= 8; r++) expect(t.ringCount[r] % t.ringCount[r - 1]).toBe(0);
  });

  it('gives the centre one slot per first-ring cell, and a ring cell its inward cell at index div ratio', () => {
    const t = new PolarTopology(6, 3);
    expect(t.degree(0)).toBe(6);
    expect(t.neighbour(0, 4)).toBe(t.cellAt(4, 1));
    const cell = t.cellAt(5, 2);
    expect(t.neighbour(cell, 0)).toBe(t.cellAt(2, 1));
    expect(t.neighbour(cell, 1)).toBe(t.cellAt(4, 2));
    expect(t.neighbour(cell, t.degree(cell) - 1)).toBe(t.cellAt(6, 2));
    // The outer ring's one outward slot is the border.
    expect(t.neighbour(t.cellAt(0, 3), 2)).toBe(-1);
  });

  it('takes 16-bit words when a cell has more than 7 walls', () => {
    const t = new PolarTopology(12, 3);
    expect(t.maxDegree).toBe(12);
    expect(t.wordBytes).toBe(2);
    expect(thrown(OptionError, () => new PolarTopology(2, 3)).message).toMatch(/at least 3, got 2/);
    expect(thrown(OptionError, () => new PolarTopology(16, 3)).message).toMatch(/at most 15/);
  });
});

describe('grid and wrap names', () => {
  it('takes the aliases and refuses others in one line', () => {
    expect(['sigma', 'Hexagonal', 'delta', 'triangular', 'theta', 'circular', 'SQUARE'].map(resolveGridKind)).toEqual([
      'hex',
      'hex',
      'triangle',
      'triangle',
      'polar',
      'polar',
      'square',
    ]);
    expect(thrown(OptionError, () => resolveGridKind('octagon')).message).toMatch(/^GRID must be one of square, .*, got 'octagon'$/);
    expect(resolveWrap('YX')).toBe('xy');
    expect(thrown(OptionError, () => resolveWrap('z')).message).toBe("WRAP must be one of none, x, y, xy, got 'z'");
    expect(thrown(OptionError, () => createTopology({ grid: 'triangle', width: 4, height: 4, wrap: 'x' })).message).toMatch(/no wrap/);
  });
});

describe('coordinatePair and cellLabel', () => {
  it('give the pair cellAt takes back, on every grid and wrap, and the text messages name', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('square', 'hex', 'triangle', 'polar'),
        fc.integer({ min: 3, max: 8 }),
        fc.integer({ min: 1, max: 6 }),
        fc.nat(1),
        (grid, width, height, base) => {
          const t = createTopology({ grid, width, height, wrap: 'none' });
          for (let cell = 0; cell < t.size; cell++) {
            const [first, second] = coordinatePair(t, cell);
            expect(t.cellAt(first, second)).toBe(cell);
            expect(cellLabel(t, cell, base)).toBe(`(${first + base},${second + base})`);
          }
        },
      ),
    );
    const polar = createTopology({ grid: 'polar', width: 6, height: 2, wrap: 'none' });
    expect(cellLabel(polar, 0)).toBe('(0,0)');
    expect(cellLabel(createTopology({ grid: 'hex', width: 4, height: 3, wrap: 'none' }), 5)).toBe('(1,1)');
  });
});
