import { describe, expect, it } from 'vitest';
import { generateMaze } from './generate.js';
import { shortestPath } from './solve.js';
import { ALL_WALLS, BLOCKED, EAST, Maze, NORTH, SOUTH, WEST } from './maze.js';
import { patternCells, patternOrigin } from './pattern.js';
import { validate, type ValidateOptions } from './validate.js';

function perfectMaze() {
  const result = generateMaze({ width: 20, height: 15, seed: 'validate', perfect: true });
  const path = shortestPath(result.maze, result.entry, result.exit).directions;
  const options: ValidateOptions = { entry: result.entry, exit: result.exit, perfect: true, pattern: true, path };
  return { ...result, path, options };
}

function rules(maze: Maze, options: ValidateOptions): string[] {
  return validate(maze, options).map((v) => v.rule);
}

/** A closed inner wall between two free cells whose opening leaves no open 3x3. */
function closedInnerWall(maze: Maze): [number, number] {
  for (let cell = 0; cell < maze.size; cell++) {
    if (maze.isBlocked(cell) || cell % maze.width === maze.width - 1) continue;
    if (maze.hasWall(cell, EAST) && !maze.isBlocked(cell + 1)) return [cell, EAST];
  }
  throw new Error('no closed wall found');
}

describe('validate', () => {
  it('reports nothing on a good perfect maze, with or without the optional checks', () => {
    const { maze, options } = perfectMaze();
    expect(validate(maze, options)).toEqual([]);
    expect(validate(maze)).toEqual([]);
    expect(validate(maze, { perfect: undefined, pattern: undefined })).toEqual([]);
  });

  it('reports nothing on a good Pac-Man board', () => {
    for (const seed of ['a', 'b', 'c']) {
      const { maze, entry, exit } = generateMaze({ width: 20, height: 15, seed, perfect: false });
      const path = shortestPath(maze, entry, exit).directions;
      expect(validate(maze, { entry, exit, perfect: false, pattern: true, path })).toEqual([]);
    }
  });

  it('detects an open border wall', () => {
    const { maze, options } = perfectMaze();
    maze.cells[3] &= ~NORTH;
    expect(rules(maze, options)).toEqual(['border']);
    expect(validate(maze, options)[0].message).toContain('(3,0)');
  });

  it('detects walls that disagree between neighbours', () => {
    const { maze, options } = perfectMaze();
    const [cell] = closedInnerWall(maze);
    maze.cells[cell] &= ~EAST; // one side only
    expect(rules(maze, options)).toContain('coherence');
  });

  it('detects an isolated cell', () => {
    const { maze, options } = perfectMaze();
    const cell = 2 * maze.width + 2;
    for (const dir of [NORTH, EAST, SOUTH, WEST]) maze.buildWall(cell, dir);
    expect(rules(maze, options)).toContain('connectivity');
    expect(validate(maze, options).find((v) => v.rule === 'connectivity')!.message).toMatch(/^\d+ cell\(s\) cannot be reached/);
  });

  it('detects a fully open 3x3 area', () => {
    const maze = Maze.fromWalls(6, 5, new Array(30).fill(ALL_WALLS));
    // A spanning tree of a 6x5 grid: every row open, joined by the west column...
    for (let y = 0; y < 5; y++) for (let x = 0; x < 5; x++) maze.carvePassage(y * 6 + x, EAST);
    for (let y = 0; y < 4; y++) maze.carvePassage(y * 6, SOUTH);
    expect(validate(maze, { perfect: true })).toEqual([]);
    // ...then the south walls inside the block (2..4, 1..3) make it fully open.
    for (let y = 1; y < 3; y++) for (let x = 2; x < 5; x++) maze.carvePassage(y * 6 + x, SOUTH);
    expect(rules(maze, {})).toEqual(['open-3x3']);
    expect(validate(maze, {})[0].message).toBe('1 fully open 3x3 area(s), top-left at (2,1)');
  });

  it('accepts 2x3 and 3x2 open areas', () => {
    const wide = Maze.fromWalls(3, 2, new Array(6).fill(ALL_WALLS));
    for (let x = 0; x < 2; x++) for (let y = 0; y < 2; y++) wide.carvePassage(y * 3 + x, EAST);
    for (let x = 0; x < 3; x++) wide.carvePassage(x, SOUTH);
    expect(validate(wide)).toEqual([]);
  });

  it('detects a broken 42 pattern', () => {
    const { maze, options } = perfectMaze();
    const { x, y } = patternOrigin(20, 15);
    const top = y * 20 + x; // (7,5) and (7,6) are both pattern cells
    maze.carvePassage(top, SOUTH);
    expect(rules(maze, options)).toContain('pattern');
    // Without the pattern flag the cells are no longer exempt, so they are unreachable instead.
    expect(rules(maze, { ...options, pattern: undefined })).toContain('connectivity');
  });

  it('detects a pattern cell that is open to the maze', () => {
    const { maze, options } = perfectMaze();
    const cell = patternCells(20, 15)[0];
    maze.cells[cell] = ALL_WALLS; // still closed: fine
    expect(validate(maze, options)).toEqual([]);
    maze.carvePassage(cell, NORTH);
    expect(rules(maze, options)).toEqual(expect.arrayContaining(['pattern']));
  });

  it('detects a loop in a maze that must be perfect, and accepts it when perfection is not asked', () => {
    const { maze, options } = perfectMaze();
    const [cell, dir] = closedInnerWall(maze);
    maze.carvePassage(cell, dir);
    expect(rules(maze, { ...options, path: undefined })).toEqual(['perfect']);
    expect(validate(maze, { ...options, path: undefined })[0].message).toContain('1 loop(s)');
    expect(validate(maze, { ...options, path: undefined, perfect: undefined })).toEqual([]);
  });

  it('detects a perfect maze where a Pac-Man board is asked for', () => {
    const { maze, options } = perfectMaze();
    const found = validate(maze, { ...options, perfect: false });
    expect(found.map((v) => v.rule)).toEqual(['board']);
    expect(found[0].message).toMatch(/0 independent loop\(s\), at least 2.*dead ends, at most 2/);
    // Below BRAID=100 dead ends are allowed; loops are still needed.
    expect(validate(maze, { ...options, perfect: false, braid: 50 })[0].message).not.toContain('dead ends');
  });

  it('detects a path through a wall, a path that misses the exit, a bad letter and a long path', () => {
    const { maze, options, path } = perfectMaze();
    const detour = path[0] === 'E' ? 'EW' : 'SN';
    expect(validate(maze, { ...options, path: detour + path })[0]).toMatchObject({
      rule: 'path',
      message: expect.stringContaining(`${path.length + 2} moves, a shortest one has ${path.length}`),
    });
    expect(validate(maze, { ...options, path: path.slice(0, -1) })[0].message).toContain('not at the exit');
    expect(validate(maze, { ...options, path: 'N' + path })[0].message).toContain('leaves the maze');
    expect(validate(maze, { ...options, path: 'X' })[0].message).toContain("'X' is not one of N, E, S, W");
    const blocked = maze.hasWall(0, EAST) ? 'E' : 'S';
    expect(validate(maze, { ...options, path: blocked + path })[0].message).toContain('goes through a wall');
  });

  it('detects a bad entry or exit', () => {
    const { maze, options } = perfectMaze();
    const o = patternOrigin(20, 15);
    expect(validate(maze, { ...options, path: undefined, entry: o })[0]).toMatchObject({
      rule: 'entry-exit',
      message: expect.stringContaining('on the 42 pattern'),
    });
    expect(validate(maze, { ...options, path: undefined, exit: options.entry })[0].message).toContain('same cell');
    expect(validate(maze, { ...options, path: undefined, exit: { x: 20, y: 0 } })[0].message).toContain('outside the 20x15 maze');
  });

  // Regression: the loop count used cells without the BLOCKED flag, which a maze read
  // from a file does not carry, so a valid 20x15 board "had" 18 loops fewer (often 0).
  it('counts loops and dead ends of a board that carries no BLOCKED flags (as read from a file)', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const { maze, entry, exit } = generateMaze({ width: 17, height: 7, seed, perfect: false });
      const unflagged = Maze.fromWalls(17, 7, maze.cells);
      expect(unflagged.cells.some((c) => c & BLOCKED)).toBe(false);
      expect(validate(unflagged, { entry, exit, perfect: false })).toEqual([]);
    }
  });

  // Regression: reachability followed an open border wall into the next row, so two
  // halves joined only "through" the border looked connected.
  it('does not let connectivity leak through an open border or a one-sided wall', () => {
    // 2x2: the two columns are separate corridors.
    const maze = Maze.fromWalls(2, 2, new Array(4).fill(ALL_WALLS));
    maze.carvePassage(0, SOUTH);
    maze.carvePassage(1, SOUTH);
    expect(rules(maze, { entry: { x: 0, y: 0 } })).toEqual(['connectivity']);
    maze.cells[1] &= ~EAST; // (1,0) east border: index 1 + 1 is (0,1) in the next row
    expect(rules(maze, { entry: { x: 0, y: 0 } })).toEqual(['border', 'connectivity']);
    maze.cells[1] |= EAST;
    maze.cells[0] &= ~EAST; // the wall between the columns, opened on one side only
    expect(rules(maze, { entry: { x: 0, y: 0 } })).toEqual(['coherence', 'connectivity']);
  });
});
