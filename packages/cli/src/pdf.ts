/**
 * Puzzle sheets as PDF. What goes where and the bytes are the library's (`puzzleSheet` and
 * `puzzleSheetPdf` in mazegen/render, shared with the viewer's Print button): the same mazes
 * give the same bytes (fixed dates, no ID).
 */
import { PAPER_SIZES } from 'mazegen/render';

export { MAX_PER_PAGE, PEN_PASSAGE, puzzleSheetPdf, sheetLayout } from 'mazegen/render';
export type { MazePlacement, Paper, SheetMaze } from 'mazegen/render';
export const PAPERS = PAPER_SIZES;
