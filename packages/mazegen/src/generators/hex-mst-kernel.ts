import type { GridMaze } from '../maze.js';
import type { HexTopology } from '../grid/hex.js';
import type { ProgressReporter } from '../progress.js';
import { instantiateKernel, runOnCopy } from '../wasm.js';
import { hexTileShape } from './grid-mst-hex.js';
import { HEX_MST_WASM } from './hex-mst-wasm.js';
import type { WeightKeys } from './mst.js';

/** The exports of assembly/hex-mst.ts. */
interface HexMstExports {
  cellsAt(): number;
  setup(
    w: number,
    h: number,
    wrap: number,
    k1: number,
    k2: number,
    columns: number,
    rows: number,
    stride: number,
    bucketBits: number,
  ): number;
  band(y0: number): void;
  finish(): void;
  opened(): number;
}

/**
 * grid-mst.ts's tiled spanning tree of a hex grid run by its WebAssembly build
 * (assembly/hex-mst.ts): the cells copied into the kernel's memory, every band of tiles
 * and the Kruskal over the parts done there, the cells copied back. Tiles of about
 * `tileCells` cells (at most `maxTileCells` framed). Returns false, with the maze
 * untouched, where WebAssembly cannot run it (or its memory cannot grow that far): then
 * the caller runs the JavaScript kernel, which makes the same tree.
 */
export function openHexTreeInWasm(
  maze: GridMaze,
  t: HexTopology,
  keys: WeightKeys,
  tileCells: number,
  maxTileCells: number,
  onProgress?: ProgressReporter,
): boolean {
  const { cells } = maze;
  // Wall ids (cell * 3 + slot) past 2^32 weigh alike: then the tree is not unique, and only the JavaScript kernel's is the reference.
  if (t.edgeIdBound > 2 ** 32 || !(cells instanceof Uint8Array)) return false;
  const kernel = instantiateKernel(HEX_MST_WASM);
  if (!kernel) return false;
  const run = kernel.exports as unknown as HexMstExports;
  const { width: w, height: h } = t;
  const shape = hexTileShape(tileCells, w, h, maxTileCells);
  // About a sort bucket a framed cell, as openTiled's hex tiles.
  let bucketBits = 1;
  while (bucketBits < 16 && 2 << bucketBits < shape.capacity) bucketBits++;
  const wrap = (t.wrap === 'x' || t.wrap === 'xy' ? 1 : 0) | (t.wrap === 'y' || t.wrap === 'xy' ? 2 : 0);
  return runOnCopy(
    kernel,
    cells,
    {
      setup: () => {
        run.setup(w, h, wrap, keys[0], keys[1], shape.columns, shape.rows, shape.stride, bucketBits);
        return run.cellsAt();
      },
      first: 0,
      end: h,
      band: (y0) => {
        run.band(y0);
        return y0 + shape.rows;
      },
      covered: (y0, next) => (Math.min(h, next) - y0) * w,
      progress: () => run.opened() + 1,
      finish: () => run.finish(),
    },
    onProgress,
  );
}
