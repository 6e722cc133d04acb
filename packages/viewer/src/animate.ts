import { Step, type GridMaze } from 'mazegen';
import { Shade, type MazePicture } from './picture.js';
import { stepCell, stepDir, stepKind } from './protocol.js';

export type Phase = 'generate' | 'solve';

/** Live figures while a trace plays. */
export interface Progress {
  phase: Phase | 'done';
  played: number;
  total: number;
  visited: number;
  frontier: number;
  pathLength: number;
  /** The cell the algorithm works on now, or -1. */
  current: number;
}

/**
 * Plays recorded step traces onto the picture's scene: the generator's steps open walls in a
 * working copy of the maze (starting from all walls closed and the 42 placed), the solver's
 * steps tint cells and reveal the path. The cell worked on is tinted as Current, the
 * frontier and visited cells in their own tints (the page's legend names them). Playing every
 * step leaves the working copy equal to the instant run's maze, which the page checks.
 */
export class TracePlayer {
  /** The working copy: wall steps name its slots (the worker packs them so on every grid). */
  private readonly work: GridMaze;
  private readonly phases: { phase: Phase; batches: Uint32Array[]; total: number }[];
  private phaseIndex = 0;
  private batchIndex = 0;
  private offset = 0;
  private played = 0;
  private visited = 0;
  private frontier = 0;
  private pathLength = 0;
  private current = -1;
  /** The tint under the Current highlight, restored when the algorithm moves on. */
  private underCurrent: number = Shade.None;
  /** The view's current picture (it is rebuilt when the zoom changes the cell size). */
  private readonly pictureOf: () => MazePicture;
  /** The final path, revealed one cell per Path step. */
  private readonly path: Int32Array;
  /** Cells that keep their look (entry, exit, the 42). */
  private readonly fixed: Uint8Array;
  private readonly shade: Uint8Array;
  /** 1 while a cell is on the frontier, so the frontier count stays exact. */
  private readonly inFrontier: Uint8Array;
  /** Called between the phases and at the end, to repaint the scene. */
  private readonly onPhaseEnd: (next: Phase | 'done') => void;

  constructor(
    pictureOf: () => MazePicture,
    work: GridMaze,
    fixed: Uint8Array,
    path: Int32Array,
    generateSteps: Uint32Array[],
    solveSteps: Uint32Array[],
    onPhaseEnd: (next: Phase | 'done') => void,
  ) {
    this.pictureOf = pictureOf;
    this.work = work;
    this.fixed = fixed;
    this.path = path;
    this.shade = new Uint8Array(work.size);
    this.inFrontier = new Uint8Array(work.size);
    const total = (batches: Uint32Array[]): number => batches.reduce((n, b) => n + b.length, 0);
    this.phases = [
      { phase: 'generate', batches: generateSteps, total: total(generateSteps) },
      { phase: 'solve', batches: solveSteps, total: total(solveSteps) },
    ];
    this.onPhaseEnd = onPhaseEnd;
    const scene = pictureOf().scene;
    scene.maze = work;
    scene.shade = this.shade;
    scene.path = undefined;
    pictureOf().drawAll();
  }

  get cells(): Uint8Array | Uint16Array {
    return this.work.cells;
  }

  get done(): boolean {
    return this.phaseIndex >= this.phases.length;
  }

  progress(): Progress {
    const current = this.phases[this.phaseIndex];
    return {
      phase: current ? current.phase : 'done',
      played: this.played,
      total: current ? current.total : 0,
      visited: this.visited,
      frontier: this.frontier,
      pathLength: this.pathLength,
      current: this.current,
    };
  }

  /** Plays up to `count` steps; returns how many were played. */
  advance(count: number): number {
    let done = 0;
    while (done < count && this.phaseIndex < this.phases.length) {
      const phase = this.phases[this.phaseIndex];
      const batch = phase.batches[this.batchIndex];
      if (!batch) {
        this.nextPhase();
        continue;
      }
      const end = Math.min(batch.length, this.offset + (count - done));
      for (let i = this.offset; i < end; i++) this.apply(phase.phase, batch[i]);
      done += end - this.offset;
      this.played += end - this.offset;
      this.offset = end;
      if (this.offset >= batch.length) {
        this.batchIndex++;
        this.offset = 0;
      }
    }
    return done;
  }

  /** Plays everything left. */
  finish(): void {
    while (!this.done) this.advance(1 << 20);
  }

  private nextPhase(): void {
    this.phaseIndex++;
    this.batchIndex = 0;
    this.offset = 0;
    this.played = 0;
    this.visited = 0;
    this.frontier = 0;
    this.pathLength = 0;
    this.current = -1;
    this.underCurrent = Shade.None;
    this.inFrontier.fill(0);
    this.shade.fill(0);
    const next = this.phases[this.phaseIndex];
    this.onPhaseEnd(next ? next.phase : 'done');
  }

  /** Sets a cell's tint unless it is the entry, exit or a 42 cell (those keep their look). */
  private tint(cell: number, shade: number): void {
    if (this.fixed[cell]) return;
    if (cell === this.current) {
      this.underCurrent = shade;
      return;
    }
    if (this.shade[cell] === shade) return;
    this.shade[cell] = shade;
    this.pictureOf().markCell(cell);
  }

  /** Moves the Current highlight to `cell`. */
  private focus(cell: number): void {
    if (cell === this.current) return;
    const picture = this.pictureOf();
    if (this.current >= 0) {
      this.shade[this.current] = this.underCurrent;
      picture.markCell(this.current);
    }
    this.current = cell;
    this.underCurrent = this.shade[cell];
    if (!this.fixed[cell]) {
      this.shade[cell] = Shade.Current;
      picture.markCell(cell);
    }
  }

  private enterFrontier(cell: number): void {
    if (this.inFrontier[cell] === 0) {
      this.inFrontier[cell] = 1;
      this.frontier++;
    }
  }

  private leaveFrontier(cell: number): void {
    if (this.inFrontier[cell] === 1) {
      this.inFrontier[cell] = 0;
      this.frontier--;
    }
  }

  private apply(phase: Phase, word: number): void {
    const kind = stepKind(word);
    const cell = stepCell(word);
    const dir = stepDir(word);
    const picture = this.pictureOf();
    if (kind === Step.Carve || kind === Step.Wall) {
      // dir is the wall's slot: both sides' bits change (a border slot has no other side).
      const work = this.work;
      const t = work.topology;
      const other = t.neighbour(cell, dir);
      const cells = work.cells;
      if (kind === Step.Carve) {
        cells[cell] &= ~(1 << dir);
        if (other >= 0) cells[other] &= ~(1 << t.backSlot(cell, dir));
      } else {
        cells[cell] |= 1 << dir;
        if (other >= 0) cells[other] |= 1 << t.backSlot(cell, dir);
      }
      picture.markCell(cell);
      if (other >= 0) picture.markCell(other);
      if (kind === Step.Carve && other >= 0) this.focus(other);
      return;
    }
    if (kind === Step.Frontier) {
      this.enterFrontier(cell);
      this.tint(cell, Shade.Frontier);
    } else if (kind === Step.Visit) {
      this.visited++;
      this.leaveFrontier(cell);
      this.tint(cell, Shade.Visited);
      this.focus(cell);
    } else if (kind === Step.Retreat) {
      this.leaveFrontier(cell);
      // A generator is done with the cell: back to plain; a solver's dead branch stays dimmed.
      this.tint(cell, phase === 'generate' ? Shade.None : Shade.DeadEnd);
    } else if (kind === Step.Path) {
      this.revealPath(this.pathLength + 1);
    }
  }

  /** Shows the first `count` cells of the final path. */
  private revealPath(count: number): void {
    const to = Math.min(count, this.path.length);
    if (to <= this.pathLength) return;
    const scene = this.pictureOf().scene;
    for (let i = Math.max(0, this.pathLength - 1); i < to; i++) this.pictureOf().markCell(this.path[i]);
    this.pathLength = to;
    scene.path = this.path.subarray(0, to);
  }
}
