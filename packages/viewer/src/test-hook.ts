/**
 * The browser tests' window on the page: `window.__viewer`, read-only state (documented in
 * docs/viewer.md, "Test hook"). It is an entry of its own (dist/test-hook.js), never loaded
 * by index.html: the tests add it to the page (test/harness.ts), so the page people use has
 * no hook. It reads the same modules as the page (the build shares them as chunks).
 */
import type { Point, Theme } from 'mazegen';
import { MazePicture } from './picture.js';
import { playMode } from './play.js';
import type { Settings } from './settings.js';
import { canvas, state, view } from './state.js';

function fnv1a(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

const hook = {
  get ready(): boolean {
    return (
      state.shown !== undefined &&
      state.pending === undefined &&
      state.player === undefined &&
      state.flood === undefined &&
      !view.pendingImage &&
      !view.framePending
    );
  },
  get requestId(): number {
    return state.requestId;
  },
  get settings(): Settings {
    return { ...state.settings };
  },
  get theme(): Theme {
    return { ...state.theme };
  },
  get animationMatched(): boolean | undefined {
    return state.animationMatched;
  },
  get animating(): boolean {
    return state.player !== undefined;
  },
  get generating(): boolean {
    return state.pending !== undefined;
  },
  /** Path cells drawn so far. */
  get pathShown(): number {
    return state.pathShown;
  },
  /** The cell the animation works on, or -1. */
  get current(): number {
    return state.player ? state.player.progress().current : -1;
  },
  get cursor(): number {
    return view.cursor;
  },
  /** The distance theme: the largest distance shown (undefined for other themes) and whether the flood is still drawing. */
  distance(): { max: number | undefined; flooding: boolean } {
    return { max: state.distanceMax, flooding: state.flood !== undefined };
  },
  /** Play mode: where the player is, the moves, the walk, whether the summary shows. */
  play(): ReturnType<typeof playMode.state> {
    return playMode.state();
  },
  maze():
    | {
        width: number;
        height: number;
        seed: string;
        entry: Point;
        exit: Point;
        cells: number[];
        path: number[];
        grid: string;
        wrap: string;
        entryCell: number;
        exitCell: number;
      }
    | undefined {
    const shown = state.shown;
    if (!shown) return undefined;
    const { done, maze } = shown;
    const t = maze.topology;
    return {
      width: t.width,
      height: t.height,
      seed: done.seed,
      entry: done.entry,
      exit: done.exit,
      cells: Array.from(maze.cells),
      path: Array.from(done.path),
      grid: t.kind,
      wrap: t.wrap,
      entryCell: shown.entry,
      exitCell: shown.exit,
    };
  },
  /** FNV-1a of the maze's cell bytes (cheaper to compare than the bytes of a 2000x2000 maze). */
  cellsHash(): string | undefined {
    const cells = state.shown?.maze.cells;
    return cells && fnv1a(new Uint8Array(cells.buffer, cells.byteOffset, cells.byteLength));
  },
  /** Where the cell centres are on the canvas (canvas pixels), on grids other than the plain square one (see geometry()). */
  gridCentres(): { x: number; y: number }[] | undefined {
    const shown = state.shown;
    if (!shown || shown.square || !view.picture) return undefined;
    return Array.from({ length: shown.maze.size }, (_, cell) => view.cellCentre(cell)!);
  },
  /** Where cells are on the canvas: see the geometry comment in square-painter.ts. */
  geometry():
    | { originX: number; originY: number; scale: number; pitch: number; wall: number; canvasWidth: number; canvasHeight: number }
    | undefined {
    const picture = view.picture;
    if (!picture) return undefined;
    const p = view.placement();
    return {
      originX: p.originX,
      originY: p.originY,
      scale: p.scale,
      pitch: picture.layout.cellSize,
      wall: picture.layout.wallWidth,
      canvasWidth: canvas.width,
      canvasHeight: canvas.height,
    };
  },
  /** Pixels where the image on screen (its partial redraws flushed) differs from a whole fresh drawing of the same scene: 0 when partial redraws are exact. */
  redrawDiff(): number {
    const picture = view.picture;
    if (!picture) return -1;
    picture.flush();
    const fresh = new MazePicture(picture.scene, picture.layout.cellSize);
    fresh.drawAll();
    let differing = 0;
    for (let i = 0; i < fresh.pixels.length; i++) if (fresh.pixels[i] !== picture.pixels[i]) differing++;
    return differing;
  },
  /** Forces a draw now (tests read pixels right after). */
  draw(): void {
    view.requestFrame();
    view.frame();
  },
};

(window as unknown as { __viewer: typeof hook }).__viewer = hook;
