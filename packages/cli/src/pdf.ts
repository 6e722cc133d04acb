/**
 * Puzzle sheets as PDF (pdf-lib, in the CLI only). What goes where is the library's
 * (`puzzleSheet` in mazegen's render/sheet.ts, shared with the viewer's Print button); this
 * file only paints its shapes. The bytes are the same for the same mazes (fixed dates, no ID).
 */
import {
  closePath,
  fill,
  grayscale,
  LineCapStyle,
  lineTo,
  moveTo,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  setFillingColor,
  setLineCap,
  setLineWidth,
  setStrokingColor,
  StandardFonts,
  stroke,
  type PDFOperator,
} from 'pdf-lib';
import { PAPER_SIZES, SHEET_CREATOR, puzzleSheet, type SheetMaze, type SheetOptions, type SheetShape } from 'mazegen';

export { MAX_PER_PAGE, PEN_PASSAGE, sheetLayout } from 'mazegen';
export type { MazePlacement, Paper, SheetMaze } from 'mazegen';
export const PAPERS = PAPER_SIZES;

/** The pdf-lib operators of one stroke or fill shape. */
function shapeOperators(shape: Exclude<SheetShape, { kind: 'text' }>): PDFOperator[] {
  const ops: PDFOperator[] = [pushGraphicsState()];
  if (shape.kind === 'fill') {
    ops.push(setFillingColor(grayscale(shape.grey)));
    for (const p of shape.polygons) {
      ops.push(moveTo(p[0], p[1]));
      for (let i = 2; i < p.length; i += 2) ops.push(lineTo(p[i], p[i + 1]));
      ops.push(closePath());
    }
    ops.push(fill());
  } else {
    ops.push(setStrokingColor(grayscale(shape.grey)), setLineWidth(shape.width), setLineCap(shape.cap === 'round' ? LineCapStyle.Round : LineCapStyle.Projecting));
    for (const l of shape.lines) {
      ops.push(moveTo(l[0], l[1]));
      for (let i = 2; i < l.length; i += 2) ops.push(lineTo(l[i], l[i + 1]));
    }
    ops.push(stroke());
  }
  ops.push(popGraphicsState());
  return ops;
}

/** The sheet(s) and the answer page(s) as PDF bytes. */
export async function puzzleSheetPdf(mazes: readonly SheetMaze[], options: SheetOptions & { title?: string }): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fixed = new Date(Date.UTC(2026, 0, 1));
  doc.setCreationDate(fixed);
  doc.setModificationDate(fixed);
  doc.setProducer('a-maze-ing (pdf-lib)');
  doc.setCreator(SHEET_CREATOR);
  doc.setTitle(options.title ?? 'A-Maze-ing puzzle sheet');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const sheetPage of puzzleSheet(mazes, options, (text, size) => font.widthOfTextAtSize(text, size))) {
    const page = doc.addPage([sheetPage.size[0], sheetPage.size[1]]);
    for (const shape of sheetPage.shapes) {
      if (shape.kind === 'text') page.drawText(shape.text, { x: shape.x, y: shape.y, size: shape.size, font, color: grayscale(0) });
      else page.pushOperators(...shapeOperators(shape));
    }
  }
  return doc.save({ useObjectStreams: false });
}
