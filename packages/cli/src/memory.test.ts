import { describe, expect, it } from 'vitest';
import { GENERATORS, SOLVERS } from 'mazegen';
import { TREE_PATH_BYTES_PER_CELL } from 'mazegen/internal';
import { UsageError } from './errors.js';
import {
  BASE_BYTES,
  checkFits,
  checkRunFits,
  currentLimits,
  estimateMemory,
  freeText,
  largestFitting,
  largestFittingSide,
  MemoryFitError,
  parseMemoryCap,
  runDoing,
  type MemoryLimits,
} from './memory.js';

const GB = 2 ** 30;
const roomy: MemoryLimits = { free: 24 * GB, heapFree: 4 * GB, maxBuffer: 4 * GB };

describe('estimateMemory', () => {
  it("reads each registry algorithm's own scratch figure", () => {
    for (const a of [...GENERATORS, ...SOLVERS]) {
      expect(Number.isInteger(a.scratchBytesPerCell) && a.scratchBytesPerCell >= 0 && a.scratchBytesPerCell <= 64, a.name).toBe(true);
    }
    const cells = 1000 * 1000;
    for (const s of SOLVERS) {
      const need = estimateMemory(1000, 1000, { generator: 'DFS', solver: s.name, perfect: false });
      expect(need.phases[1].bytes, s.name).toBe(BASE_BYTES + cells * (1 + s.scratchBytesPerCell + 5));
      // A perfect maze's path may come from treePath, whose stack takes up to TREE_PATH_BYTES_PER_CELL.
      const perfect = estimateMemory(1000, 1000, { generator: 'DFS', solver: s.name });
      expect(perfect.phases[1].bytes, s.name).toBe(
        BASE_BYTES + cells * (1 + Math.max(s.scratchBytesPerCell, TREE_PATH_BYTES_PER_CELL) + 5),
      );
    }
  });

  it('is linear in the cells and ranks the lean pair (DFS + BFS) below Kruskal + A*', () => {
    const small = estimateMemory(1000, 1000, { generator: 'DFS', solver: 'BFS' });
    const large = estimateMemory(2000, 2000, { generator: 'DFS', solver: 'BFS' });
    expect(large.peak - BASE_BYTES).toBeCloseTo(4 * (small.peak - BASE_BYTES), -4);
    const heavy = estimateMemory(1000, 1000, { generator: 'Kruskal', solver: 'A*' });
    expect(heavy.peak).toBeGreaterThan(small.peak);
    expect(heavy.phases.map((p) => p.phase)).toEqual(['generate', 'solve', 'write']);
  });

  it('adds the endpoint search (EXIT=farthest, ENTRY=EXIT=hardest) and the analysis of stats to the peak', () => {
    const plain = estimateMemory(1000, 1000).peak;
    const generate = (shape: Parameters<typeof estimateMemory>[2]) =>
      estimateMemory(1000, 1000, shape).phases.find((p) => p.phase === 'generate')!.bytes;
    expect(generate({ endpoints: 'farthest' })).toBeGreaterThan(generate({}));
    expect(generate({ endpoints: 'hardest' })).toBeGreaterThan(generate({ endpoints: 'farthest' }));
    expect(estimateMemory(1000, 1000, { endpoints: 'hardest' }).peak).toBeGreaterThan(plain);
    const analysed = estimateMemory(1000, 1000, { analysis: true });
    expect(analysed.phases.map((p) => p.phase)).toContain('analyse');
    expect(analysed.peak).toBeGreaterThan(plain + 40 * 1e6);
  });

  it('counts the whole output file unless it is written row by row', () => {
    const whole = estimateMemory(4000, 4000, { generator: 'DFS', solver: 'BFS' });
    const streamed = estimateMemory(4000, 4000, { generator: 'DFS', solver: 'BFS', streamedWrite: true });
    expect(whole.phases[2].bytes).toBeGreaterThan(streamed.phases[2].bytes);
  });
});

describe('checkFits', () => {
  it('passes a maze that fits and returns its estimate', () => {
    expect(checkFits(10_000, 10_000, { generator: 'DFS', solver: 'BFS' }, roomy).cells).toBe(1e8);
  });

  it('refuses a maze that does not fit, saying what is needed, what is free and the largest square that fits', () => {
    const tight: MemoryLimits = { free: 512 * 2 ** 20, heapFree: 4 * GB, maxBuffer: 4 * GB };
    let error: unknown;
    try {
      checkFits(20_000, 20_000, { generator: 'Kruskal', solver: 'AStar' }, tight);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MemoryFitError);
    const message = (error as Error).message;
    expect(message).toMatch(
      /WIDTH x HEIGHT = 20000x20000 is 400000000 cells, about [\d.]+ GiB of memory to make, solve and write with Kruskal and AStar/,
    );
    expect(message).toMatch(/512 MiB is free here, which fits about \d+ cells/);
    const side = Number(/for example (\d+)x\1/.exec(message)![1]);
    expect(side).toBeGreaterThan(1000);
    // The square it names fits, and a clearly larger one does not.
    expect(() => checkFits(side, side, { generator: 'Kruskal', solver: 'AStar' }, tight)).not.toThrow();
    expect(() => checkFits(side + 100, side + 100, { generator: 'Kruskal', solver: 'AStar' }, tight)).toThrow(MemoryFitError);
  });

  it('refuses more cells than a maze can hold, whatever the memory', () => {
    expect(() => checkFits(100_000, 100_000, {}, { free: 2 ** 50, heapFree: 2 ** 50, maxBuffer: 2 ** 50 })).toThrow(
      /at most 2147483647 cells/,
    );
  });

  it('lets a leaner generator fit more', () => {
    const limits: MemoryLimits = { free: GB, heapFree: 4 * GB, maxBuffer: 4 * GB };
    // Sidewinder's forest repair needs more than BFS's solve phase, so the generator decides.
    expect(largestFitting({ generator: 'DFS', solver: 'BFS' }, limits)).toBeGreaterThan(
      largestFitting({ generator: 'Sidewinder', solver: 'BFS' }, limits),
    );
  });
});

describe('parseMemoryCap (AMAZEING_MAX_MEMORY)', () => {
  it('reads bytes with an optional binary unit, in any case', () => {
    expect(parseMemoryCap(undefined)).toBeUndefined();
    expect(parseMemoryCap('  ')).toBeUndefined();
    expect(parseMemoryCap('1000000')).toBe(1_000_000);
    expect(parseMemoryCap('512MiB')).toBe(512 * 2 ** 20);
    expect(parseMemoryCap('1.5g')).toBe(1.5 * GB);
    expect(parseMemoryCap(' 2 GB ')).toBe(2 * GB);
    expect(parseMemoryCap('64k')).toBe(64 * 1024);
  });

  it('refuses anything else in one line that names the variable', () => {
    for (const bad of ['lots', '-1G', '0', '2 GiBs', '1e9', 'G']) {
      expect(() => parseMemoryCap(bad), bad).toThrow(UsageError);
      expect(() => parseMemoryCap(bad), bad).toThrow(/^AMAZEING_MAX_MEMORY must be a size such as 2G, 512MiB or 1000000 \(bytes\), got '/);
    }
  });

  it('caps what checkFits counts as free, and the refusal says it is the cap', () => {
    const capped: MemoryLimits = { ...roomy, free: GB, cappedBy: 'AMAZEING_MAX_MEMORY' };
    expect(() => checkFits(20000, 20000, { generator: 'DFS', solver: 'BFS' }, capped)).toThrow(
      /1 GiB is allowed \(AMAZEING_MAX_MEMORY\), which fits about \d+ cells/,
    );
    expect(checkFits(2000, 2000, { generator: 'DFS', solver: 'BFS' }, capped).peak).toBeLessThan(GB);
  });
});

describe('checkRunFits on any grid', () => {
  it('refuses a grid whose export does not fit, naming what stops it and the largest side that fits', () => {
    const limits: MemoryLimits = {
      free: GB,
      heapFree: 4 * GB,
      maxBuffer: 4 * GB,
      maxString: 2 ** 29 - 24,
      cappedBy: 'AMAZEING_MAX_MEMORY',
    };
    const options = { grid: 'hex', width: 2000, height: 2000, output: { format: 'graph', whole: true } } as const;
    let message = '';
    try {
      checkRunFits(options, { size: 'GRID=hex, WIDTH x HEIGHT = 2000x2000', doing: runDoing(options) }, limits);
    } catch (error) {
      expect(error).toBeInstanceOf(MemoryFitError);
      message = (error as Error).message;
    }
    expect(message).toMatch(
      /^GRID=hex, WIDTH x HEIGHT = 2000x2000 is 4000000 cells, about [\d.]+ GiB of memory to make, solve and write as graph JSON with DFS and AStar; 1 GiB is allowed \(AMAZEING_MAX_MEMORY\); its graph JSON may need [\d.]+ GiB of JavaScript heap and 4 GiB is left .*; its graph JSON would be about \d+ characters and a string holds at most 536870888 here, which fits about \d+ cells \(for example (\d+)x\1\)$/,
    );
    const side = Number(/for example (\d+)x/.exec(message)![1]);
    expect(() => checkRunFits({ ...options, width: side, height: side }, { size: '', doing: '' }, limits)).not.toThrow();
    expect(() => checkRunFits({ ...options, width: side + 10, height: side + 10 }, { size: '', doing: '' }, limits)).toThrow(
      MemoryFitError,
    );
  });

  it('names rings on the polar grid, and a grid past MAX_CELLS by its cells alone', () => {
    expect(largestFittingSide({ grid: 'polar', width: 6, height: 1 }, roomy)).toBeGreaterThan(10_000);
    expect(() => checkRunFits({ grid: 'polar', width: 15, height: 100_000 }, { size: 'GRID=polar', doing: 'make' }, roomy)).toThrow(
      /^GRID=polar is over 2147483647 cells; a maze holds at most 2147483647 cells; about \d+ cells fit here \(for example HEIGHT=\d+ rings\)$/,
    );
  });

  it('lets a lean solver fit more than a heavy one on the same grid', () => {
    const limits: MemoryLimits = { free: GB, heapFree: 4 * GB, maxBuffer: 4 * GB };
    const lean = largestFittingSide({ grid: 'triangle', width: 1, height: 1, solver: 'DFS', output: { format: 'none' } }, limits);
    const heavy = largestFittingSide(
      { grid: 'triangle', width: 1, height: 1, solver: 'BidirectionalBFS', output: { format: 'none' } },
      limits,
    );
    expect(lean).toBeGreaterThan(heavy);
  });
});

describe('freeText', () => {
  it('says the cap, or the free memory less the margin left to the rest of the machine, and names AMAZEING_MAX_MEMORY', () => {
    expect(freeText({ ...roomy, free: GB, cappedBy: 'AMAZEING_MAX_MEMORY' })).toBe('1 GiB is allowed (AMAZEING_MAX_MEMORY)');
    expect(freeText({ ...roomy, free: 9 * GB, margin: GB })).toBe(
      '9 GiB may be used here (10 GiB is free, less a tenth left to the rest of the machine; AMAZEING_MAX_MEMORY can set a lower cap)',
    );
  });

  it('currentLimits leaves a tenth of the free memory, and a cap under that is the limit', () => {
    const saved = process.env.AMAZEING_MAX_MEMORY;
    try {
      delete process.env.AMAZEING_MAX_MEMORY;
      const machine = currentLimits();
      expect(machine.margin).toBeGreaterThan(0);
      expect(machine.margin! / (machine.free + machine.margin!)).toBeCloseTo(0.1, 2);
      process.env.AMAZEING_MAX_MEMORY = '100MiB';
      expect(currentLimits()).toMatchObject({ free: 100 * 2 ** 20, cappedBy: 'AMAZEING_MAX_MEMORY', margin: undefined });
    } finally {
      if (saved === undefined) delete process.env.AMAZEING_MAX_MEMORY;
      else process.env.AMAZEING_MAX_MEMORY = saved;
    }
  });
});
