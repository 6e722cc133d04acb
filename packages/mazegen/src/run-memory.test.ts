import { describe, expect, it } from 'vitest';
import { createTopology } from './grid/create.js';
import { PolarTopology } from './grid/polar.js';
import { GRID_KINDS, type GridKind } from './grid/topology.js';
import { OptionError } from './errors.js';
import { MAX_CELLS } from './maze.js';
import { GENERATORS, SOLVERS } from './registry.js';
import {
  ANALYSIS_BYTES_PER_CELL,
  estimateRunMemory,
  gridCellCount,
  PATH_BYTES_PER_CELL,
  type RunMemoryOptions,
  type RunOutput,
} from './run-memory.js';

/** A grid of about `cells` cells of each kind (polar: rings around a first ring of 6). */
function sized(grid: GridKind, side: number): RunMemoryOptions {
  return grid === 'polar' ? { grid, width: 6, height: side } : { grid, width: side, height: side };
}

const phase = (options: RunMemoryOptions, name: string) => estimateRunMemory(options).phases.find((p) => p.phase === name)!.bytes;

describe('estimateRunMemory', () => {
  it('gives every registry generator and solver a figure on every grid it works on, and uses it', () => {
    for (const grid of GRID_KINDS) {
      for (const wrap of grid === 'square' ? (['none', 'xy'] as const) : (['none'] as const)) {
        const squareKernels = grid === 'square' && wrap === 'none';
        for (const g of GENERATORS.filter((a) => a.grids.includes(grid) && (wrap === 'none' || a.wraps))) {
          const figure = squareKernels ? g.scratchBytesPerCell : g.gridScratchBytesPerCell;
          expect(figure, `${g.name} on ${grid} ${wrap}`).toBeTypeOf('number');
          expect(figure! > 0 && figure! <= 64, `${g.name} on ${grid} ${wrap}`).toBe(true);
          if (!squareKernels)
            expect(g.generic !== undefined || g.kernels.some((k) => k.grids.includes(grid)), `${g.name} on ${grid}`).toBe(true);
          const options = { ...sized(grid, 200), wrap, generator: g.name };
          const need = estimateRunMemory(options);
          const words = need.cells * createTopology({ ...options }).wordBytes;
          // The generate phase is the words and the generator's own arrays (perfect: no braid, no endpoint search).
          expect(phase(options, 'generate'), `${g.name} on ${grid} ${wrap}`).toBe(words + need.cells * figure!);
        }
        for (const s of SOLVERS.filter((a) => a.grids.includes(grid))) {
          const figure = squareKernels ? s.scratchBytesPerCell : s.gridScratchBytesPerCell;
          expect(Number.isInteger(figure) && figure >= 0 && figure <= 64, `${s.name} on ${grid}`).toBe(true);
          const options = { ...sized(grid, 200), wrap, solver: s.name, perfect: false };
          const need = estimateRunMemory(options);
          const words = need.cells * createTopology({ ...options }).wordBytes;
          expect(phase(options, 'solve'), `${s.name} on ${grid} ${wrap}`).toBe(words + need.cells * (figure + PATH_BYTES_PER_CELL));
        }
      }
    }
  });

  it('grows in proportion to the cells, on every grid and for every output', () => {
    const outputs: RunOutput[] = [
      { format: 'graph', whole: true },
      { format: 'svg', whole: true },
      { format: 'png', pictureSide: 8192 },
      { format: 'pdf' },
      { format: 'none' },
    ];
    for (const grid of GRID_KINDS) {
      for (const output of outputs) {
        const small = estimateRunMemory({ ...sized(grid, 300), output });
        const large = estimateRunMemory({ ...sized(grid, 600), output });
        expect(large.cells, grid).toBeGreaterThan(3 * small.cells);
        expect(large.peak, `${grid} ${output.format}`).toBeGreaterThan(small.peak);
        // Per cell, never less than the words and a path: nothing is free.
        expect(large.peak / large.cells, `${grid} ${output.format}`).toBeGreaterThan(PATH_BYTES_PER_CELL);
      }
    }
  });

  it("keeps the plain square maze's figures: the maze's byte, the algorithms' own, the path, the hex file", () => {
    const cells = 1000 * 1000;
    const need = estimateRunMemory({ width: 1000, height: 1000, generator: 'Kruskal', solver: 'BFS', treePath: true, analysis: true });
    expect(need.phases.map((p) => [p.phase, p.bytes])).toEqual([
      ['generate', cells * (1 + 6)],
      ['solve', cells * (1 + 4 + PATH_BYTES_PER_CELL)],
      ['write', cells * (1 + PATH_BYTES_PER_CELL) + 1001 * 1000],
      ['analyse', cells * (1 + PATH_BYTES_PER_CELL + ANALYSIS_BYTES_PER_CELL)],
    ]);
    // The path's letters are the only heap.
    expect(need.heap).toBe(cells);
    expect(need.text).toBe(0);
  });

  it('counts a mask: the regions labelled (the square kernels work on the maze itself, no copy)', () => {
    const plain = estimateRunMemory({ width: 500, height: 500, generator: 'AldousBroder' });
    const masked = estimateRunMemory({ width: 500, height: 500, generator: 'AldousBroder', masked: true, maskCells: 250_000 });
    // The maze (a byte a cell) and the mask (a byte a cell) on top of the larger of the generator's 1 and the labels' 8.
    expect(phase({ width: 500, height: 500, generator: 'AldousBroder', masked: true, maskCells: 250_000 }, 'generate')).toBe(
      250_000 * (1 + 1 + 8),
    );
    expect(masked.peak).toBeGreaterThanOrEqual(plain.peak);
    expect(phase({ width: 500, height: 500, generator: 'AldousBroder', masked: true, maskCells: 250_000 }, 'generate')).toBeGreaterThan(
      phase({ width: 500, height: 500, generator: 'AldousBroder' }, 'generate'),
    );
  });

  it('takes the topology word: two bytes a cell on a polar grid of wide cells', () => {
    const narrow = createTopology({ grid: 'polar', width: 6, height: 50 });
    const wide = createTopology({ grid: 'polar', width: 12, height: 50 });
    expect([narrow.wordBytes, wide.wordBytes]).toEqual([1, 2]);
    const need = estimateRunMemory({ grid: 'polar', width: 12, height: 50, generator: 'Prim' });
    expect(phase({ grid: 'polar', width: 12, height: 50, generator: 'Prim' }, 'generate')).toBe(need.cells * (2 + 5));
  });

  it('counts braiding, the endpoint rules, LEVEL and the analysis', () => {
    const base = { grid: 'hex', width: 300, height: 300 } as const;
    const generate = (extra: Partial<RunMemoryOptions>) => phase({ ...base, ...extra }, 'generate');
    expect(generate({ perfect: false })).toBeGreaterThan(generate({}));
    expect(generate({ endpoints: 'hardest' })).toBeGreaterThan(generate({ endpoints: 'farthest' }));
    expect(generate({ endpoints: 'farthest' })).toBeGreaterThan(generate({}));
    expect(generate({ level: true })).toBeGreaterThan(generate({}));
    expect(estimateRunMemory({ ...base, perfect: false }).heap).toBeGreaterThan(estimateRunMemory(base).heap);
    expect(estimateRunMemory({ ...base, analysis: true }).phases.map((p) => p.phase)).toContain('analyse');
  });

  it('weighs the outputs: text built whole on the heap and as characters, a PDF per maze on the sheet', () => {
    const graph = estimateRunMemory({ grid: 'hex', width: 100, height: 100, output: { format: 'graph', whole: true } });
    const chunked = estimateRunMemory({ grid: 'hex', width: 100, height: 100, output: { format: 'ascii' } });
    expect(graph.heap).toBeGreaterThan(1000 * graph.cells);
    expect(graph.text).toBeGreaterThan(100 * graph.cells);
    expect(chunked.text).toBe(0);
    const one = phase({ width: 100, height: 100, output: { format: 'pdf', mazes: 1 } }, 'write');
    const four = phase({ width: 100, height: 100, output: { format: 'pdf', mazes: 4 } }, 'write');
    expect(four).toBeGreaterThan(3 * (one - 64 * 2 ** 20));
    // A PNG's rows are held, not the picture: 10000 times the pixels cost more, by about 100 MiB (the bands waiting to be collected).
    const small = phase({ width: 100, height: 100, output: { format: 'png', cellSize: 4 } }, 'write');
    const large = phase({ width: 100, height: 100, output: { format: 'png', cellSize: 400 } }, 'write');
    expect(large).toBeGreaterThan(small);
    expect(large - small).toBeLessThan(110 * 2 ** 20);
  });

  it('counts a grid past MAX_CELLS without making it, and weighs nothing else', () => {
    const need = estimateRunMemory({ grid: 'polar', width: 15, height: 100_000 });
    expect(need.cells).toBeGreaterThan(MAX_CELLS);
    expect(need.peak).toBe(Infinity);
    expect(estimateRunMemory({ grid: 'hex', width: 50_000, height: 50_000 }).cells).toBe(2.5e9);
  });
});

describe('gridCellCount', () => {
  it('is the topology size, on every grid', () => {
    for (const [grid, width, height] of [
      ['square', 7, 9],
      ['hex', 31, 17],
      ['triangle', 12, 5],
      ['polar', 6, 1],
      ['polar', 3, 40],
      ['polar', 6, 300],
      ['polar', 15, 120],
    ] as const) {
      expect(gridCellCount(grid, width, height), `${grid} ${width}x${height}`).toBe(createTopology({ grid, width, height }).size);
    }
  });

  it('passes MAX_CELLS for a polar grid too large to make, which the topology refuses in one line (it took a RangeError)', () => {
    expect(gridCellCount('polar', 15, 100_000)).toBeGreaterThan(MAX_CELLS);
    expect(gridCellCount('polar', 6, 2 ** 31 - 1)).toBeGreaterThan(MAX_CELLS);
    expect(() => new PolarTopology(15, 100_000)).toThrow(OptionError);
    expect(() => new PolarTopology(15, 100_000)).toThrow(/over 2147483647 cells, more than a maze holds; use fewer rings/);
  });
});
