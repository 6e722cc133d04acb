/**
 * The Print button's puzzle sheet: the library lays it out (`puzzleSheet`, the same as
 * `a-maze-ing render --format pdf`) and paints it (`paintPuzzleSheet`, the CLI's painter
 * too) with the pdf-lib this module hands it, so the viewer's sheet of a maze and `render`
 * of its hex file are the same bytes (a browser test compares them). The page loads it, and pdf-lib with it,
 * only when Print is pressed (a dynamic import: the first paint never waits for it).
 */
import * as pdfLib from 'pdf-lib';
import { paintPuzzleSheet, type SheetMaze, type SheetOptions } from 'mazegen/render';

/** The sheet and its answer page as PDF bytes (fixed dates, no ID: the same maze, the same bytes). */
export function puzzleSheetPdf(mazes: readonly SheetMaze[], options: SheetOptions & { title: string }): Promise<Uint8Array> {
  return paintPuzzleSheet(pdfLib, mazes, options);
}
