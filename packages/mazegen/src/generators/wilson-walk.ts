import type { GridMaze } from '../maze.js';
import { PROGRESS_EVERY, type ProgressReporter } from '../progress.js';
import type { PolarTopology } from '../grid/polar.js';
import { polarRings, type PolarRings } from '../grid/polar-steps.js';
import type { Sfc32 } from '../rng.js';
import { SLOT_COUNT, SLOT_NTH } from './slot-bits.js';

/** Slots of the state carried between walks. */
const A = 0;
const B = 1;
const C = 2;
const D = 3;
const STEPS = 4;
/** 1 when no cell of the maze is blocked. */
const OPEN = 5;

/** How each grid's inner cells reach their neighbours: the step per phase | slot, the change of column, the next phase. */
interface Layout {
  degree: number;
  /** Indexed by phase | slot (phase a multiple of 8): the step to an inner cell's neighbour. */
  step: Int32Array;
  /** Indexed by phase | slot: the change of column, and the slot of the same wall on the other side. */
  dcol: Int8Array;
  back: Int8Array;
  /** The phase of (col, cell): the hex column's parity, the triangle's orientation. */
  phaseOf: (col: number, cell: number) => number;
  /** The neighbour's phase after a move along slot from phase. */
  nextPhase: (phase: number, col: number) => number;
}

function hexLayout(w: number): Layout {
  const step = new Int32Array(16);
  step.set([-w, 1 - w, 1, w, -1, -1 - w], 0);
  step.set([-w, 1, w + 1, w, w - 1, -1], 8);
  const dcol = Int8Array.of(0, 1, 1, 0, -1, -1, 0, 0, 0, 1, 1, 0, -1, -1, 0, 0);
  const back = Int8Array.of(3, 4, 5, 0, 1, 2, 0, 0, 3, 4, 5, 0, 1, 2, 0, 0);
  return { degree: 6, step, dcol, back, phaseOf: (col) => (col & 1) << 3, nextPhase: (_phase, col) => (col & 1) << 3 };
}

function triangleLayout(w: number): Layout {
  // Up cells (phase 0): W, E, S; down cells (phase 8): W, N, E. Every move flips the orientation.
  const step = new Int32Array(16);
  step.set([-1, 1, w], 0);
  step.set([-1, -w, 1], 8);
  const dcol = Int8Array.of(-1, 1, 0, 0, 0, 0, 0, 0, -1, 0, 1, 0, 0, 0, 0, 0);
  const back = Int8Array.of(2, 0, 1, 0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 0, 0);
  return { degree: 3, step, dcol, back, phaseOf: (col, cell) => ((col + (cell - col) / w) & 1) << 3, nextPhase: (phase) => phase ^ 8 };
}

/**
 * Wilson's walks on the hex, triangle and polar grids with the library's own sfc32 and
 * no step reporter: wilson.ts's wilsonOnGrid with an inner cell's neighbours from a
 * small step table per phase (the hex column's parity, the triangle's orientation; the
 * polar ring tracked, its plain rings' cells stepping as a square grid's; border cells
 * ask the topology, which knows the wrap), the free neighbours as a slot mask without
 * branches (not read at all on a maze with no blocked cell), the stream in locals and
 * the same draws (none where one way is free): the same walks, the same tree, the same
 * stream left (tested against the generic kernel).
 */
export function wilsonWalks(maze: GridMaze, rng: Sfc32, start: number, onProgress: ProgressReporter | undefined): void {
  const t = maze.topology;
  const { cells, size } = maze;
  const w = t.width;
  const polar = t.kind === 'polar';
  const layout = t.kind === 'hex' ? hexLayout(w) : triangleLayout(w);
  const rings = polar ? polarRings(t as PolarTopology) : undefined;
  const plain = polar ? plainRings(t as PolarTopology, rings!) : undefined;
  const inTree = new Uint8Array(size);
  const exitSlot = new Uint8Array(size);
  const around = new Int32Array(t.maxDegree);
  const state = new Int32Array(6);
  state.set(rng.getState());
  state[OPEN] = 1;
  for (let cell = 0; cell < size; cell++) {
    if (cells[cell] & t.blockedBit) {
      state[OPEN] = 0;
      break;
    }
  }
  let treeCells = 1;
  let reportedSteps = 0;
  inTree[start] = 1;
  for (let origin = 0; origin < size; origin++) {
    if (inTree[origin] || cells[origin] & t.blockedBit) continue;
    if (polar) {
      walkPolar(maze, rings!, plain!, inTree, exitSlot, around, state, origin);
      treeCells += addPathOnAnyGrid(maze, inTree, exitSlot, origin);
    } else {
      walk(maze, layout, inTree, exitSlot, around, state, origin);
      treeCells += addPath(maze, layout, inTree, exitSlot, around, origin);
    }
    if (onProgress && state[STEPS] - reportedSteps >= PROGRESS_EVERY) {
      reportedSteps = state[STEPS];
      onProgress(treeCells, size);
    }
  }
  rng.setState([state[A], state[B], state[C], state[D]]);
}

/** One walk from `origin` until it meets the tree, each cell's last exit slot in `exitSlot`. */
function walk(
  maze: GridMaze,
  layout: Layout,
  inTree: Uint8Array,
  exitSlot: Uint8Array,
  around: Int32Array,
  state: Int32Array,
  origin: number,
): void {
  const t = maze.topology;
  const { cells, size } = maze;
  const w = t.width;
  const lastCol = w - 1;
  const lastRow = size - w;
  const blocked = t.blockedBit;
  const { degree, step, dcol } = layout;
  // With no cell blocked, an inner cell may step to every neighbour: nothing to read.
  const open = state[OPEN] === 1;
  const everySlot = (1 << degree) - 1;
  let a = state[A];
  let b = state[B];
  let c = state[C];
  let d = state[D];
  let steps = 0;
  let cell = origin;
  let col = origin % w;
  let phase = layout.phaseOf(col, origin);
  while (inTree[cell] === 0) {
    // Free neighbours as a slot mask: ((word & blocked) - 1) >>> 31 is 1 exactly for a free cell.
    let mask = 0;
    const inner = col > 0 && col < lastCol && cell >= w && cell < lastRow;
    if (inner && open) {
      mask = everySlot;
    } else if (inner) {
      mask =
        (((cells[cell + step[phase]] & blocked) - 1) >>> 31) |
        ((((cells[cell + step[phase | 1]] & blocked) - 1) >>> 31) << 1) |
        ((((cells[cell + step[phase | 2]] & blocked) - 1) >>> 31) << 2);
      if (degree === 6) {
        mask |=
          ((((cells[cell + step[phase | 3]] & blocked) - 1) >>> 31) << 3) |
          ((((cells[cell + step[phase | 4]] & blocked) - 1) >>> 31) << 4) |
          ((((cells[cell + step[phase | 5]] & blocked) - 1) >>> 31) << 5);
      }
    } else {
      t.neighbours(cell, around);
      for (let s = 0; s < degree; s++) {
        const next = around[s];
        if (next >= 0 && (cells[next] & blocked) === 0) mask |= 1 << s;
      }
    }
    const count = SLOT_COUNT[mask];
    let slot = SLOT_NTH[mask << 3];
    if (count > 1) {
      // sfc32's step and Sfc32.int's floor(r * count / 2^32), in integers (exact), as in dfs.ts.
      const r = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + r) | 0;
      slot = SLOT_NTH[(mask << 3) | (((r >>> 16) * count + (((r & 0xffff) * count) >>> 16)) >>> 16)];
    }
    exitSlot[cell] = slot;
    if (inner) {
      col += dcol[phase | slot];
      cell += step[phase | slot];
      phase = layout.nextPhase(phase, col);
    } else {
      cell = around[slot];
      col = cell % w;
      phase = layout.phaseOf(col, cell);
    }
    steps++;
  }
  state[A] = a;
  state[B] = b;
  state[C] = c;
  state[D] = d;
  state[STEPS] += steps;
}

/** Adds the loop-erased path from `origin` to the tree (following the exit slots); returns its cells. */
function addPath(maze: GridMaze, layout: Layout, inTree: Uint8Array, exitSlot: Uint8Array, around: Int32Array, origin: number): number {
  const t = maze.topology;
  const { cells, size } = maze;
  const w = t.width;
  const lastCol = w - 1;
  const lastRow = size - w;
  const { step, dcol, back } = layout;
  let added = 0;
  let cell = origin;
  let col = origin % w;
  let phase = layout.phaseOf(col, origin);
  while (inTree[cell] === 0) {
    const slot = exitSlot[cell];
    let next: number;
    const backSlot = back[phase | slot];
    if (col > 0 && col < lastCol && cell >= w && cell < lastRow) {
      next = cell + step[phase | slot];
      col += dcol[phase | slot];
      phase = layout.nextPhase(phase, col);
    } else {
      t.neighbours(cell, around);
      next = around[slot];
      col = next % w;
      phase = layout.phaseOf(col, next);
    }
    inTree[cell] = 1;
    added++;
    cells[cell] &= ~(1 << slot);
    cells[next] &= ~(1 << backSlot);
    cell = next;
  }
  return added;
}

/** 1 for each ring whose cells have one cell inward and one outward in rings of the same count (as in dfs-polar.ts): its inner cells are a square grid's. */
function plainRings(t: PolarTopology, rings: PolarRings): Uint8Array {
  const plain = new Uint8Array(t.height + 1);
  for (let r = 2; r < t.height; r++) plain[r] = rings.ratioIn[r] === 1 && rings.outward[r] === 1 ? 1 : 0;
  return plain;
}

/** `walk` on the polar grid: the ring tracked; an inner cell of a plain ring steps as on a square grid of the ring's width (slots inward, anticlockwise, outward, clockwise). */
function walkPolar(
  maze: GridMaze,
  rings: PolarRings,
  plain: Uint8Array,
  inTree: Uint8Array,
  exitSlot: Uint8Array,
  around: Int32Array,
  state: Int32Array,
  origin: number,
): void {
  const t = maze.topology as PolarTopology;
  const cells = maze.cells;
  const blocked = t.blockedBit;
  const open = state[OPEN] === 1;
  const { start: ringStart, count: ringCount } = rings;
  let a = state[A];
  let b = state[B];
  let c = state[C];
  let d = state[D];
  let steps = 0;
  let cell = origin;
  let ring = t.ringOf(origin);
  while (inTree[cell] === 0) {
    const count = ringCount[ring];
    const i = cell - ringStart[ring];
    const inner = plain[ring] === 1 && i > 0 && i < count - 1;
    let mask = 0;
    let degree: number;
    if (inner) {
      degree = 4;
      mask = open
        ? 15
        : (((cells[cell - count] & blocked) - 1) >>> 31) |
          ((((cells[cell - 1] & blocked) - 1) >>> 31) << 1) |
          ((((cells[cell + count] & blocked) - 1) >>> 31) << 2) |
          ((((cells[cell + 1] & blocked) - 1) >>> 31) << 3);
    } else {
      degree = t.neighbours(cell, around);
      for (let s = 0; s < degree; s++) {
        const next = around[s];
        if (next >= 0 && (cells[next] & blocked) === 0) mask |= 1 << s;
      }
    }
    // The centre has up to 15 slots: the pick-th set bit by clearing the lower ones.
    const free = degree > 6 ? popCount(mask) : SLOT_COUNT[mask];
    let pick = 0;
    if (free > 1) {
      // sfc32's step and Sfc32.int's floor(r * free / 2^32), in integers (exact), as in dfs.ts.
      const r = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + r) | 0;
      pick = ((r >>> 16) * free + (((r & 0xffff) * free) >>> 16)) >>> 16;
    }
    let slot: number;
    if (degree <= 6) slot = SLOT_NTH[(mask << 3) | pick];
    else {
      for (; pick > 0; pick--) mask &= mask - 1;
      slot = 31 - Math.clz32(mask & -mask);
    }
    exitSlot[cell] = slot;
    if (inner) {
      cell += (count + ((1 - count) & -(slot & 1))) * ((slot & 2) - 1);
      ring += ((slot & 1) ^ 1) * (slot - 1);
    } else {
      cell = around[slot];
      ring = t.ringOf(cell);
    }
    steps++;
  }
  state[A] = a;
  state[B] = b;
  state[C] = c;
  state[D] = d;
  state[STEPS] += steps;
}

function popCount(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
}

/** `addPath` through the topology (the polar grid's: each path cell once, so its ring lookups cost little). */
function addPathOnAnyGrid(maze: GridMaze, inTree: Uint8Array, exitSlot: Uint8Array, origin: number): number {
  const t = maze.topology;
  const cells = maze.cells;
  let added = 0;
  let cell = origin;
  while (inTree[cell] === 0) {
    const slot = exitSlot[cell];
    const next = t.neighbour(cell, slot);
    inTree[cell] = 1;
    added++;
    cells[cell] &= ~(1 << slot);
    cells[next] &= ~(1 << t.backSlot(cell, slot));
    cell = next;
  }
  return added;
}
