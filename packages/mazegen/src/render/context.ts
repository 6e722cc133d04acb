/**
 * The minimal drawing surface every picture of a maze goes through: an SVG string
 * builder, the PNG raster, the terminal grid, a canvas adapter and a recording fake in
 * tests all implement it. Coordinates are pixels; colours are '#rrggbb' strings.
 * `role` names what is drawn ('background', 'walls', 'solution', ...) for outputs
 * that can label it (SVG classes); others ignore it.
 */
export interface DrawContext {
  /** Fills an axis-aligned rectangle. */
  fillRect(x: number, y: number, width: number, height: number, color: string, role?: string): void;
  /** Starts a new set of line segments. */
  beginPath(): void;
  /** Starts a segment chain at (x, y). */
  moveTo(x: number, y: number): void;
  /** Extends the chain to (x, y). */
  lineTo(x: number, y: number): void;
  /** Draws the segments since beginPath with square caps and mitred joins. */
  stroke(color: string, lineWidth: number, role?: string): void;
  /** Fills a disc; a context without it gets the square around the disc (drawMaze's topology marks). */
  fillCircle?(x: number, y: number, radius: number, color: string, role?: string): void;
  /** Fills a polygon given as x0, y0, x1, y1, ... (a grid cell's interior: drawMaze's distance tint on a topology). */
  fillPolygon?(points: ArrayLike<number>, color: string, role?: string): void;
}

/** A context that records every call as text: for tests and debugging. */
export class RecordingContext implements DrawContext {
  readonly calls: string[] = [];

  fillRect(x: number, y: number, width: number, height: number, color: string, role?: string): void {
    this.calls.push(`fillRect ${x} ${y} ${width} ${height} ${color}${role ? ` ${role}` : ''}`);
  }

  beginPath(): void {
    this.calls.push('beginPath');
  }

  moveTo(x: number, y: number): void {
    this.calls.push(`moveTo ${x} ${y}`);
  }

  lineTo(x: number, y: number): void {
    this.calls.push(`lineTo ${x} ${y}`);
  }

  stroke(color: string, lineWidth: number, role?: string): void {
    this.calls.push(`stroke ${color} ${lineWidth}${role ? ` ${role}` : ''}`);
  }

  fillCircle(x: number, y: number, radius: number, color: string, role?: string): void {
    this.calls.push(`fillCircle ${x} ${y} ${radius} ${color}${role ? ` ${role}` : ''}`);
  }

  fillPolygon(points: ArrayLike<number>, color: string, role?: string): void {
    this.calls.push(`fillPolygon ${Array.from(points).join(' ')} ${color}${role ? ` ${role}` : ''}`);
  }
}
