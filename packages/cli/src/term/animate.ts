/**
 * The generation of a shown maze, replayed: the library reports every wall it opens or
 * closes (Step.Carve, Step.Wall); running the same options again records them, and
 * undoing them from the finished maze gives the state the generator started from.
 */
import { generateMaze, Step, type Maze, type SquareMazeOptions } from 'mazegen';

/** Wall changes in order: (kind, cell, dir) triples, kind Step.Carve or Step.Wall. */
export function recordWallSteps(options: SquareMazeOptions): Int32Array {
  const steps: number[] = [];
  generateMaze({ ...options, onProgress: undefined, sharedMemory: false }, (kind, cell, dir) => {
    if (kind === Step.Carve || kind === Step.Wall) steps.push(kind, cell, dir);
  });
  return Int32Array.from(steps);
}

function apply(maze: Maze, steps: Int32Array, at: number, forward: boolean): void {
  const [kind, cell, dir] = [steps[at], steps[at + 1], steps[at + 2]];
  const opens = (kind === Step.Carve) === forward;
  if (opens) {
    if (maze.neighbor(cell, dir) >= 0) maze.carvePassage(cell, dir);
    else maze.cells[cell] &= ~dir;
  } else maze.buildWall(cell, dir);
}

/** Steps through a maze's generation, from its starting state to `final`. */
export class GenerationReplay {
  readonly maze: Maze;
  readonly total: number;
  private done = 0;

  constructor(
    final: Maze,
    private readonly steps: Int32Array,
  ) {
    this.maze = final.clone();
    this.total = steps.length / 3;
    for (let i = this.total - 1; i >= 0; i--) apply(this.maze, steps, 3 * i, false);
  }

  get finished(): boolean {
    return this.done >= this.total;
  }

  /** Applies up to `count` more steps. */
  advance(count: number): void {
    const end = Math.min(this.total, this.done + count);
    for (; this.done < end; this.done++) apply(this.maze, this.steps, 3 * this.done, true);
  }
}

/** Frames a second, and the share of the animation that shows the generation (the rest draws the path). */
export const FRAME_MS = 33;
const GENERATION_FRAMES = 45;
const PATH_FRAMES = 15;

/** Steps per frame so that any maze's generation takes about 1.5 s and its path 0.5 s (about two seconds in all). */
export function stepsPerFrame(total: number, phase: 'generation' | 'path'): number {
  return Math.max(1, Math.ceil(total / (phase === 'generation' ? GENERATION_FRAMES : PATH_FRAMES)));
}
