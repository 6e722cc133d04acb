/**
 * An independent check of SPEC 4 and 5, written without the library's validate(),
 * braid or pattern helpers, so that a bug in one of those cannot hide a bug in the
 * mazes. It reads only the raw wall nibbles.
 */

export interface RawMaze {
  readonly width: number;
  readonly height: number;
  readonly cells: ArrayLike<number>;
}

export interface Cell {
  x: number;
  y: number;
}

export interface Expected {
  entry: Cell;
  exit: Cell;
  perfect: boolean;
  /** Percentage of dead ends removed (imperfect mazes); the dead-end limit applies at 100. */
  braid: number;
  /** Whether the 42 pattern was asked for. */
  pattern: boolean;
  /** The solution line, when there is one to check. */
  path?: string;
}

const N = 1;
const E = 2;
const S = 4;
const W = 8;

/** The 42 of SPEC 4.6, copied here on purpose rather than imported. */
const FORTY_TWO = ['X...XXX', 'X.....X', 'XXX.XXX', '..X.X..', '..X.XXX'];

/** The pattern's cells where the documented rule (a free ring around the 7x5 box: 9x7 and up) says it is drawn. */
export function expectedPatternCells(width: number, height: number): Set<number> {
  const out = new Set<number>();
  if (width < 9 || height < 7) return out;
  const x0 = Math.floor(width / 2) - 3; // SPEC 4.6: odd widths floor((W-7)/2), even widths one column further right
  const y0 = Math.floor((height - 5) / 2);
  for (let dy = 0; dy < 5; dy++) for (let dx = 0; dx < 7; dx++) if (FORTY_TWO[dy][dx] === 'X') out.add((y0 + dy) * width + x0 + dx);
  return out;
}

/** Loops a board of this size must have: none in a corridor, one in 2x2, else two. */
export function minimumLoops(width: number, height: number): number {
  if (width === 1 || height === 1) return 0;
  if (width === 2 && height === 2) return 1;
  return 2;
}

function wall(maze: RawMaze, x: number, y: number, dir: number): boolean {
  return (maze.cells[y * maze.width + x] & dir) !== 0;
}

/** True when the move from (x, y) towards dir is open on both sides and stays inside. */
function canMove(maze: RawMaze, x: number, y: number, dir: number): boolean {
  const { width: w, height: h } = maze;
  if (wall(maze, x, y, dir)) return false;
  if (dir === N) return y > 0 && !wall(maze, x, y - 1, S);
  if (dir === S) return y < h - 1 && !wall(maze, x, y + 1, N);
  if (dir === E) return x < w - 1 && !wall(maze, x + 1, y, W);
  return x > 0 && !wall(maze, x - 1, y, E);
}

const STEP: Record<number, [number, number]> = { [N]: [0, -1], [E]: [1, 0], [S]: [0, 1], [W]: [-1, 0] };

/** Breadth-first distances from (x, y); -1 where unreachable. */
export function distancesFrom(maze: RawMaze, from: Cell): number[] {
  const { width: w, height: h } = maze;
  const dist = new Array<number>(w * h).fill(-1);
  const queue: Cell[] = [from];
  dist[from.y * w + from.x] = 0;
  for (let head = 0; head < queue.length; head++) {
    const { x, y } = queue[head];
    for (const dir of [N, E, S, W]) {
      if (!canMove(maze, x, y, dir)) continue;
      const nx = x + STEP[dir][0];
      const ny = y + STEP[dir][1];
      if (dist[ny * w + nx] >= 0) continue;
      dist[ny * w + nx] = dist[y * w + x] + 1;
      queue.push({ x: nx, y: ny });
    }
  }
  return dist;
}

/** Open passages between two cells, each counted once. */
export function countOpenPassages(maze: RawMaze): number {
  let n = 0;
  for (let y = 0; y < maze.height; y++) {
    for (let x = 0; x < maze.width; x++) {
      if (x + 1 < maze.width && canMove(maze, x, y, E)) n++;
      if (y + 1 < maze.height && canMove(maze, x, y, S)) n++;
    }
  }
  return n;
}

/** Dead ends as the subject's checker counts them (SPEC 4.8). */
export function countDeadEnds(maze: RawMaze, pattern: Set<number>): number {
  const { width: w, height: h } = maze;
  let n = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (pattern.has(y * w + x)) continue;
      let openings = 0;
      let facesFreeCell = false;
      for (const dir of [N, E, S, W]) {
        const nx = x + STEP[dir][0];
        const ny = y + STEP[dir][1];
        const inside = nx >= 0 && ny >= 0 && nx < w && ny < h;
        if (!wall(maze, x, y, dir)) openings++;
        else if (inside && !pattern.has(ny * w + nx)) facesFreeCell = true;
      }
      if (openings === 1 && facesFreeCell) n++;
    }
  }
  return n;
}

/** Top-left corners of fully open 3x3 blocks (all 12 inner walls open). */
export function openBlocks(maze: RawMaze): Cell[] {
  const found: Cell[] = [];
  for (let y0 = 0; y0 + 3 <= maze.height; y0++) {
    for (let x0 = 0; x0 + 3 <= maze.width; x0++) {
      let open = true;
      for (let dy = 0; dy < 3 && open; dy++) {
        for (let dx = 0; dx < 3 && open; dx++) {
          if (dx < 2 && wall(maze, x0 + dx, y0 + dy, E)) open = false;
          if (dy < 2 && wall(maze, x0 + dx, y0 + dy, S)) open = false;
        }
      }
      if (open) found.push({ x: x0, y: y0 });
    }
  }
  return found;
}

/** Every way the maze breaks SPEC 4 (and the path of SPEC 5), as sentences; [] when it is right. */
export function independentProblems(maze: RawMaze, expected: Expected): string[] {
  const problems: string[] = [];
  const { width: w, height: h } = maze;
  const at = (x: number, y: number): string => `(${x},${y})`;

  // 4.1 shared walls agree
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (x + 1 < w && wall(maze, x, y, E) !== wall(maze, x + 1, y, W)) problems.push(`east wall of ${at(x, y)} disagrees`);
      if (y + 1 < h && wall(maze, x, y, S) !== wall(maze, x, y + 1, N)) problems.push(`south wall of ${at(x, y)} disagrees`);
    }
  }
  // 4.2 closed border
  for (let x = 0; x < w; x++) {
    if (!wall(maze, x, 0, N)) problems.push(`border open north of ${at(x, 0)}`);
    if (!wall(maze, x, h - 1, S)) problems.push(`border open south of ${at(x, h - 1)}`);
  }
  for (let y = 0; y < h; y++) {
    if (!wall(maze, 0, y, W)) problems.push(`border open west of ${at(0, y)}`);
    if (!wall(maze, w - 1, y, E)) problems.push(`border open east of ${at(w - 1, y)}`);
  }
  // 4.6 the pattern: its cells fully closed where it fits and was asked for
  const pattern = expected.pattern ? expectedPatternCells(w, h) : new Set<number>();
  for (const cell of pattern)
    if ((maze.cells[cell] & 15) !== 15) problems.push(`pattern cell ${at(cell % w, Math.floor(cell / w))} is not F`);
  // 4.3 entry and exit
  const { entry, exit } = expected;
  const inside = (p: Cell): boolean => Number.isInteger(p.x) && Number.isInteger(p.y) && p.x >= 0 && p.y >= 0 && p.x < w && p.y < h;
  if (!inside(entry) || !inside(exit)) {
    problems.push('entry or exit outside the maze');
    return problems;
  }
  if (entry.x === exit.x && entry.y === exit.y) problems.push('entry = exit');
  if (pattern.has(entry.y * w + entry.x) || pattern.has(exit.y * w + exit.x)) problems.push('entry or exit on the pattern');
  // 4.4 every free cell reachable from the entry
  const dist = distancesFrom(maze, entry);
  let unreachable = 0;
  for (let cell = 0; cell < w * h; cell++) if (!pattern.has(cell) && dist[cell] < 0) unreachable++;
  if (unreachable > 0) problems.push(`${unreachable} free cell(s) unreachable`);
  // and the pattern cells themselves are sealed off
  for (const cell of pattern) if (dist[cell] >= 0) problems.push('a pattern cell is reachable');
  // 4.5 no open 3x3
  const blocks = openBlocks(maze);
  if (blocks.length > 0) problems.push(`open 3x3 at ${at(blocks[0].x, blocks[0].y)}`);
  // 4.7 / 4.8
  const free = w * h - pattern.size;
  const passages = countOpenPassages(maze);
  if (expected.perfect) {
    if (passages !== free - 1) problems.push(`perfect maze has ${passages} passages for ${free} cells`);
  } else if (unreachable === 0) {
    const loops = passages - (free - 1);
    const needed = minimumLoops(w, h);
    if (loops < needed) problems.push(`board has ${loops} loops, needs ${needed}`);
    if (expected.braid >= 100) {
      const deadEnds = countDeadEnds(maze, pattern);
      if (deadEnds > 2) problems.push(`board has ${deadEnds} dead ends`);
    }
  }
  // 5: the path is a legal walk from entry to exit and a shortest one
  if (expected.path !== undefined) {
    let { x, y } = entry;
    let legal = true;
    for (const letter of expected.path) {
      const dir = letter === 'N' ? N : letter === 'E' ? E : letter === 'S' ? S : letter === 'W' ? W : 0;
      if (dir === 0 || !canMove(maze, x, y, dir)) {
        legal = false;
        break;
      }
      x += STEP[dir][0];
      y += STEP[dir][1];
    }
    if (!legal) problems.push('path crosses a wall or has a bad letter');
    else if (x !== exit.x || y !== exit.y) problems.push('path does not end at the exit');
    else if (expected.path.length !== dist[exit.y * w + exit.x])
      problems.push(`path has ${expected.path.length} moves, shortest is ${dist[exit.y * w + exit.x]}`);
  }
  return problems;
}
