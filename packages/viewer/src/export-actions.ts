import { resolveTheme } from 'mazegen';
import { mazeFileFooter, parsePaper, sheetTitle } from 'mazegen/render';
import {
  exportCellSize,
  exportName,
  exportPath,
  exportTitle,
  graphText,
  hexText,
  renderCommand,
  renderSource,
  squarePoint,
  svgText,
} from './export.js';
import { worker } from './generation.js';
import { byId } from './panel.js';
import { exportMazeOf, setStatus, state } from './state.js';

/** The export buttons, the Print button's sheet and the browser's printing: one path for every grid, the square plug-in adding the hex file and the sheet. */

/** Offers `blob` as a download called `name`. */
function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** RGBA pixels as a PNG file (canvas encoders keep opaque sRGB pixels exact). */
function pngBlobFromPixels(width: number, height: number, pixels: ArrayBuffer): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('this browser cannot draw on a canvas');
  ctx.putImageData(new ImageData(new Uint8ClampedArray(pixels), width, height), 0, 0);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the PNG could not be made'))), 'image/png'),
  );
}

export async function exportAs(kind: 'hex' | 'svg' | 'png' | 'graph'): Promise<void> {
  const shown = state.shown;
  if (!shown) return;
  const m = exportMazeOf(shown);
  const { done, maze } = shown;
  const name = exportName(m);
  if (kind === 'hex' && !m.square) {
    setStatus('The hex file holds plain square mazes only: export this maze as graph JSON.');
    return;
  }
  try {
    const solution = exportPath(m, done.path, done.solverShortest);
    if (kind === 'hex') {
      download(new Blob([hexText(m)], { type: 'text/plain' }), `${name}.txt`);
      setStatus('Saved HEX.');
      return;
    }
    if (kind === 'graph') {
      const text = graphText(m, { solution, perfect: done.perfect, generator: done.generator, shape: done.shape });
      download(new Blob([text], { type: 'application/json' }), `${name}.json`);
      byId('export-command').textContent = m.square
        ? 'The same file from a config with these settings: a-maze-ing render CONFIG --format graph'
        : `The same file from a config: a-maze-ing render CONFIG --format graph (this maze's settings: GRID=${maze.topology.kind}, SEED=${done.seed})`;
      setStatus('Saved the graph JSON.');
      return;
    }
    const cellSize = exportCellSize(maze);
    const path = state.settings.showPath ? solution : undefined;
    const { theme, themeColors } = state;
    setStatus(`Making the ${kind.toUpperCase()}…`);
    const answer = await worker.export({
      kind,
      data: maze.data.slice(0),
      square: m.square,
      entry: m.entry,
      exit: m.exit,
      path: path?.slice(),
      theme,
      cellSize,
      title: exportTitle(m),
    });
    const blob = answer.blob ?? (await pngBlobFromPixels(answer.width, answer.height, answer.pixels!));
    download(blob, `${name}.${kind}`);
    // The colours drawn, not a refused choice still showing in the panel.
    const command = renderCommand(m, kind, cellSize, path !== undefined, {
      theme: theme.name,
      wall: themeColors.walls || undefined,
      background: themeColors.background || undefined,
      path: themeColors.path || undefined,
      pattern: themeColors.pattern42 || undefined,
    });
    byId('export-command').textContent = `The same picture from ${renderSource(m).words}: ${command}`;
    setStatus(`Saved ${kind.toUpperCase()}.`);
  } catch (error) {
    setStatus(`Export failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The Print button (the square plug-in): the puzzle sheet `a-maze-ing render maze-WxH-SEED.txt --format pdf` makes of this maze's hex file. */
export async function printSheet(): Promise<void> {
  const shown = state.shown;
  if (!shown) return;
  const m = exportMazeOf(shown);
  if (!m.square) {
    setStatus('The puzzle sheet is laid out for square mazes only; export the SVG or PNG of this maze instead.');
    return;
  }
  const maze = shown.maze.asMaze();
  const name = exportName(m);
  const paper = parsePaper(byId<HTMLSelectElement>('paper').value) ?? 'a4';
  setStatus('Making the puzzle sheet…');
  try {
    // The sheet's layout and PDF writer come with this module, fetched the first time Print is pressed.
    const { puzzleSheetPdf } = await import('./print-pdf.js');
    const sheet = {
      maze,
      entry: squarePoint(m.maze, m.entry),
      exit: squarePoint(m.maze, m.exit),
      path: exportPath(m, shown.done.path, shown.done.solverShortest),
    };
    const bytes = puzzleSheetPdf([sheet], {
      paper,
      perPage: 1,
      footer: mazeFileFooter(maze, `${name}.txt`, paper),
      title: sheetTitle(maze),
    });
    download(new Blob([bytes.slice().buffer], { type: 'application/pdf' }), `${name}.pdf`);
    byId('export-command').textContent = `The same sheet from the hex file: a-maze-ing render ${name}.txt --format pdf --paper ${paper}`;
    setStatus(`Saved the ${paper === 'a4' ? 'A4' : 'Letter'} puzzle sheet: the maze on page 1, the solution on page 2.`);
  } catch (error) {
    setStatus(`The sheet could not be made: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Printing shows the maze alone, in black on white (the default theme), sized to the page: the export's SVG of it. */
export function preparePrint(): void {
  const holder = byId('print');
  const shown = state.shown;
  if (!shown) {
    holder.replaceChildren();
    return;
  }
  const m = exportMazeOf(shown);
  const path = state.settings.showPath ? exportPath(m, shown.done.path, shown.done.solverShortest) : undefined;
  const svg = svgText(m, { theme: resolveTheme('default'), cellSize: exportCellSize(m.maze), path, title: exportTitle(m) });
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  holder.replaceChildren(document.importNode(doc.documentElement, true));
}
