/**
 * The Print button's puzzle sheet: the library lays it out and writes it (`puzzleSheetPdf`,
 * the same as `a-maze-ing render --format pdf`), so the viewer's sheet of a maze and `render`
 * of its hex file are the same bytes (a browser test compares them). The page loads this
 * module only when Print is pressed (a dynamic import: the first paint never waits for it).
 */
export { puzzleSheetPdf } from 'mazegen/render';
