import { BufferFormatError } from './errors.js';
import { GRID_KINDS, WRAPS, type GridKind, type Wrap } from './grid/topology.js';

/**
 * The 12 bytes every maze buffer starts with, on every grid: magic, layout version, grid
 * kind, wrap, then the grid's two parameters. The plain square maze's header is the
 * version 1 layout with its two reserved bytes (0, 0) read as square and no wrap, so a
 * square maze's buffer is the same bytes seen as a `Maze` or as a `GridMaze`.
 */
export const HEADER_BYTES = 12;
const MAGIC = 0x4d; // 'M'
/** Version of the buffer layout (README.md, "Data layout"); bumped when it changes. */
export const MAZE_FORMAT_VERSION = 2;

/** The largest cell count one maze may have (typed arrays index below 2^32; we keep to int32). */
export const MAX_CELLS = 2 ** 31 - 1;

/** What a header says: the grid it holds. */
export interface MazeHeader {
  kind: GridKind;
  wrap: Wrap;
  width: number;
  height: number;
}

/** Writes the header of a maze on `kind`, `wrap` with parameters width and height. */
export function writeHeader(data: ArrayBufferLike, kind: GridKind, wrap: Wrap, width: number, height: number): void {
  const header = new DataView(data);
  header.setUint8(0, MAGIC);
  header.setUint8(1, MAZE_FORMAT_VERSION);
  header.setUint8(2, GRID_KINDS.indexOf(kind));
  header.setUint8(3, WRAPS.indexOf(wrap));
  header.setUint32(4, width, true);
  header.setUint32(8, height, true);
}

/** Reads and checks a header; a BufferFormatError says what was expected. Version 1 buffers are plain square mazes. */
export function readHeader(data: unknown): MazeHeader {
  const isBuffer = data instanceof ArrayBuffer || (typeof SharedArrayBuffer !== 'undefined' && data instanceof SharedArrayBuffer);
  if (!isBuffer || data.byteLength < HEADER_BYTES) {
    throw new BufferFormatError(`not a maze buffer: expected an ArrayBuffer of at least ${HEADER_BYTES} bytes`);
  }
  const header = new DataView(data);
  if (header.getUint8(0) !== MAGIC) throw new BufferFormatError('not a maze buffer: wrong magic byte');
  const version = header.getUint8(1);
  if (version !== MAZE_FORMAT_VERSION && version !== 1) {
    throw new BufferFormatError(`got maze buffer v${version} when expected v${MAZE_FORMAT_VERSION} (or v1)`);
  }
  const kind = GRID_KINDS[header.getUint8(2)];
  const wrap = WRAPS[header.getUint8(3)];
  if (kind === undefined || (version === 1 && kind !== 'square')) {
    throw new BufferFormatError(
      `maze buffer names grid kind ${header.getUint8(2)}; expected 0-${GRID_KINDS.length - 1} (${GRID_KINDS.join(', ')})`,
    );
  }
  if (wrap === undefined || (version === 1 && wrap !== 'none')) {
    throw new BufferFormatError(`maze buffer names wrap ${header.getUint8(3)}; expected 0-${WRAPS.length - 1} (${WRAPS.join(', ')})`);
  }
  return { kind, wrap, width: header.getUint32(4, true), height: header.getUint32(8, true) };
}
