import type { GridMaze } from '../maze.js';
import type { PolarTopology } from '../grid/polar.js';
import type { ProgressReporter } from '../progress.js';
import { instantiateKernel, runOnCopy } from '../wasm.js';
import { polarTileShape } from './grid-mst-polar.js';
import type { WeightKeys } from './mst.js';
import { POLAR_MST_WASM } from './polar-mst-wasm.js';

/** The exports of assembly/polar-mst.ts. */
interface PolarMstExports {
  cellsAt(): number;
  ringsAt(): number;
  setup(
    size: number,
    rings: number,
    firstRing: number,
    widest: number,
    wordBytes: number,
    blocked: number,
    k1: number,
    k2: number,
    columns: number,
    rows: number,
    bucketBits: number,
  ): number;
  band(r0: number): number;
  finish(): void;
  opened(): number;
}

/**
 * grid-mst.ts's tiled spanning tree of a polar grid run by its WebAssembly build
 * (assembly/polar-mst.ts): the cells and the ring tables copied into the kernel's memory,
 * every band of tiles and the Kruskal over the parts done there, the cells copied back.
 * Tiles of about `tileCells` cells (at most `maxTileCells` framed). Returns false, with
 * the maze untouched, where WebAssembly cannot run it (or its memory cannot grow that
 * far): then the caller runs the JavaScript kernel, which makes the same tree.
 */
export function openPolarTreeInWasm(
  maze: GridMaze,
  t: PolarTopology,
  keys: WeightKeys,
  tileCells: number,
  maxTileCells: number,
  onProgress?: ProgressReporter,
): boolean {
  const { cells, size } = maze;
  // Wall ids (cell * 2 + 1) past 2^32 weigh alike: then the tree is not unique, and only the JavaScript kernel's is the reference.
  if (t.edgeIdBound > 2 ** 32) return false;
  const kernel = instantiateKernel(POLAR_MST_WASM);
  if (!kernel) return false;
  const run = kernel.exports as unknown as PolarMstExports;
  const rings = t.height;
  const widest = t.ringCount[rings];
  const shape = polarTileShape(tileCells, widest, maxTileCells);
  // About a sort bucket a framed cell, as openTiled's polar tiles.
  let bucketBits = 1;
  while (bucketBits < 16 && 2 << bucketBits < shape.capacity) bucketBits++;
  const wordBytes = cells.BYTES_PER_ELEMENT;
  return runOnCopy(
    kernel,
    cells,
    {
      setup: () => {
        run.setup(size, rings, t.width, widest, wordBytes, t.blockedBit, keys[0], keys[1], shape.columns, shape.rows, bucketBits);
        return run.cellsAt();
      },
      fill: (buffer) => {
        const tables = new Int32Array(buffer, run.ringsAt(), 2 * rings + 3);
        tables.set(t.ringCount);
        tables.set(t.ringStart, rings + 1);
      },
      first: 0,
      end: rings + 1,
      band: (r0) => run.band(r0),
      covered: (r0, next) => t.ringStart[next] - t.ringStart[r0],
      progress: () => run.opened() + 1,
      finish: () => run.finish(),
    },
    onProgress,
  );
}
