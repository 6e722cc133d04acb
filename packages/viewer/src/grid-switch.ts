import { DEFAULT_POLAR_FIRST_RING } from 'mazegen/internal';
import { DEFAULT_SETTINGS, endInside, endsForGrid, pointText, wrapsFor, type Settings } from './settings.js';

/** Switching grids: the size and ends a new grid starts with, and the ones each grid had, restored when the user comes back to it. */

/** A grid's size and ends, as the user left them. */
export type GridPlace = Pick<Settings, 'width' | 'height' | 'entry' | 'exit'>;

/** The size and ends last used on each grid (its kind, outline and whether it is masked) this visit. */
export type GridMemory = Record<string, GridPlace>;

/** Which grid a memory entry is for: the kind, the outline, a mask or none (a new mask sets its own size). */
function gridMemoryKey(s: Pick<Settings, 'grid' | 'shape' | 'mask'>): string {
  return `${s.grid} ${s.shape} ${s.mask ? 'masked' : ''}`;
}

/**
 * The grid's fields changed (grid, outline or mask): the size and ends follow the new grid,
 * so that every field stays valid there. Switching back to a grid used this visit restores
 * the size and ends the user had on it (they are noted in `memory` as the grid is left);
 * a grid not used yet starts at its defaults: the polar grid at its own sizes (6 cells in
 * the first ring) and any other from the polar grid at DEFAULT_SETTINGS', the ends at
 * endsForGrid's. A size or ends given in the same change (a text mask sets its size) are
 * kept; an unavailable wrap goes.
 */
export function fitGrid(previous: Settings, next: Settings, memory: GridMemory): Settings {
  const gridChanged = next.grid !== previous.grid || next.shape !== previous.shape || next.mask !== previous.mask;
  if (!gridChanged) return next;
  memory[gridMemoryKey(previous)] = { width: previous.width, height: previous.height, entry: previous.entry, exit: previous.exit };
  const s = { ...next };
  const sizeKept = next.width === previous.width && next.height === previous.height;
  const endsKept = pointText(next.entry) === pointText(previous.entry) && pointText(next.exit) === pointText(previous.exit);
  const remembered = memory[gridMemoryKey(next)];
  if (!wrapsFor(s.grid).includes(s.wrap)) s.wrap = 'none';
  if (remembered && sizeKept && endsKept) {
    Object.assign(s, remembered);
  } else {
    if (sizeKept && s.grid === 'polar' && previous.grid !== 'polar') {
      s.width = DEFAULT_POLAR_FIRST_RING;
      s.height = Math.max(1, Math.min(previous.height, 12));
    } else if (sizeKept && s.grid !== 'polar' && previous.grid === 'polar') {
      s.width = DEFAULT_SETTINGS.width;
      s.height = DEFAULT_SETTINGS.height;
    }
    if (endsKept) Object.assign(s, endsForGrid(s));
  }
  // A remembered end may not fit a wrap chosen since: the grid's defaults then.
  if (!endInside(s, s.entry) || !endInside(s, s.exit)) Object.assign(s, endsForGrid(s));
  return s;
}
