import { coordinatePair, slotTowardPoint } from 'mazegen/internal';
import { update } from './controls.js';
import { cellWords } from './figures.js';
import { byId } from './panel.js';
import { canvas, setStatus, state, view } from './state.js';

/** Moving the entry or the exit: a click on a cell, or the keyboard cursor (arrows to a neighbour, Enter to place). */

export function setPlacing(which: 'entry' | 'exit' | undefined): void {
  state.placing = state.placing === which ? undefined : which;
  const placing = state.placing;
  byId('move-entry').setAttribute('aria-pressed', String(placing === 'entry'));
  byId('move-exit').setAttribute('aria-pressed', String(placing === 'exit'));
  canvas.classList.toggle('placing', placing !== undefined);
  const shown = state.shown;
  if (placing && shown) {
    view.cursor = placing === 'entry' ? shown.entry : shown.exit;
    announceCursor();
  } else {
    view.cursor = -1;
  }
  view.requestFrame();
}

/** A cell's coordinates as the panel writes them (x,y; polar index,ring). */
function cellPoint(cell: number): { x: number; y: number } {
  const [x, y] = coordinatePair(state.shown!.maze.topology, cell);
  return { x, y };
}

function announceCursor(): void {
  const { placing, shown } = state;
  if (!placing || !shown || view.cursor < 0) return;
  setStatus(
    `Move the ${placing}: cursor on ${cellWords(cellPoint(view.cursor))}. Arrow keys move it${shown.square ? '' : ' to the neighbour that way'}, Enter places the ${placing}, Esc stops. Or click a cell.`,
  );
}

/**
 * Moves the cursor to the neighbour most nearly in the direction (dx, dy) on the picture (an
 * edge stops it): a free one, but on the plain square grid across the 42 too, so a row is
 * walked to its end.
 */
export function moveCursor(dx: number, dy: number): void {
  const shown = state.shown;
  if (!shown || view.cursor < 0) return;
  const maze = shown.maze;
  const slot = slotTowardPoint(maze.topology, view.cursor, dx, dy, 0.3, (next) => shown.square || !maze.isBlocked(next));
  if (slot >= 0) view.cursor = maze.topology.neighbour(view.cursor, slot);
  view.requestFrame();
  announceCursor();
}

export function placeAt(cell: number): void {
  const { placing, shown } = state;
  if (!placing || cell < 0 || !shown) return;
  setPlacing(undefined);
  update({ ...state.settings, [placing]: cellPoint(cell) });
}
