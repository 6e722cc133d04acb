import { OPPOSITE, Step } from 'mazegen';
import { stepCell, stepDir, stepKind } from './protocol.js';
import { Paint, type MazeRaster } from './raster.js';

export type Phase = 'generate' | 'solve';

/** Live figures while a trace plays. */
export interface Progress {
  phase: Phase | 'done';
  played: number;
  total: number;
  visited: number;
  frontier: number;
  pathLength: number;
}

/**
 * Plays recorded step traces onto a raster: the generator's steps open walls in a
 * working copy of the maze (starting from all walls closed and the 42 placed), the
 * solver's steps paint cells. Playing every step leaves the working copy equal to the
 * instant run's maze, which `matches()` checks.
 */
export class TracePlayer {
  private readonly width: number;
  private readonly work: Uint8Array;
  private readonly phases: { phase: Phase; batches: Uint32Array[]; total: number }[];
  private phaseIndex = 0;
  private batchIndex = 0;
  private offset = 0;
  private played = 0;
  private visited = 0;
  private frontier = 0;
  private pathLength = 0;
  /** The view's current raster (it is rebuilt when the zoom changes the image pitch). */
  private readonly rasterOf: () => MazeRaster;
  private readonly basePaint: Uint8Array;
  /** 1 while a cell is on the frontier, so the frontier count stays exact. */
  private readonly inFrontier: Uint8Array;
  /** Called between the phases and at the end, to repaint the cells' base colours. */
  private readonly onPhaseEnd: (next: Phase | 'done') => void;

  constructor(
    rasterOf: () => MazeRaster,
    initialCells: Uint8Array,
    basePaint: Uint8Array,
    generateSteps: Uint32Array[],
    solveSteps: Uint32Array[],
    onPhaseEnd: (next: Phase | 'done') => void,
  ) {
    this.rasterOf = rasterOf;
    const raster = rasterOf();
    this.width = raster.width;
    this.work = initialCells;
    this.basePaint = basePaint;
    this.inFrontier = new Uint8Array(basePaint.length);
    const total = (batches: Uint32Array[]): number => batches.reduce((n, b) => n + b.length, 0);
    this.phases = [
      { phase: 'generate', batches: generateSteps, total: total(generateSteps) },
      { phase: 'solve', batches: solveSteps, total: total(solveSteps) },
    ];
    this.onPhaseEnd = onPhaseEnd;
    raster.cells = this.work;
    raster.paint.set(basePaint);
    raster.drawAll();
  }

  get cells(): Uint8Array {
    return this.work;
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
    this.inFrontier.fill(0);
    const next = this.phases[this.phaseIndex];
    this.onPhaseEnd(next ? next.phase : 'done');
  }

  /** Sets a cell's paint unless it is the entry, exit or a 42 cell (those keep their colour). */
  private paintCell(cell: number, paint: number): void {
    const raster = this.rasterOf();
    if (this.basePaint[cell] !== Paint.Background || raster.paint[cell] === paint) return;
    raster.paint[cell] = paint;
    raster.drawCell(cell);
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
    const w = this.width;
    if (kind === Step.Carve || kind === Step.Wall) {
      const other = dir === 1 ? cell - w : dir === 4 ? cell + w : dir === 2 ? cell + 1 : cell - 1;
      if (kind === Step.Carve) {
        this.work[cell] &= ~dir;
        this.work[other] &= ~OPPOSITE[dir];
      } else {
        this.work[cell] |= dir;
        this.work[other] |= OPPOSITE[dir];
      }
      const raster = this.rasterOf();
      raster.drawCell(cell);
      raster.drawCell(other);
      return;
    }
    if (kind === Step.Frontier) {
      this.enterFrontier(cell);
      this.paintCell(cell, Paint.Frontier);
    } else if (kind === Step.Visit) {
      this.visited++;
      this.leaveFrontier(cell);
      this.paintCell(cell, Paint.Visited);
    } else if (kind === Step.Retreat) {
      this.leaveFrontier(cell);
      // A generator is done with the cell: back to plain; a solver's dead branch stays dimmed.
      this.paintCell(cell, phase === 'generate' ? Paint.Background : Paint.Retreated);
    } else if (kind === Step.Path) {
      this.pathLength++;
      this.paintCell(cell, Paint.Path);
    }
  }
}
