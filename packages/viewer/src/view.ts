import { MIN_PITCH, MazePicture, pictureLayout, type DirtyBox, type PictureLayout, type Scene } from './picture.js';

/** The largest maze image kept in memory, in pixels (64 MB of RGBA). */
const MAX_IMAGE_PIXELS = 16_777_216;
/** A frame repaints the changed parts one by one while they cover less than 1/PARTIAL_SHARE of the picture. */
const PARTIAL_SHARE = 4;
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
 * The maze on screen: a pixel image of the scene (`MazePicture`, the library's drawing, into
 * an offscreen canvas) drawn onto the visible canvas at a zoom and offset. Zoom is in canvas
 * pixels per cell.
 */
export class MazeView {
  readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  private readonly image: HTMLCanvasElement;
  private readonly imageCtx: CanvasRenderingContext2D;
  private imageData: ImageData | undefined;
  picture: MazePicture | undefined;
  /** What is drawn; shared with the page and the animation, kept across rebuilds. */
  scene: Scene | undefined;
  /** The drawing's size in drawing units (a square grid's cells), for fitting. */
  private mazeWidth = 0;
  private mazeHeight = 0;
  /** The grid the image is of (its kind, size and wrap): a new one refits. */
  private shapeKey = '';
  /** Canvas pixels per cell. */
  private cellPixels = 10;
  private originX = 0;
  private originY = 0;
  private needsFrame = false;
  pageBackground = '#f4f4f4';
  /** A cell outlined as the keyboard cursor (moving the entry or exit), or -1. */
  cursor = -1;
  /** Canvas pixels kept free at the top and bottom when fitting (the buttons over the canvas). */
  reservedBand = 0;
  /** Draws a whole image elsewhere (the worker); used for big mazes so the page never stalls. */
  drawElsewhere: ((scene: Scene, pitch: number) => Promise<ArrayBuffer>) | undefined;
  /** Whole redraws of mazes with more cells than this go to `drawElsewhere`. */
  asyncCells = 200_000;
  /** While true, edits must be drawn at once (an animation changes the picture cell by cell). */
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
      const g = this.layoutAt(pitch);
      if (g.width * g.height <= MAX_IMAGE_PIXELS && g.width <= MAX_IMAGE_SIDE && g.height <= MAX_IMAGE_SIDE) break;
      pitch--;
    }
    return pitch;
  }

  private layoutAt(pitch: number): PictureLayout {
    if (!this.scene) return { width: 1, height: 1, cellSize: pitch, wallWidth: 1 };
    return pictureLayout(this.scene, pitch);
  }

  /** A new scene (a new maze or new walls): rebuilds the image at the current zoom. */
  setScene(scene: Scene, fit: boolean): void {
    const t = scene.maze.topology;
    const key = `${t.kind} ${t.width}x${t.height} ${t.wrap}`;
    this.mazeWidth = t.extent.width;
    this.mazeHeight = t.extent.height;
    const sizeChanged = key !== this.shapeKey;
    this.shapeKey = key;
    this.scene = scene;
    if (fit || sizeChanged) this.fitZoom();
    this.rebuild();
  }

  private rebuild(): void {
    const scene = this.scene;
    if (!scene) return;
    const pitch = this.imagePitchFor(this.cellPixels);
    const token = ++this.drawToken;
    const g = this.layoutAt(pitch);
    if (this.drawsElsewhere(scene.maze.size)) {
      this.pendingImage = true;
      void this.drawElsewhere!(scene, pitch).then(
        (buffer) => {
          if (token !== this.drawToken) return;
          this.adopt(new ImageData(new Uint8ClampedArray(buffer), g.width), pitch);
          this.pendingImage = false;
        },
        () => {
          // The worker could not draw it (or was stopped): draw here instead, slow but correct.
          if (token !== this.drawToken) return;
          this.pendingImage = false;
          this.adopt(this.imageCtx.createImageData(g.width, g.height), pitch, true);
        },
      );
      return;
    }
    this.pendingImage = false;
    const reuse = this.imageData && this.imageData.width === g.width && this.imageData.height === g.height;
    this.adopt(reuse ? this.imageData! : this.imageCtx.createImageData(g.width, g.height), pitch, true);
  }

  private drawsElsewhere(cells: number): boolean {
    return !this.syncOnly && this.drawElsewhere !== undefined && cells > this.asyncCells;
  }

  /** Makes `data` the maze image (drawing it first when `draw`). */
  private adopt(data: ImageData, pitch: number, draw = false): void {
    if (!this.scene) return;
    if (this.image.width !== data.width || this.image.height !== data.height) {
      this.image.width = data.width;
      this.image.height = data.height;
    }
    this.imageData = data;
    const pixels = new Uint32Array(data.data.buffer);
    this.picture = new MazePicture(this.scene, pitch, pixels);
    if (draw) this.picture.drawAll();
    else this.picture.markAllDirty();
    this.requestFrame();
  }

  /** Redraws the whole image (after the colours, the path or the walls changed everywhere). */
  redrawAll(): void {
    const picture = this.picture;
    if (!picture) return;
    if (this.drawsElsewhere(picture.cells)) this.rebuild();
    else picture.drawAll();
    this.requestFrame();
  }

  /** Redraws after the theme changed: its wall share may change the image's size. */
  retheme(): void {
    if (!this.picture || !this.scene) return;
    const g = this.layoutAt(this.picture.layout.cellSize);
    if (g.wallWidth !== this.picture.layout.wallWidth) {
      this.center();
      this.rebuild();
    } else this.redrawAll();
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
      const g = this.layoutAt(pitch);
      if (g.width <= availW && g.height <= availH) break;
      pitch--;
    }
    if (pitch < MIN_PITCH) {
      const g = this.layoutAt(MIN_PITCH);
      pitch = MIN_PITCH * Math.min(availW / g.width, availH / g.height);
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
    const g = this.layoutAt(this.imagePitchFor(this.cellPixels));
    const scale = this.cellPixels / g.cellSize;
    return { width: g.width * scale, height: g.height * scale };
  }

  /** Fits the maze to the canvas again. */
  fit(): void {
    if (!this.picture) return;
    this.fitZoom();
    this.rebuild();
  }

  /** Zooms by `factor` keeping the canvas point (cx, cy) fixed. */
  zoom(factor: number, cx = this.canvas.width / 2, cy = this.canvas.height / 2): void {
    if (!this.picture) return;
    let next = this.cellPixels * factor;
    // Whole pixels per cell keep walls crisp once cells are big enough to see.
    if (next >= MIN_PITCH)
      next =
        factor > 1
          ? Math.max(Math.floor(this.cellPixels) + 1, Math.round(next))
          : Math.min(Math.ceil(this.cellPixels) - 1, Math.round(next));
    next = Math.min(400, Math.max(0.05, next));
    if (next === this.cellPixels) return;
    const ratio = next / this.cellPixels;
    this.originX = Math.round(cx - (cx - this.originX) * ratio);
    this.originY = Math.round(cy - (cy - this.originY) * ratio);
    this.cellPixels = next;
    if (this.imagePitchFor(next) !== this.picture.layout.cellSize) this.rebuild();
    this.requestFrame();
  }

  /** Shows cells at `cellPixels` canvas pixels each, centred. */
  setCellPixels(cellPixels: number): void {
    if (!this.picture) return;
    this.cellPixels = Math.max(0.05, cellPixels);
    if (this.imagePitchFor(this.cellPixels) !== this.picture.layout.cellSize) this.rebuild();
    this.center();
    this.requestFrame();
  }

  pan(dx: number, dy: number): void {
    this.originX = Math.round(this.originX + dx);
    this.originY = Math.round(this.originY + dy);
    this.requestFrame();
  }

  placement(): Placement {
    const pitch = this.picture?.layout.cellSize ?? 1;
    return { originX: this.originX, originY: this.originY, scale: this.cellPixels / pitch, cellPixels: this.cellPixels };
  }

  /** The cell under a canvas point, or -1. */
  cellAt(canvasX: number, canvasY: number): number {
    if (!this.picture) return -1;
    const { scale } = this.placement();
    return this.picture.cellAt((canvasX - this.originX) / scale, (canvasY - this.originY) / scale);
  }

  requestFrame(): void {
    this.needsFrame = true;
  }

  /** True until the next animation frame has put the latest image on the canvas. */
  get framePending(): boolean {
    return this.needsFrame || (this.picture?.isDirty ?? false);
  }

  /** Draws when something changed; called once per animation frame. */
  frame(): void {
    const picture = this.picture;
    let boxes: DirtyBox[] = [];
    if (picture && this.imageData) {
      boxes = picture.takeDirty();
      for (const [x, y, w, h] of boxes) this.imageCtx.putImageData(this.imageData, 0, 0, x, y, w, h);
    }
    if (!this.needsFrame && boxes.length === 0) return;
    const ctx = this.ctx;
    const whole = this.needsFrame || !picture;
    this.needsFrame = false;
    ctx.save();
    const { width, height } = this.placedSize();
    const changed = boxes.reduce((n, [, , w, h]) => n + w * h, 0);
    if (!whole && picture && changed * PARTIAL_SHARE < this.image.width * this.image.height) {
      // Parts of the picture changed (an animation's steps, maybe all over a big maze):
      // repaint each part's canvas pixels from its own part of the picture.
      const scale = width / this.image.width;
      if (scale < 1) this.paintShrunk(boxes, scale);
      this.clipTo(boxes);
      if (scale >= 1) {
        ctx.fillStyle = this.pageBackground;
        ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
        ctx.imageSmoothingEnabled = false;
        // Three picture pixels more each side: past the clip's two canvas pixels.
        for (const [x, y, w, h] of boxes) {
          const sx = Math.max(0, x - 3);
          const sy = Math.max(0, y - 3);
          const sw = Math.min(this.image.width, x + w + 3) - sx;
          const sh = Math.min(this.image.height, y + h + 3) - sy;
          ctx.drawImage(this.image, sx, sy, sw, sh, this.originX + sx * scale, this.originY + sy * scale, sw * scale, sh * scale);
        }
      }
      this.drawCursorOf(picture);
      ctx.restore();
      return;
    }
    // Much of the picture changed: the whole picture scaled, under those parts only.
    if (!whole) this.clipTo(boxes);
    ctx.fillStyle = this.pageBackground;
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    if (picture) {
      ctx.imageSmoothingEnabled = width < this.image.width;
      ctx.imageSmoothingQuality = 'high'; // filtered downscaling: a regular grid of walls otherwise shimmers into moiré
      ctx.drawImage(this.image, this.originX, this.originY, width, height);
      this.drawCursorOf(picture);
    }
    ctx.restore();
  }

  /**
   * Paints the canvas pixels under these picture boxes, the picture shrunk by `scale` (< 1)
   * here, each canvas pixel a tent-weighted mean of the picture pixels within 1/scale of its
   * centre (close to the browser's filtered scaling of the whole picture). Drawing a part of
   * the image canvas instead costs a copy and a filtered scaling of the whole image (tens of
   * milliseconds at 2000x2000) whatever the part's size. Canvas pixels the picture covers
   * only in part are left as they are (the whole drawing after the animation paints them).
   */
  private paintShrunk(boxes: DirtyBox[], scale: number): void {
    const src = new Uint32Array(this.imageData!.data.buffer);
    const iw = this.image.width;
    const ih = this.image.height;
    const reach = 1 / scale;
    const left = Math.max(0, Math.ceil(this.originX));
    const top = Math.max(0, Math.ceil(this.originY));
    const right = Math.min(this.canvas.width, Math.floor(this.originX + iw * scale));
    const bottom = Math.min(this.canvas.height, Math.floor(this.originY + ih * scale));
    const taps = Math.ceil(2 * reach) + 1;
    const colFirst = new Int32Array(1);
    const colWeights = new Float64Array(taps);
    const rowWeights = new Float64Array(taps);
    /** The picture pixels (from the returned first one) and weights under canvas pixel `at` along one axis. */
    const weigh = (at: number, origin: number, size: number, weights: Float64Array): number => {
      const centre = (at + 0.5 - origin) / scale;
      const first = Math.max(0, Math.ceil(centre - reach - 0.5));
      const end = Math.min(size, first + taps);
      for (let k = 0; k < taps; k++) {
        const d = Math.abs(first + k + 0.5 - centre);
        weights[k] = first + k < end && d < reach ? 1 - d / reach : 0;
      }
      return first;
    };
    for (const [x, y, w, h] of boxes) {
      const x0 = Math.max(left, Math.floor(this.originX + (x - reach) * scale) - 1);
      const y0 = Math.max(top, Math.floor(this.originY + (y - reach) * scale) - 1);
      const x1 = Math.min(right, Math.ceil(this.originX + (x + w + reach) * scale) + 1);
      const y1 = Math.min(bottom, Math.ceil(this.originY + (y + h + reach) * scale) + 1);
      if (x1 <= x0 || y1 <= y0) continue;
      const out = this.ctx.createImageData(x1 - x0, y1 - y0);
      const px = new Uint32Array(out.data.buffer);
      let k = 0;
      for (let cy = y0; cy < y1; cy++) {
        const r0 = weigh(cy, this.originY, ih, rowWeights);
        for (let cx = x0; cx < x1; cx++, k++) {
          colFirst[0] = weigh(cx, this.originX, iw, colWeights);
          const c0 = colFirst[0];
          let red = 0;
          let green = 0;
          let blue = 0;
          let total = 0;
          for (let r = 0; r < taps; r++) {
            const wr = rowWeights[r];
            if (wr === 0) continue;
            const row = (r0 + r) * iw + c0;
            for (let c = 0; c < taps; c++) {
              const wt = wr * colWeights[c];
              if (wt === 0) continue;
              const v = src[row + c];
              red += wt * (v & 255);
              green += wt * ((v >>> 8) & 255);
              blue += wt * ((v >>> 16) & 255);
              total += wt;
            }
          }
          px[k] = (0xff000000 | (Math.round(blue / total) << 16) | (Math.round(green / total) << 8) | Math.round(red / total)) >>> 0;
        }
      }
      this.ctx.putImageData(out, x0, y0);
    }
  }

  /** Clips the canvas to the screen pixels under these picture boxes (a pixel more each side). */
  private clipTo(boxes: DirtyBox[]): void {
    const ctx = this.ctx;
    const scale = this.placedSize().width / this.image.width;
    ctx.beginPath();
    for (const [x, y, w, h] of boxes) {
      const x0 = Math.floor(this.originX + x * scale) - 2;
      const y0 = Math.floor(this.originY + y * scale) - 2;
      const x1 = Math.ceil(this.originX + (x + w) * scale) + 2;
      const y1 = Math.ceil(this.originY + (y + h) * scale) + 2;
      ctx.rect(x0, y0, x1 - x0, y1 - y0);
    }
    ctx.clip();
  }

  /** The keyboard cursor: the cell's outline in two colours, visible on any theme. */
  private drawCursorOf(picture: MazePicture): void {
    if (this.cursor < 0 || this.cursor >= picture.cells) return;
    const scale = this.cellPixels / picture.layout.cellSize;
    const ctx = this.ctx;
    const corners = picture.painter.outline(this.cursor);
    const line = Math.max(2, Math.round(this.cellPixels / 8));
    ctx.beginPath();
    corners.forEach((p, k) =>
      k === 0
        ? ctx.moveTo(this.originX + p.x * scale, this.originY + p.y * scale)
        : ctx.lineTo(this.originX + p.x * scale, this.originY + p.y * scale),
    );
    ctx.closePath();
    ctx.lineJoin = 'round';
    ctx.lineWidth = 2 * line;
    ctx.strokeStyle = '#ffffff';
    ctx.stroke();
    ctx.lineWidth = line;
    ctx.strokeStyle = '#b3261e';
    ctx.stroke();
  }

  /** A cell's centre on the canvas, in canvas pixels. */
  cellCentre(cell: number): { x: number; y: number } | undefined {
    const picture = this.picture;
    if (!picture) return undefined;
    const { scale } = this.placement();
    const p = picture.painter.centre(cell);
    return { x: this.originX + p.x * scale, y: this.originY + p.y * scale };
  }
}
