import { describe, expect, it } from 'vitest';
import { GENERATORS, Maze, Step, createRng, type StepKind } from 'mazegen';
import { placePattern } from 'mazegen';

/**
 * Step traces: for every generator (and variant), replaying its Carve and Wall steps on
 * a fresh maze (all walls closed, the 42 pattern placed) gives exactly the final maze,
 * and the maze is the same with and without a reporter. Recursive Division also opens
 * the field first, as Carve steps, so the same replay works for it.
 */

const VARIANTS: Record<string, (string | undefined)[]> = {
  GrowingTree: ['newest', 'random', 'oldest', 'mix', 'oldest:0.3'],
  BinaryTree: ['NE', 'NW', 'SE', 'SW'],
};

const CASES: { width: number; height: number; pattern: boolean; start: number }[] = [
  { width: 1, height: 1, pattern: false, start: 0 },
  { width: 1, height: 6, pattern: false, start: 3 },
  { width: 6, height: 1, pattern: false, start: 5 },
  { width: 9, height: 7, pattern: true, start: 0 },
  { width: 21, height: 14, pattern: true, start: 200 },
  { width: 16, height: 16, pattern: false, start: 17 },
];

function fresh(width: number, height: number, pattern: boolean): Maze {
  const maze = new Maze(width, height);
  if (pattern) placePattern(maze);
  return maze;
}

describe.each(GENERATORS.map((g) => [g.name, g] as const))('%s steps', (_name, generator) => {
  it('replays to the final maze, and the reporter changes nothing', () => {
    for (const variant of VARIANTS[generator.name] ?? [undefined]) {
      for (const { width, height, pattern, start } of CASES) {
        for (const seed of ['s1', 's2']) {
          const options = { start, difficulty: 3, variant };
          const plain = fresh(width, height, pattern);
          generator.generate(plain, createRng(seed), options);

          const traced = fresh(width, height, pattern);
          const steps: [StepKind, number, number][] = [];
          generator.generate(traced, createRng(seed), options, (kind, cell, dir) => steps.push([kind, cell, dir]));
          const where = `${width}x${height} seed ${seed} variant ${variant ?? '(default)'}`;
          expect(traced.equals(plain), where).toBe(true);

          const replay = fresh(width, height, pattern);
          let carves = 0;
          for (const [kind, cell, dir] of steps) {
            expect(cell >= 0 && cell < replay.size, where).toBe(true);
            if (kind === Step.Carve) {
              // A carve opens a wall that is closed at that moment, between two free cells.
              expect(replay.hasWall(cell, dir), `${where}: carve of an open wall`).toBe(true);
              const other = replay.neighbor(cell, dir);
              expect(
                other >= 0 && !replay.isBlocked(cell) && !replay.isBlocked(other),
                `${where}: carve into the border or the pattern`,
              ).toBe(true);
              replay.carvePassage(cell, dir);
              carves++;
            } else if (kind === Step.Wall) {
              expect(replay.hasWall(cell, dir), `${where}: wall built twice`).toBe(false);
              replay.buildWall(cell, dir);
            }
          }
          expect(replay.equals(plain), where).toBe(true);
          if (generator.name !== 'RecursiveDivision') expect(carves, where).toBe(plain.countPassages());
        }
      }
    }
  });
});
