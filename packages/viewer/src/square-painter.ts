import { EAST, NORTH, SOUTH, WEST, drawMaze, type GridMaze, type Maze, type Point, type Theme } from 'mazegen';
import { mazeLayout, type MazeLayout, type RasterContext } from 'mazegen/render';
import { OPPOSITE } from 'mazegen/internal';
import type { Painter, PicturePoint, RegionSink, Scene } from './picture.js';

/**
 * The square plug-in of the picture: the plain square grid keeps its established drawing,
 * the library's `drawMaze` (the 42 in its own colour, walls as whole pixels), which is the
 * picture `a-maze-ing render` makes of the viewer's hex file. The screen image has no
 * margin: a maze of W x H cells at cell size p with walls t thick is (W*p + t) x (H*p + t)
 * pixels; wall line k covers pixels [k*p, k*p + t), the inside of cell x covers
 * [x*p + t, (x+1)*p). A changed cell redraws its rows, clipped to the changed columns.
 */

/** The screen layout of a W x H maze at a cell size: the library's, without a margin. */
export function screenLayout(width: number, height: number, theme: Pick<Theme, 'wallRatio'>, pitch: number): MazeLayout {
  return mazeLayout({ width, height }, theme, { cellSize: pitch, margin: 0 });
}

/** Adds the links of path cells [from - 1, to) to `links` (a path revealed a part at a time; no allocation). */
export function extendLinks(links: Uint8Array, width: number, path: Int32Array, from: number, to: number): void {
  for (let i = Math.max(1, from); i < to; i++) {
    const a = path[i - 1];
    const b = path[i];
    const d = b - a;
    // North and south first: on a maze one cell wide a step of +1 is a step south.
    const dir = d === width ? SOUTH : d === -width ? NORTH : d === 1 ? EAST : d === -1 ? WEST : 0;
    if (dir === 0) continue;
    links[a] |= dir;
    links[b] |= OPPOSITE[dir];
  }
}

export class SquarePainter implements Painter {
  readonly layout: MazeLayout;
  readonly bandPixels = 1 << 18;
  private readonly scene: Scene;
  private readonly width: number;
  private readonly height: number;
  /** The scene's maze as a `Maze` (the same bytes), remade when the scene's maze is replaced. */
  private squareOf: GridMaze | undefined;
  private square: Maze | undefined;
  /** The path's links for drawMaze, kept as the path grows (a prefix of the same cells), remade otherwise. */
  private links: Uint8Array | undefined;
  private linkedPath: Int32Array | undefined;
  private linked = 0;
  /** Cell rows changed since the last flush, and in each the first and last cell column changed. */
  private readonly dirtyRows: Uint8Array;
  private readonly dirtyFirst: Int32Array;
  private readonly dirtyLast: Int32Array;
  private anyDirtyRow = false;

  constructor(scene: Scene, pitch: number) {
    this.scene = scene;
    const t = scene.maze.topology;
    this.width = t.width;
    this.height = t.height;
    this.layout = screenLayout(this.width, this.height, scene.theme, pitch);
    this.dirtyRows = new Uint8Array(this.height);
    this.dirtyFirst = new Int32Array(this.height);
    this.dirtyLast = new Int32Array(this.height);
  }

  get hasMarks(): boolean {
    return this.anyDirtyRow;
  }

  private maze(): Maze {
    if (this.squareOf !== this.scene.maze || !this.square) {
      this.squareOf = this.scene.maze;
      this.square = this.scene.maze.asMaze();
    }
    return this.square;
  }

  /** The links of the scene's path, extended when it grew from the one linked last. */
  private pathLinks(path: Int32Array): Uint8Array {
    const same = this.linkedPath && this.linkedPath.buffer === path.buffer && this.linkedPath.byteOffset === path.byteOffset;
    if (!this.links || !same || path.length < this.linked) {
      if (this.links) this.links.fill(0);
      else this.links = new Uint8Array(this.width * this.height);
      this.linked = 0;
    }
    extendLinks(this.links, this.width, path, this.linked, path.length);
    this.linked = path.length;
    this.linkedPath = path;
    return this.links;
  }

  private point(cell: number | undefined): Point | undefined {
    return cell === undefined ? undefined : { x: cell % this.width, y: Math.floor(cell / this.width) };
  }

  paint(ctx: RasterContext, top: number, rows: number, left: number, right: number): void {
    const { scene, layout } = this;
    const c = layout.cellSize;
    const whole = left <= 0 && right >= layout.width;
    const path = scene.path && scene.path.length > 1 ? scene.path : undefined;
    drawMaze(ctx, this.maze(), {
      // The columns' cells, one more each side (a wall line belongs to the cell after it).
      ...(whole ? {} : { columns: [Math.floor(left / c) - 1, Math.ceil((right - layout.wallWidth) / c) + 1] as const }),
      layout,
      theme: scene.theme,
      entry: this.point(scene.entry),
      exit: this.point(scene.exit),
      path,
      pathLinks: path ? this.pathLinks(path) : undefined,
      rows: [Math.floor(top / c) - 1, Math.ceil((top + rows) / c) + 1],
      shade: scene.shade,
      shadeColors: scene.shadeColors,
    });
  }

  markCell(cell: number): void {
    const y = Math.floor(cell / this.width);
    const x = cell - y * this.width;
    if (this.dirtyRows[y] === 0) {
      this.dirtyRows[y] = 1;
      this.dirtyFirst[y] = x;
      this.dirtyLast[y] = x;
    } else {
      if (x < this.dirtyFirst[y]) this.dirtyFirst[y] = x;
      if (x > this.dirtyLast[y]) this.dirtyLast[y] = x;
    }
    this.anyDirtyRow = true;
  }

  clearMarks(): void {
    this.dirtyRows.fill(0);
    this.anyDirtyRow = false;
  }

  /** The rows of the cells marked, run by run, each clipped to its changed columns. */
  takeMarked(redraw: RegionSink): void {
    if (!this.anyDirtyRow) return;
    this.anyDirtyRow = false;
    const { cellSize: c, wallWidth: t, height, width } = this.layout;
    const rows = this.dirtyRows;
    for (let y = 0; y < this.height; y++) {
      if (!rows[y]) continue;
      let end = y;
      let first = this.dirtyFirst[y];
      let last = this.dirtyLast[y];
      while (end < this.height && rows[end]) {
        first = Math.min(first, this.dirtyFirst[end]);
        last = Math.max(last, this.dirtyLast[end]);
        rows[end++] = 0;
      }
      // The cells' pixels and the wall lines after them (a carve between rows or columns
      // touches both cells), one cell column either side for a carve towards the west.
      const firstColumn = Math.max(0, first - 1);
      const endColumn = Math.min(this.width, last + 2);
      const whole = firstColumn === 0 && endColumn === this.width;
      redraw(y * c, Math.min(height, end * c + t), whole ? 0 : firstColumn * c, whole ? width : Math.min(width, endColumn * c + t));
      y = end;
    }
  }

  /** The cell under image pixel (x, y), or -1 (a wall line counts with the cell after it). */
  cellAt(x: number, y: number): number {
    const { cellSize: c, wallWidth: t } = this.layout;
    const cx = Math.floor((x - t / 2) / c);
    const cy = Math.floor((y - t / 2) / c);
    if (cx < 0 || cy < 0 || cx >= this.width || cy >= this.height) return -1;
    return cy * this.width + cx;
  }

  /** Drawing unit u is pixel t/2 + u * p: the wall lines' middles are the topology's grid lines. */
  private pixel(p: { x: number; y: number }): PicturePoint {
    const { cellSize: c, wallWidth: t } = this.layout;
    return { x: t / 2 + p.x * c, y: t / 2 + p.y * c };
  }

  centre(cell: number): PicturePoint {
    return this.pixel(this.scene.maze.topology.centre(cell));
  }

  outline(cell: number): PicturePoint[] {
    return this.scene.maze.topology.corners(cell).map((p) => this.pixel(p));
  }
}
