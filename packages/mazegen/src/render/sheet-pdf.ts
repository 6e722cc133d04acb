/**
 * A puzzle sheet as PDF, the same bytes in every face (the CLI's `render --format pdf` and
 * the viewer's Print button): the library lays it out (`puzzleSheet`) and writes it
 * (`writePdf`, with fixed dates and no ID).
 */
import { helveticaWidth, writePdf } from './pdf-document.js';
import { SHEET_CREATOR, puzzleSheet, type SheetMaze, type SheetOptions } from './sheet.js';

/** The date every sheet carries: a date of the run would make the same sheet different bytes. */
const SHEET_DATE = new Date(Date.UTC(2026, 0, 1));

/** The sheet(s) and the answer page(s) of `puzzleSheet` as PDF bytes. */
export function puzzleSheetPdf(mazes: readonly SheetMaze[], options: SheetOptions & { title?: string }): Uint8Array {
  const pages = puzzleSheet(mazes, options, helveticaWidth);
  return writePdf(pages, {
    title: options.title ?? 'A-Maze-ing puzzle sheet',
    creator: SHEET_CREATOR,
    producer: 'a-maze-ing',
    date: SHEET_DATE,
  });
}
