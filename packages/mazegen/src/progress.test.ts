import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { braidMaze } from './braid.js';
import { farthestFrom, hardestPair } from './endpoints.js';
import { generateMaze } from './generate.js';
import type { SquareMazeOptions } from './generate-options.js';
import { PROGRESS_EVERY, spanReporter, type ProgressPhase } from './progress.js';
import { createRng } from './rng.js';

interface Report {
  done: number;
  total: number;
  phase: ProgressPhase;
}

function recorded(options: SquareMazeOptions): { reports: Report[]; bytes: Uint8Array } {
  const reports: Report[] = [];
  const made = generateMaze({ ...options, onProgress: (done, total, phase) => reports.push({ done, total, phase }) });
  return { reports, bytes: made.maze.cells };
}

/** The phases in the order they first report. */
function phasesOf(reports: Report[]): ProgressPhase[] {
  return reports.map((r) => r.phase).filter((phase, i, all) => i === 0 || all[i - 1] !== phase);
}

/** Every phase's reports grow, stay within their total, and each phase reports once only (no phase comes back). */
function expectWellFormed(reports: Report[]): void {
  const phases = phasesOf(reports);
  expect(new Set(phases).size).toBe(phases.length);
  let last: Report | undefined;
  for (const r of reports) {
    expect(r.done).toBeGreaterThanOrEqual(0);
    expect(r.done).toBeLessThanOrEqual(r.total);
    if (last && last.phase === r.phase && last.total === r.total) expect(r.done).toBeGreaterThanOrEqual(last.done);
    last = r;
  }
}

describe('progress of making a maze', () => {
  it('never changes the maze, and every phase reports in order, growing, within its total', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 30 }),
        fc.integer({ min: 2, max: 30 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.boolean(),
        fc.constantFrom(undefined, 'farthest', 'hardest'),
        (width, height, seed, perfect, rule) => {
          const options: SquareMazeOptions = {
            width,
            height,
            seed,
            perfect,
            ...(rule && { exit: rule, ...(rule === 'hardest' && { entry: rule }) }),
          };
          const plain = generateMaze(options);
          const { reports, bytes } = recorded(options);
          expect(bytes).toEqual(plain.maze.cells);
          expectWellFormed(reports);
          const expected: ProgressPhase[] = [...(perfect ? [] : ['braid' as const]), ...(rule ? ['endpoints' as const] : [])];
          // Generation reports come first where the generator reports (generators.test covers that); braid and endpoints always report.
          const phases = phasesOf(reports);
          expect(phases.filter((p) => p !== 'generate')).toEqual(expected);
          if (phases.includes('generate')) expect(phases[0]).toBe('generate');
          for (const phase of expected) {
            const last = reports.filter((r) => r.phase === phase).at(-1)!;
            expect(last.done, phase).toBe(last.total);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('with LEVEL reports one level phase for all candidates, and keeps the same maze', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.constantFrom('easy', 'hard'), fc.boolean(), (seed, level, perfect) => {
        const options: SquareMazeOptions = { width: 12, height: 10, seed, level, perfect };
        const plain = generateMaze(options);
        const { reports, bytes } = recorded(options);
        expect(bytes).toEqual(plain.maze.cells);
        expect(phasesOf(reports)).toEqual(['level']);
        expect(new Set(reports.map((r) => r.total)).size).toBe(1);
        for (let i = 1; i < reports.length; i++) expect(reports[i].done).toBeGreaterThanOrEqual(reports[i - 1].done);
        // The candidates made: each ends its share exactly.
        const candidates = plain.level!.candidates;
        expect(reports.at(-1)!.done).toBe((reports[0].total / 10) * candidates);
      }),
      { numRuns: 20 },
    );
  });

  it('with LEVEL on another grid reports one level phase too, and keeps the same maze', () => {
    for (const grid of ['hex', 'polar'] as const) {
      const options = {
        grid,
        width: grid === 'polar' ? 6 : 12,
        height: grid === 'polar' ? 5 : 9,
        seed: 9,
        level: 'hard',
        perfect: false,
      } as const;
      const reports: Report[] = [];
      const made = generateMaze({ ...options, onProgress: (done, total, phase) => reports.push({ done, total, phase }) });
      expect(made.maze.cells, grid).toEqual(generateMaze(options).maze.cells);
      expect(phasesOf(reports), grid).toEqual(['level']);
      expect(new Set(reports.map((r) => r.total)).size, grid).toBe(1);
      for (let i = 1; i < reports.length; i++) expect(reports[i].done).toBeGreaterThanOrEqual(reports[i - 1].done);
      expect(reports.at(-1)!.done, grid).toBe((reports[0].total / 10) * made.level!.candidates);
    }
  });

  it('reports braiding of a big board many times, not once at the end', () => {
    const maze = generateMaze({ width: 1100, height: 1000, seed: 3 }).maze;
    const reports: number[] = [];
    let total = 0;
    braidMaze(maze, createRng('3', 'braid'), 100, undefined, (done, t) => {
      reports.push(done);
      total = t;
    });
    expect(total).toBe(3 * maze.size);
    // Each of the two scans reports every PROGRESS_EVERY cells, the joining every 2^14 dead ends.
    expect(reports.length).toBeGreaterThanOrEqual(2 * Math.floor(maze.size / PROGRESS_EVERY) + 5);
    expect(reports.filter((d) => d > maze.size && d < 2 * maze.size).length).toBeGreaterThan(3);
    expect(reports.at(-1)).toBe(total);
  });

  it('endpoint searches report their passes and find what they find without a reporter', () => {
    for (const perfect of [true, false]) {
      const maze = generateMaze({ width: 40, height: 30, seed: 11, perfect }).maze;
      const seen: Array<[number, number]> = [];
      const pair = hardestPair(maze, undefined, (done, total) => seen.push([done, total]));
      expect(pair).toEqual(hardestPair(maze));
      const [done, total] = seen.at(-1)!;
      expect(done).toBe(total);
      // Two sweeps of a maze's worth of units each, and a third share for the candidates on a board with loops.
      expect(total).toBe((perfect ? 2 : 3) * maze.size);
      for (let k = 1; k < seen.length; k++) expect(seen[k][0]).toBeGreaterThanOrEqual(seen[k - 1][0]);
      const far: number[] = [];
      expect(farthestFrom(maze, 0, (d) => far.push(d))).toEqual(farthestFrom(maze, 0));
      expect(far.at(-1)).toBe(maze.size);
    }
  });

  it('reports the braiding of a grid maze', () => {
    const reports: Report[] = [];
    const options = { grid: 'hex', width: 20, height: 16, seed: 5, perfect: false } as const;
    const made = generateMaze({ ...options, onProgress: (done, total, phase) => reports.push({ done, total, phase }) });
    expect(made.maze.cells).toEqual(generateMaze(options).maze.cells);
    expect(phasesOf(reports)).toContain('braid');
    expectWellFormed(reports);
  });

  it('maps a sub-task onto its span of the whole', () => {
    const seen: Array<[number, number]> = [];
    const sub = spanReporter((d, t) => seen.push([d, t]), 100, 50, 300)!;
    sub(0, 10);
    sub(5, 10);
    sub(10, 10);
    sub(20, 10); // past its total: clamped
    expect(seen).toEqual([
      [100, 300],
      [125, 300],
      [150, 300],
      [150, 300],
    ]);
    expect(spanReporter(undefined, 0, 1, 1)).toBeUndefined();
  });
});
