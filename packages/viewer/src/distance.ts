import { distanceBand, distanceShading } from 'mazegen/render';
import { byId } from './panel.js';
import { shadeColorsFor } from './picture.js';
import { playMode } from './play.js';
import { reducedMotion, state, view } from './state.js';

/** The distance theme: each cell tinted by its distance from the entry, the legend, and the flood that draws it ring by ring. */

/** Cells in order of distance (a counting sort of the BFS distances; unreached cells left out). */
function floodOrder(distances: Int32Array, max: number): Int32Array {
  const counts = new Int32Array(max + 2);
  let reached = 0;
  for (const d of distances) {
    if (d < 0) continue;
    counts[d + 1]++;
    reached++;
  }
  for (let d = 1; d < counts.length; d++) counts[d] += counts[d - 1];
  const order = new Int32Array(reached);
  for (let cell = 0; cell < distances.length; cell++) if (distances[cell] >= 0) order[counts[distances[cell]]++] = cell;
  return order;
}

/**
 * The distance theme's tint on the maze shown (or none for other themes). With `animate`
 * (and motion welcome, on a maze drawn on the page), the colours flood out from the entry
 * over about a second and a half.
 */
export function applyDistance(animate = false): void {
  state.flood = undefined;
  const { shown, scene, theme } = state;
  if (!shown || !scene || state.player || playMode.active) return updateDistanceControls(undefined);
  // The library's grid BFS on every grid: a square maze's distances are its own (GridMaze.fromMaze shares the bytes).
  const shading = distanceShading(shown.maze, theme, shown.entry);
  if (!shading) {
    if (scene.shade) {
      scene.shade = undefined;
      scene.shadeColors = shadeColorsFor(theme);
      view.redrawAll();
    }
    return updateDistanceControls(undefined);
  }
  scene.shadeColors = shading.shadeColors;
  if (animate && !reducedMotion.matches && shown.maze.size <= view.asyncCells) {
    const shade = new Uint8Array(shown.maze.size);
    state.flood = {
      distances: shading.distances,
      order: floodOrder(shading.distances, shading.max),
      max: shading.max,
      next: 0,
      reached: -1,
      shade,
      colors: shading.shadeColors.length,
    };
    scene.shade = shade;
  } else scene.shade = shading.shade;
  view.redrawAll();
  updateDistanceControls(shading.max);
}

/** One frame of the flood: the next rings of cells get their colour. */
export function advanceFlood(): void {
  const f = state.flood;
  if (!f || !view.picture) return;
  f.reached += Math.max(1, Math.ceil(f.max / 90));
  while (f.next < f.order.length && f.distances[f.order[f.next]] <= f.reached) {
    const cell = f.order[f.next++];
    f.shade[cell] = distanceBand(f.distances[cell], f.max, f.colors);
    view.picture.markCell(cell);
  }
  if (f.next >= f.order.length) state.flood = undefined;
  view.requestFrame();
}

function updateDistanceControls(max: number | undefined): void {
  state.distanceMax = max;
  byId('distance-legend').hidden = max === undefined;
  byId('flood').hidden = max === undefined;
  if (max === undefined) return;
  byId('distance-far').textContent = `far (${max.toLocaleString('en')} moves)`;
  const ramp = byId('distance-ramp');
  const colors = state.theme.distance ?? [];
  if (ramp.childElementCount !== colors.length) {
    ramp.replaceChildren(
      ...colors.map((color) => {
        const swatch = document.createElement('i');
        swatch.style.backgroundColor = color;
        return swatch;
      }),
    );
  }
}
