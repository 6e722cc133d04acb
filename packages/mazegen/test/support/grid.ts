import { GridMaze, createRng, type GeneratorAlgorithm, type Topology } from 'mazegen';

/** Every topology the grid tests cover: each grid, small and odd, with each wrap it takes. */
export const TOPOLOGY_SPECS = [
  { grid: 'square', width: 7, height: 5, wrap: 'none' },
  { grid: 'square', width: 5, height: 4, wrap: 'x' },
  { grid: 'square', width: 3, height: 6, wrap: 'y' },
  { grid: 'square', width: 4, height: 3, wrap: 'xy' },
  { grid: 'hex', width: 7, height: 5, wrap: 'none' },
  { grid: 'hex', width: 1, height: 4, wrap: 'none' },
  { grid: 'hex', width: 6, height: 3, wrap: 'x' },
  { grid: 'hex', width: 5, height: 3, wrap: 'y' },
  { grid: 'hex', width: 4, height: 4, wrap: 'xy' },
  { grid: 'triangle', width: 7, height: 5, wrap: 'none' },
  { grid: 'triangle', width: 2, height: 3, wrap: 'none' },
  { grid: 'triangle', width: 6, height: 1, wrap: 'none' },
  { grid: 'polar', width: 6, height: 5, wrap: 'none' },
  { grid: 'polar', width: 3, height: 3, wrap: 'none' },
  { grid: 'polar', width: 11, height: 2, wrap: 'none' },
] as const;

/** Breadth-first moves from `start` over the grid's adjacencies (walls ignored), -1 unreached. */
export function gridDistances(t: Topology, start: number, passable: (cell: number, slot: number) => boolean = () => true): Int32Array {
  const dist = new Int32Array(t.size).fill(-1);
  const queue = new Int32Array(t.size);
  const around = new Int32Array(t.maxDegree);
  let head = 0;
  let tail = 0;
  dist[start] = 0;
  queue[tail++] = start;
  while (head < tail) {
    const cell = queue[head++];
    const degree = t.neighbours(cell, around);
    for (let s = 0; s < degree; s++) {
      const next = around[s];
      if (next < 0 || dist[next] >= 0 || !passable(cell, s)) continue;
      dist[next] = dist[cell] + 1;
      queue[tail++] = next;
    }
  }
  return dist;
}

/**
 * What is wrong with a generated grid maze, in words (empty when nothing): walls that
 * disagree between two sides, an open border slot, a blocked cell with an open wall,
 * and, when `perfect`, passages that are not a spanning tree of the free cells.
 */
export function gridMazeProblems(maze: GridMaze, perfect = true): string[] {
  const t = maze.topology;
  const problems: string[] = [];
  const around = new Int32Array(t.maxDegree);
  let free = -1;
  let freeCount = 0;
  for (let cell = 0; cell < t.size; cell++) {
    const degree = t.neighbours(cell, around);
    const word = maze.cells[cell];
    if (word >> (t.maxDegree + 1)) problems.push(`cell ${cell} has bits above the blocked bit: ${word}`);
    if (word & ~((1 << degree) - 1) & ~t.blockedBit) problems.push(`cell ${cell} has wall bits past its ${degree} slots`);
    const blocked = (word & t.blockedBit) !== 0;
    if (!blocked) {
      freeCount++;
      if (free < 0) free = cell;
    }
    for (let s = 0; s < degree; s++) {
      const open = (word & (1 << s)) === 0;
      const next = around[s];
      if (next < 0) {
        if (open) problems.push(`cell ${cell} slot ${s} is open onto the border`);
        continue;
      }
      const back = t.backSlot(cell, s);
      if (t.neighbour(next, back) !== cell) problems.push(`cell ${cell} slot ${s}: the back slot ${back} of ${next} does not lead back`);
      const otherOpen = (maze.cells[next] & (1 << back)) === 0;
      if (open !== otherOpen) problems.push(`the wall between ${cell} and ${next} differs on its two sides`);
      if (open && (blocked || (maze.cells[next] & t.blockedBit) !== 0))
        problems.push(`a passage between ${cell} and ${next} touches a blocked cell`);
    }
  }
  if (free >= 0) {
    const dist = gridDistances(t, free, (cell, slot) => maze.isOpen(cell, slot));
    let reached = 0;
    for (let cell = 0; cell < t.size; cell++) if (dist[cell] >= 0) reached++;
    if (reached !== freeCount) problems.push(`${freeCount - reached} free cells are not reached from cell ${free}`);
    const passages = maze.countPassages();
    if (perfect && passages !== freeCount - 1) problems.push(`${passages} passages for ${freeCount} free cells: not a tree`);
  }
  return problems;
}

/** A maze of `topology` with about `density` of its cells masked out at random (seeded). */
export function randomlyMasked(topology: Topology, density: number, seed: number): GridMaze {
  const maze = new GridMaze(topology);
  const rng = createRng(`masked${seed}`);
  if (density > 0) for (let cell = 0; cell < maze.size; cell++) if (rng.float() < density) maze.block(cell);
  return maze;
}

/** A generator's form for any grid: its generic form, or (BinaryTree, Sidewinder: no generic form) its one entry, which picks the polar kernel. */
export function gridForm(g: GeneratorAlgorithm): NonNullable<GeneratorAlgorithm['generic']> {
  return g.generic ?? g.generate;
}
