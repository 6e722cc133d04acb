import type { GeneratorAlgorithm } from './algorithm.js';
import { MazeError, OptionError } from './errors.js';
import type { SquareMazeOptions } from './generate-options.js';
import { resolveMazeOptions } from './square-generate.js';
import { ALL_WALLS, BLOCKED, type Point } from './maze.js';
import { patternCells, patternTooSmallMessage } from './pattern.js';
import { createRng } from './rng.js';
import { carveEllerRow, createEllerRowState } from './generators/eller.js';

/** The generators that can stream: Eller only needs the row it is on and the one below. */
export const STREAMING_GENERATORS: readonly string[] = ['Eller'];

/** The largest streamed maze: cell indices stay exact in a double. */
export const MAX_STREAM_CELLS = Number.MAX_SAFE_INTEGER;

/** A maze made row by row, never held whole. */
export interface MazeStream {
  width: number;
  height: number;
  entry: Point;
  exit: Point;
  /** The seed text used (the random one where none was given). */
  seed: string;
  generator: GeneratorAlgorithm;
  /** True when the 42 pattern is drawn. */
  patternPlaced: boolean;
  /** One-line messages for the user, as generateMaze gives them. */
  notes: string[];
  /**
   * The rows, top to bottom, each `width` cell bytes (walls N1 E2 S4 W8, BLOCKED on the
   * 42). The array yielded is a view into a reused buffer, valid until the next row is
   * asked for. Each call starts again from the seed and yields the same rows.
   */
  rows(): Iterable<Uint8Array>;
}

/**
 * Eller's perfect maze as a stream of rows in O(width) memory. The rows are byte for
 * byte those of `generateMaze` with the same options: the same option resolution, the
 * same random stream and the same per-row carving (carveEllerRow), run on a two-row
 * buffer instead of the whole maze. Anything else (another generator, PERFECT=false,
 * which braids the whole maze) is an OptionError.
 */
export function streamMaze(options: SquareMazeOptions): MazeStream {
  const resolved = resolveMazeOptions(options, MAX_STREAM_CELLS);
  const { width, height, generator, seed, entry, exit, wantPattern, drawPattern } = resolved;
  if (!STREAMING_GENERATORS.includes(generator.name)) {
    throw new OptionError(
      'GENERATOR',
      `GENERATOR=${generator.name} cannot stream; only ${STREAMING_GENERATORS.join(', ')} with PERFECT=True streams, row by row`,
    );
  }
  if (options.level !== undefined) {
    throw new OptionError('LEVEL', 'LEVEL cannot stream (each candidate is measured whole); remove LEVEL or --stream');
  }
  if (resolved.endpointRule) {
    const key = resolved.endpointRule === 'hardest' ? 'ENTRY=EXIT=hardest' : 'EXIT=farthest';
    throw new OptionError(
      'EXIT',
      `${key} cannot stream (the ends are found on the whole carved maze); give ENTRY and EXIT as cells or sides`,
    );
  }
  if (!resolved.perfect) {
    throw new OptionError(
      'PERFECT',
      `PERFECT=False cannot stream (braiding needs the whole maze); only ${STREAMING_GENERATORS.join(', ')} with PERFECT=True streams`,
    );
  }
  const notes = !drawPattern && wantPattern ? [patternTooSmallMessage(width, height)] : [];
  const blocked = drawPattern ? patternCells(width, height) : [];

  function* rows(): Generator<Uint8Array> {
    const rng = createRng(seed, 'generate');
    const buffer = new Uint8Array(2 * width);
    // Fills the buffer's row at `offset` as the in-memory maze starts row y: walls closed, the 42 blocked.
    const freshRow = (offset: number, y: number): void => {
      buffer.fill(ALL_WALLS, offset, offset + width);
      for (const cell of blocked) if (Math.floor(cell / width) === y) buffer[offset + (cell % width)] = ALL_WALLS | BLOCKED;
    };
    freshRow(0, 0);
    if (height > 1) freshRow(width, 1);
    const state = createEllerRowState(buffer, 0, width);
    let carved = 0;
    for (let y = 0; y < height; y++) {
      const lastRow = y === height - 1;
      carved += carveEllerRow(state, buffer, 0, width, y, lastRow, rng);
      yield buffer.subarray(0, width);
      if (lastRow) break;
      buffer.copyWithin(0, width, 2 * width);
      if (y + 2 < height) freshRow(width, y + 2);
    }
    // A perfect maze of n free cells has n - 1 passages. Eller with the pattern rule
    // always makes one tree (the in-memory generator's repair never finds anything to
    // join), so this cannot happen; if it did, the rows already given out are wrong.
    const free = width * height - blocked.length;
    if (carved !== free - 1) {
      throw new MazeError(`the streamed Eller maze has ${carved} passages for ${free} free cells, not one tree; make it without streaming`);
    }
  }

  return { width, height, entry, exit, seed, generator, patternPlaced: drawPattern, notes, rows: () => rows() };
}
