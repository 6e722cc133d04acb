/**
 * Puzzle sheets as PDF (pdf-lib, in the CLI only). What goes where is the library's
 * (`puzzleSheet` in mazegen's render/sheet.ts, shared with the viewer's Print button), and so
 * is the painting (`paintPuzzleSheet`): this file hands it pdf-lib. The same mazes give the
 * same bytes (fixed dates, no ID).
 */
import * as pdfLib from 'pdf-lib';
import { PAPER_SIZES, paintPuzzleSheet, type SheetMaze, type SheetOptions } from 'mazegen/render';

export { MAX_PER_PAGE, PEN_PASSAGE, sheetLayout } from 'mazegen/render';
export type { MazePlacement, Paper, SheetMaze } from 'mazegen/render';
export const PAPERS = PAPER_SIZES;

/** The sheet(s) and the answer page(s) as PDF bytes. */
export function puzzleSheetPdf(mazes: readonly SheetMaze[], options: SheetOptions & { title?: string }): Promise<Uint8Array> {
  return paintPuzzleSheet(pdfLib, mazes, options);
}
