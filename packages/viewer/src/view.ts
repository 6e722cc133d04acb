import { MazeRaster, MIN_PITCH, PAINT_COUNT, geometryFor, rgbaWord } from './raster.js';

/** The largest maze image kept in memory, in pixels (64 MB of RGBA). */
const MAX_IMAGE_PIXELS = 16_777_216;
/** Browsers refuse canvases longer than this on a side. */
const MAX_IMAGE_SIDE = 16_384;

/** Where the maze image sits on the screen canvas, in canvas pixels. */
export interface Placement {
  /** Canvas pixel of the image's top-left corner. */
  originX: number;
  originY: number;
  /** Canvas pixels per image pixel (1 at the fitted view of mazes that fit). */
  scale: number;
  /** Canvas pixels per cell. */
  cellPixels: number;
}

/**
 * The maze on screen: a pixel image of the maze (`MazeRaster` into an offscreen canvas)
 * drawn onto the visible canvas at a zoom and offset. Zoom is in canvas pixels per cell.
 */
export class MazeView {
  readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  private readonly image: HTMLCanvasElement;
  private readonly imageCtx: CanvasRenderingContext2D;
  private imageData: ImageData | undefined;
  raster: MazeRaster | undefined;
  private mazeWidth = 0;
  private mazeHeight = 0;
  /** Canvas pixels per cell. */
  private cellPixels = 10;
  private originX = 0;
  private originY = 0;
  private needsFrame = false;
  pageBackground = '#f4f4f4';
  /** Canvas pixels kept free at the top and bottom when fitting (the buttons over the canvas). */
  reservedBand = 0;
  /** Draws a whole image elsewhere (the worker); used for big mazes so the page never stalls. */
  rasterElsewhere: ((width: number, height: number, pitch: number, cells: Uint8Array, paint: Uint8Array, palette: Uint32Array) => Promise<ArrayBuffer>) | undefined;
  /** Whole redraws of mazes with more cells than this go to `rasterElsewhere`. */
  asyncCells = 200_000;
  /** While true, edits must be drawn at once (an animation paints the raster cell by cell). */
  syncOnly = false;
  /** Counts whole redraws; an image drawn elsewhere for an older one is dropped. */
  private drawToken = 0;
  /** True while an image is being drawn elsewhere. */
  pendingImage = false;

  constructor(canvas: HTMLCanvasElement) {
    this.canvas = canvas;
    const ctx = canvas.getContext('2d', { alpha: false });
    if (!ctx) throw new Error('this browser cannot draw on a canvas');
    this.ctx = ctx;
    this.image = document.createElement('canvas');
    const imageCtx = this.image.getContext('2d', { alpha: false, willReadFrequently: false });
    if (!imageCtx) throw new Error('this browser cannot draw on a canvas');
    this.imageCtx = imageCtx;
  }

  /** Matches the canvas's backing store to its CSS size and the device pixel ratio. */
  resize(): boolean {
    const ratio = window.devicePixelRatio || 1;
    const rect = this.canvas.getBoundingClientRect();
    const w = Math.max(1, Math.round(rect.width * ratio));
    const h = Math.max(1, Math.round(rect.height * ratio));
    if (w === this.canvas.width && h === this.canvas.height) return false;
    this.canvas.width = w;
    this.canvas.height = h;
    this.requestFrame();
    return true;
  }

  /** The pitch the image is drawn at for a zoom: the zoom itself while memory allows. */
  private imagePitchFor(cellPixels: number): number {
    let pitch = Math.max(MIN_PITCH, Math.floor(cellPixels));
    while (pitch > MIN_PITCH) {
      const g = geometryFor(this.mazeWidth, this.mazeHeight, pitch);
      if (g.imageWidth * g.imageHeight <= MAX_IMAGE_PIXELS && g.imageWidth <= MAX_IMAGE_SIDE && g.imageHeight <= MAX_IMAGE_SIDE) break;
      pitch--;
    }
    return pitch;
  }

  /** A new maze (or new walls/paint arrays): rebuilds the image at the current zoom. */
  setMaze(width: number, height: number, cells: Uint8Array, paint: Uint8Array, palette: Uint32Array, fit: boolean): void {
    const sizeChanged = width !== this.mazeWidth || height !== this.mazeHeight;
    this.mazeWidth = width;
    this.mazeHeight = height;
    if (fit || sizeChanged) this.fitZoom();
    this.rebuild(cells, paint, palette);
  }

  private rebuild(cells: Uint8Array, paint: Uint8Array, palette: Uint32Array): void {
    const pitch = this.imagePitchFor(this.cellPixels);
    const width = this.mazeWidth;
    const height = this.mazeHeight;
    const token = ++this.drawToken;
    if (this.drawsElsewhere(width * height)) {
      this.pendingImage = true;
      void this.rasterElsewhere!(width, height, pitch, cells.slice(), paint.slice(), palette.slice()).then(
        (buffer) => {
          if (token !== this.drawToken) return;
          this.adopt(new ImageData(new Uint8ClampedArray(buffer), geometryFor(width, height, pitch).imageWidth), width, height, pitch, cells, paint, palette);
          this.pendingImage = false;
        },
        () => {
          // The worker could not draw it: draw here instead, slow but correct.
          if (token !== this.drawToken) return;
          this.pendingImage = false;
          const g = geometryFor(width, height, pitch);
          this.adopt(this.imageCtx.createImageData(g.imageWidth, g.imageHeight), width, height, pitch, cells, paint, palette, true);
        },
      );
      return;
    }
    this.pendingImage = false;
    const g = geometryFor(width, height, pitch);
    const reuse = this.imageData && this.imageData.width === g.imageWidth && this.imageData.height === g.imageHeight;
    const data = reuse ? this.imageData! : this.imageCtx.createImageData(g.imageWidth, g.imageHeight);
    this.adopt(data, width, height, pitch, cells, paint, palette, true);
  }

  private drawsElsewhere(cells: number): boolean {
    return !this.syncOnly && this.rasterElsewhere !== undefined && cells > this.asyncCells;
  }

  /** Makes `data` the maze image (drawing it first when `draw`). */
  private adopt(data: ImageData, width: number, height: number, pitch: number, cells: Uint8Array, paint: Uint8Array, palette: Uint32Array, draw = false): void {
    if (this.image.width !== data.width || this.image.height !== data.height) {
      this.image.width = data.width;
      this.image.height = data.height;
    }
    this.imageData = data;
    this.raster = new MazeRaster(width, height, pitch, new Uint32Array(data.data.buffer), cells, paint, palette);
    if (draw) this.raster.drawAll();
    else this.raster.markAllDirty();
    this.requestFrame();
  }

  /** Redraws the whole image (after colours or paint changed everywhere). */
  redrawAll(): void {
    const raster = this.raster;
    if (!raster) return;
    if (this.drawsElsewhere(raster.width * raster.height)) this.rebuild(raster.cells, raster.paint, raster.palette);
    else raster.drawAll();
    this.requestFrame();
  }

  /** Sets the zoom so that the whole maze fits, at a whole number of pixels per cell where it can. */
  fitZoom(): void {
    const margin = 8 * (window.devicePixelRatio || 1);
    const availW = Math.max(1, this.canvas.width - 2 * margin);
    // Symmetric, so the fitted maze stays centred; a canvas too short for the band keeps the plain margin.
    const band = this.canvas.height - 2 * this.reservedBand >= this.canvas.height / 2 ? Math.max(margin, this.reservedBand) : margin;
    const availH = Math.max(1, this.canvas.height - 2 * band);
    // Solve w*p + wall(p) <= avail for the largest whole p; fall back to a fraction below MIN_PITCH.
    let pitch = Math.floor(Math.min((availW - 1) / this.mazeWidth, (availH - 1) / this.mazeHeight));
    while (pitch >= MIN_PITCH) {
      const g = geometryFor(this.mazeWidth, this.mazeHeight, pitch);
      if (g.imageWidth <= availW && g.imageHeight <= availH) break;
      pitch--;
    }
    if (pitch < MIN_PITCH) {
      const g = geometryFor(this.mazeWidth, this.mazeHeight, MIN_PITCH);
      pitch = MIN_PITCH * Math.min(availW / g.imageWidth, availH / g.imageHeight);
    }
    this.cellPixels = pitch;
    this.center();
  }

  private center(): void {
    const { width, height } = this.placedSize();
    this.originX = Math.round((this.canvas.width - width) / 2);
    this.originY = Math.round((this.canvas.height - height) / 2);
  }

  private placedSize(): { width: number; height: number } {
    const g = geometryFor(this.mazeWidth, this.mazeHeight, this.imagePitchFor(this.cellPixels));
    const scale = this.cellPixels / g.pitch;
    return { width: g.imageWidth * scale, height: g.imageHeight * scale };
  }

  /** Fits the maze to the canvas again. */
  fit(): void {
    if (!this.raster) return;
    this.fitZoom();
    this.rebuild(this.raster.cells, this.raster.paint, this.raster.palette);
  }

  /** Zooms by `factor` keeping the canvas point (cx, cy) fixed. */
  zoom(factor: number, cx = this.canvas.width / 2, cy = this.canvas.height / 2): void {
    if (!this.raster) return;
    let next = this.cellPixels * factor;
    // Whole pixels per cell keep walls crisp once cells are big enough to see.
    if (next >= MIN_PITCH) next = factor > 1 ? Math.max(Math.floor(this.cellPixels) + 1, Math.round(next)) : Math.min(Math.ceil(this.cellPixels) - 1, Math.round(next));
    next = Math.min(400, Math.max(0.05, next));
    if (next === this.cellPixels) return;
    const ratio = next / this.cellPixels;
    this.originX = Math.round(cx - (cx - this.originX) * ratio);
    this.originY = Math.round(cy - (cy - this.originY) * ratio);
    this.cellPixels = next;
    if (this.imagePitchFor(next) !== this.raster.geometry.pitch) this.rebuild(this.raster.cells, this.raster.paint, this.raster.palette);
    this.requestFrame();
  }

  /** Shows cells at `cellPixels` canvas pixels each, centred. */
  setCellPixels(cellPixels: number): void {
    if (!this.raster) return;
    this.cellPixels = Math.max(0.05, cellPixels);
    if (this.imagePitchFor(this.cellPixels) !== this.raster.geometry.pitch) this.rebuild(this.raster.cells, this.raster.paint, this.raster.palette);
    this.center();
    this.requestFrame();
  }

  pan(dx: number, dy: number): void {
    this.originX = Math.round(this.originX + dx);
    this.originY = Math.round(this.originY + dy);
    this.requestFrame();
  }

  placement(): Placement {
    const pitch = this.raster?.geometry.pitch ?? 1;
    return { originX: this.originX, originY: this.originY, scale: this.cellPixels / pitch, cellPixels: this.cellPixels };
  }

  /** The cell under a canvas point, or -1. */
  cellAt(canvasX: number, canvasY: number): number {
    if (!this.raster) return -1;
    const { wall } = this.raster.geometry;
    const { scale } = this.placement();
    const x = Math.floor(((canvasX - this.originX) / scale - wall / 2) / this.raster.geometry.pitch);
    const y = Math.floor(((canvasY - this.originY) / scale - wall / 2) / this.raster.geometry.pitch);
    if (x < 0 || y < 0 || x >= this.mazeWidth || y >= this.mazeHeight) return -1;
    return y * this.mazeWidth + x;
  }

  requestFrame(): void {
    this.needsFrame = true;
  }

  /** True until the next animation frame has put the latest image on the canvas. */
  get framePending(): boolean {
    return this.needsFrame || (this.raster?.isDirty ?? false);
  }

  /** Draws when something changed; called once per animation frame. */
  frame(): void {
    const raster = this.raster;
    if (raster && this.imageData) {
      const box = raster.takeDirty();
      if (box) {
        this.imageCtx.putImageData(this.imageData, 0, 0, box[0], box[1], box[2], box[3]);
        this.needsFrame = true;
      }
    }
    if (!this.needsFrame) return;
    this.needsFrame = false;
    const ctx = this.ctx;
    ctx.fillStyle = this.pageBackground;
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    if (!raster) return;
    const { width, height } = this.placedSize();
    ctx.imageSmoothingEnabled = width < this.image.width;
    ctx.imageSmoothingQuality = 'high'; // filtered downscaling: a regular grid of walls otherwise shimmers into moiré
    ctx.drawImage(this.image, this.originX, this.originY, width, height);
  }
}

/** The palette words for the paints, from '#rrggbb' colours in Paint order. */
export function paletteFrom(colors: readonly string[]): Uint32Array {
  const palette = new Uint32Array(PAINT_COUNT);
  for (let i = 0; i < PAINT_COUNT; i++) palette[i] = rgbaWord(colors[i]);
  return palette;
}
