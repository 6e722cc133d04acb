import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateMaze } from './generate.js';
import { shortestPath } from './solve.js';
import { EAST, Maze, NORTH, SOUTH, WEST } from './maze.js';
import { PlayGame, mazeOfTheDayShareLine, playOptimality, playSummary } from './play.js';

/**
 * A 4x3 maze drawn by hand:
 *   (0,0)-(1,0)-(2,0)-(3,0)     a corridor along the top, a junction at (1,0)
 *          |
 *   (0,1)-(1,1)  (2,1)-(3,1)    (2,1)-(3,1) hang off (3,0)
 *                       |
 *   (0,2)-(1,2)-(2,2)  (3,2)    (0,2)..(2,2) joined to (0,1)? no: (0,1)-(0,2)
 */
function handMaze(): Maze {
  const m = new Maze(4, 3);
  const at = (x: number, y: number) => y * 4 + x;
  m.carvePassage(at(0, 0), EAST);
  m.carvePassage(at(1, 0), EAST);
  m.carvePassage(at(2, 0), EAST);
  m.carvePassage(at(1, 0), SOUTH);
  m.carvePassage(at(1, 1), WEST);
  m.carvePassage(at(0, 1), SOUTH);
  m.carvePassage(at(0, 2), EAST);
  m.carvePassage(at(1, 2), EAST);
  m.carvePassage(at(3, 0), SOUTH);
  m.carvePassage(at(3, 1), WEST);
  m.carvePassage(at(3, 1), SOUTH);
  return m;
}

describe('PlayGame: the rules both faces play by', () => {
  it('moves one cell through open walls, refuses walls and the border, and counts only moves made', () => {
    const game = new PlayGame(handMaze(), { x: 0, y: 0 }, { x: 3, y: 2 }, 5);
    expect(game.move(NORTH, false, 0)).toBe('wall'); // the border
    expect(game.move(SOUTH, false, 0)).toBe('wall'); // a wall
    expect(game.moves).toBe(0);
    expect(game.move(EAST, false, 1000)).toBe('moved');
    expect(game.here).toBe(1);
    expect(game.moves).toBe(1);
  });

  it('runs through a corridor and stops at a junction, a dead end, or the exit', () => {
    const game = new PlayGame(handMaze(), { x: 2, y: 0 }, { x: 3, y: 2 }, 3);
    // West from (2,0): (1,0) is a junction (west and south), so the run stops there.
    expect(game.move(WEST, true, 0)).toBe('moved');
    expect(game.here).toBe(1);
    // South from (1,0) runs (1,1) -> (0,1) -> (0,2) -> (1,2) -> (2,2), a dead end.
    expect(game.move(SOUTH, true, 0)).toBe('moved');
    expect(game.here).toBe(2 * 4 + 2);
    expect(game.moves).toBe(6);
    const back = new PlayGame(handMaze(), { x: 2, y: 0 }, { x: 3, y: 2 }, 3);
    // East runs (3,0) -> (3,1), a junction (west and south) short of the exit.
    expect(back.move(EAST, true, 0)).toBe('moved');
    expect(back.here).toBe(4 + 3);
    expect(back.move(SOUTH, true, 0)).toBe('solved');
  });

  it('undo takes back one cell at a time, even after a run, and says when it is at the start', () => {
    const game = new PlayGame(handMaze(), { x: 2, y: 0 }, { x: 3, y: 2 }, 3);
    game.move(WEST, true, 0);
    game.move(SOUTH, true, 0);
    expect(game.undo()).toBe('undone');
    expect(game.here).toBe(2 * 4 + 1);
    for (let i = 0; i < 4; i++) game.undo();
    expect(game.here).toBe(1);
    expect(game.undo()).toBe('at-start');
    expect(game.here).toBe(2);
    expect(game.undo()).toBe('at-start');
    expect(game.trail).toEqual([2]);
  });

  it('times from the first move to the exit and scores shortest / taken', () => {
    const game = new PlayGame(handMaze(), { x: 0, y: 0 }, { x: 3, y: 2 }, 5);
    expect(game.seconds(5000)).toBe(0);
    game.move(EAST, false, 10_000);
    game.move(WEST, false, 11_000); // a detour of two moves
    for (const dir of [EAST, EAST, EAST, SOUTH]) game.move(dir, false, 12_000);
    expect(game.move(SOUTH, false, 14_500)).toBe('solved');
    expect(game.move(WEST, false, 20_000)).toBe('solved'); // the game is over
    expect(game.undo()).toBe('solved');
    expect(game.score(99_000)).toEqual({ solved: true, moves: 7, shortest: 5, optimality: 71, seconds: 4.5 });
    expect(playSummary(game.score(0))).toBe('solved: 7 moves, shortest 5, optimality 71%, time 4.5 s');
    expect(mazeOfTheDayShareLine('2026-12-01', game.score(0), 'http://x/?seed=1')).toBe(
      'A-Maze-ing Maze of the Day 2026-12-01: solved in 7 moves (shortest 5, 71%) in 4.5 s http://x/?seed=1',
    );
  });

  it('scores an unsolved game 0% and says how far it got', () => {
    const game = new PlayGame(handMaze(), { x: 0, y: 0 }, { x: 3, y: 2 }, 5);
    game.move(EAST, false, 0);
    expect(game.score(2000)).toEqual({ solved: false, moves: 1, shortest: 5, optimality: 0, seconds: 2 });
    expect(playSummary(game.score(2000))).toBe('left after 1 move and 2.0 s (the shortest way is 5 moves)');
    expect(playOptimality(5, 0)).toBe(0);
  });

  it('walking the solver path reaches the exit with optimality 100%, and a run never passes a junction (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 12 }), fc.integer({ min: 2, max: 12 }), fc.integer(), (w, h, seed) => {
        const g = generateMaze({ width: w, height: h, seed, pattern: 'none', entry: { x: 0, y: 0 }, exit: { x: w - 1, y: h - 1 } });
        const path = shortestPath(g.maze, g.entry, g.exit).cells;
        const game = new PlayGame(g.maze, g.entry, g.exit, path.length - 1);
        for (let i = 1; i < path.length; i++) {
          const d = path[i] - path[i - 1];
          const dir = d === 1 ? EAST : d === -1 ? WEST : d === w ? SOUTH : NORTH;
          expect(game.move(dir, false, i)).toBe(i === path.length - 1 ? 'solved' : 'moved');
        }
        expect(game.score(0).optimality).toBe(100);
        // Every stop of a run from the entry is a junction, a dead end or the exit.
        const runner = new PlayGame(g.maze, g.entry, g.exit, path.length - 1);
        const first = runner.openings(runner.here)[0];
        runner.move(first, true, 0);
        expect(runner.solved || runner.openings(runner.here).length !== 2).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});
