/**
 * A puzzle sheet painted as PDF, once for every face. The library has no dependencies, so
 * the PDF library comes in as an argument: the faces pass pdf-lib's module
 * (`import * as pdfLib from 'pdf-lib'`), whose parts this file names structurally below.
 * The bytes are the same for the same mazes (fixed dates, no ID), whichever face paints.
 */
import { SHEET_CREATOR, puzzleSheet, type SheetMaze, type SheetOptions, type SheetShape } from './sheet.js';

/** The parts of pdf-lib a sheet is painted with (methods, so pdf-lib's own types fit them). */
export interface PdfLibrary {
  PDFDocument: { create(options: { updateMetadata: boolean }): Promise<PdfDocument> };
  StandardFonts: { Helvetica: string };
  LineCapStyle: { Round: unknown; Projecting: unknown };
  grayscale(grey: number): unknown;
  pushGraphicsState(): unknown;
  popGraphicsState(): unknown;
  setFillingColor(color: unknown): unknown;
  setStrokingColor(color: unknown): unknown;
  setLineWidth(width: number): unknown;
  setLineCap(cap: unknown): unknown;
  moveTo(x: number, y: number): unknown;
  lineTo(x: number, y: number): unknown;
  closePath(): unknown;
  fill(): unknown;
  stroke(): unknown;
}

interface PdfDocument {
  setCreationDate(date: Date): void;
  setModificationDate(date: Date): void;
  setProducer(text: string): void;
  setCreator(text: string): void;
  setTitle(text: string): void;
  embedFont(font: string): Promise<PdfFont>;
  addPage(size: [number, number]): PdfPage;
  save(options: { useObjectStreams: boolean }): Promise<Uint8Array>;
}

interface PdfFont {
  widthOfTextAtSize(text: string, size: number): number;
}

interface PdfPage {
  drawText(text: string, options?: { x?: number; y?: number; size?: number; font?: PdfFont; color?: unknown }): void;
  pushOperators(...operators: unknown[]): void;
}

/** Operators handed to pdf-lib a call: few enough to pass as arguments. */
const OPERATOR_SLICE = 8192;

/** The PDF operators of one stroke or fill shape. */
function shapeOperators(pdf: PdfLibrary, shape: Exclude<SheetShape, { kind: 'text' }>): unknown[] {
  const ops: unknown[] = [pdf.pushGraphicsState()];
  if (shape.kind === 'fill') {
    ops.push(pdf.setFillingColor(pdf.grayscale(shape.grey)));
    for (const p of shape.polygons) {
      ops.push(pdf.moveTo(p[0], p[1]));
      for (let i = 2; i < p.length; i += 2) ops.push(pdf.lineTo(p[i], p[i + 1]));
      ops.push(pdf.closePath());
    }
    ops.push(pdf.fill());
  } else {
    ops.push(
      pdf.setStrokingColor(pdf.grayscale(shape.grey)),
      pdf.setLineWidth(shape.width),
      pdf.setLineCap(shape.cap === 'round' ? pdf.LineCapStyle.Round : pdf.LineCapStyle.Projecting),
    );
    for (const l of shape.lines) {
      ops.push(pdf.moveTo(l[0], l[1]));
      for (let i = 2; i < l.length; i += 2) ops.push(pdf.lineTo(l[i], l[i + 1]));
    }
    ops.push(pdf.stroke());
  }
  ops.push(pdf.popGraphicsState());
  return ops;
}

/** The sheet(s) and the answer page(s) of `puzzleSheet` as PDF bytes, painted with `pdf`. */
export async function paintPuzzleSheet(
  pdf: PdfLibrary,
  mazes: readonly SheetMaze[],
  options: SheetOptions & { title?: string },
): Promise<Uint8Array> {
  const doc = await pdf.PDFDocument.create({ updateMetadata: false });
  const fixed = new Date(Date.UTC(2026, 0, 1));
  doc.setCreationDate(fixed);
  doc.setModificationDate(fixed);
  doc.setProducer('a-maze-ing (pdf-lib)');
  doc.setCreator(SHEET_CREATOR);
  doc.setTitle(options.title ?? 'A-Maze-ing puzzle sheet');
  const font = await doc.embedFont(pdf.StandardFonts.Helvetica);
  for (const sheetPage of puzzleSheet(mazes, options, (text, size) => font.widthOfTextAtSize(text, size))) {
    const page = doc.addPage([sheetPage.size[0], sheetPage.size[1]]);
    for (const shape of sheetPage.shapes) {
      if (shape.kind === 'text') page.drawText(shape.text, { x: shape.x, y: shape.y, size: shape.size, font, color: pdf.grayscale(0) });
      else {
        // In slices: spread whole, a big maze's million operators overflowed the call stack (a RangeError).
        const ops = shapeOperators(pdf, shape);
        for (let i = 0; i < ops.length; i += OPERATOR_SLICE) page.pushOperators(...ops.slice(i, i + OPERATOR_SLICE));
      }
    }
  }
  return doc.save({ useObjectStreams: false });
}
