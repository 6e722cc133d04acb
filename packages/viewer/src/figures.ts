import { GENERATORS, SOLVERS, type Point } from 'mazegen';
import { byId } from './panel.js';
import { Shade, shadeColorsFor } from './picture.js';
import { isPlainSquare } from './settings.js';
import { canvas, state } from './state.js';

/** What the page says about the maze: the buttons' states, the live figures, the legend and the canvas's description. */

export function updateKeyButtons(): void {
  const { settings, shown, pending, player, playing } = state;
  byId('key-2').setAttribute('aria-pressed', String(settings.showPath));
  byId('play').setAttribute('aria-pressed', String(playing));
  byId('play').textContent = playing ? 'Pause' : 'Play';
  for (const id of ['play', 'step', 'finish']) byId<HTMLButtonElement>(id).disabled = !player;
  byId<HTMLButtonElement>('replay').disabled = !shown || pending !== undefined;
  byId<HTMLButtonElement>('key-p').disabled = !shown || pending !== undefined;
  // The hex file and the print sheet are the square plug-in's: the maze shown has them when it is a plain square one.
  const square = shown ? shown.square : isPlainSquare(settings);
  byId<HTMLButtonElement>('export-hex').disabled = !square;
  byId<HTMLButtonElement>('export-pdf').disabled = !square;
  byId('export-grid-note').hidden = square;
  byId('legend').hidden = !player;
  const algorithm = GENERATORS.find((g) => g.name === settings.generator);
  const solver = SOLVERS.find((s) => s.name === settings.solver);
  byId('algo-info').textContent = [
    algorithm?.description ?? '',
    solver ? `${solver.name}: ${solver.shortest ? 'always a shortest path' : 'a path, not always the shortest'}.` : '',
  ].join(' ');
}

/** The legend's swatches in the colours the animation paints. */
export function updateLegend(): void {
  const colors = shadeColorsFor(state.theme);
  const paint = (id: string, color: string): void => {
    byId(id).style.backgroundColor = color;
  };
  paint('swatch-frontier', colors[Shade.Frontier - 1]);
  paint('swatch-visited', colors[Shade.Visited - 1]);
  paint('swatch-deadend', colors[Shade.DeadEnd - 1]);
  paint('swatch-current', colors[Shade.Current - 1]);
  paint('swatch-path', state.theme.path);
}

export function updateFigures(): void {
  const put = (id: string, text: string): void => {
    byId(id).textContent = text;
  };
  const { shown, player } = state;
  if (!shown) return;
  const { done } = shown;
  if (player) {
    const p = player.progress();
    put('fig-visited', p.visited.toLocaleString('en'));
    put('fig-frontier', p.frontier.toLocaleString('en'));
    put('fig-path', p.phase === 'solve' ? p.pathLength.toLocaleString('en') : '–');
    put('fig-steps', `${p.phase}: ${p.played.toLocaleString('en')} / ${p.total.toLocaleString('en')}`);
  } else {
    put('fig-visited', done.visited.toLocaleString('en'));
    put('fig-frontier', '0');
    put(
      'fig-path',
      done.path.length > 0
        ? `${(done.path.length - 1).toLocaleString('en')} moves${done.solverShortest ? '' : ' (not always shortest)'}`
        : 'no path',
    );
    put(
      'fig-steps',
      done.generateSteps + done.solveSteps > 0 ? (done.generateSteps + done.solveSteps).toLocaleString('en') : 'not recorded',
    );
  }
  put('fig-deadends', done.deadEnds.toLocaleString('en'));
  const level = done.level;
  put(
    'fig-level',
    level
      ? `${level.level}: score ${level.score.toFixed(1)}, candidate ${level.candidate + 1} of ${level.candidates}${level.inBand ? '' : ' (none in the band: the nearest)'}`
      : 'any',
  );
  put('fig-time', `generate ${done.generateMs.toFixed(1)} ms, solve ${done.solveMs.toFixed(1)} ms`);
}

/** Where a square grid's cell lies, in words a listener can picture. */
function placeWords(p: Point, width: number, height: number): string {
  const col = p.x === 0 ? 'left' : p.x === width - 1 ? 'right' : '';
  const row = p.y === 0 ? 'top' : p.y === height - 1 ? 'bottom' : '';
  const where = row && col ? `${row}-${col} corner` : row ? `${row} edge` : col ? `${col} edge` : 'inside';
  return `${p.x},${p.y} (${where})`;
}

/** A cell as the page words it: x,y with its place on a plain square grid, col,row elsewhere, index of ring on the polar grid. */
export function cellWords(p: Point): string {
  const shown = state.shown;
  if (!shown) return `${p.x},${p.y}`;
  const t = shown.maze.topology;
  if (shown.square) return placeWords(p, t.width, t.height);
  return t.kind === 'polar' ? `index ${p.x} of ring ${p.y}` : `${p.x},${p.y}`;
}

/** The canvas's description for screen readers: size, entry, exit, path length. */
export function describeMaze(): void {
  const shown = state.shown;
  if (!shown) return;
  const { done, maze } = shown;
  const t = maze.topology;
  const moves = done.path.length > 0 ? `the ${done.solver} path is ${done.path.length - 1} moves` : 'no path was found';
  const path = `${moves}${state.settings.showPath ? ', shown' : ', hidden'}.`;
  if (shown.square) {
    byId('maze-summary').textContent =
      `A ${t.width} by ${t.height} maze, seed ${done.seed}, made by ${done.generator}. ` +
      `Entry at ${cellWords(done.entry)}, exit at ${cellWords(done.exit)}, counting x,y from 0 at the top-left cell; ${path}`;
    canvas.setAttribute('aria-label', `Maze, ${t.width} by ${t.height}`);
    return;
  }
  const polar = t.kind === 'polar';
  const size = polar ? `${t.height}-ring polar maze (${t.width} cells in the first ring)` : `${t.width} by ${t.height} ${t.kind} maze`;
  const extra = [
    t.wrap !== 'none' ? `wrapped ${t.wrap}` : '',
    done.shape ? `in a ${done.shape} outline` : '',
    shown.settings.mask ? 'masked' : '',
  ]
    .filter(Boolean)
    .join(', ');
  byId('maze-summary').textContent =
    `A ${size}${extra ? `, ${extra}` : ''}, ${maze.countOpenCells()} cells, seed ${done.seed}, made by ${done.generator}. ` +
    `Entry at ${cellWords(done.entry)}, exit at ${cellWords(done.exit)}${polar ? ', counting rings from 0 at the centre and each ring clockwise from north' : ', counting col,row from 0 at the top-left cell'}; ${path}`;
  canvas.setAttribute(
    'aria-label',
    polar ? `Polar maze, ${t.height} rings` : `${t.kind[0].toUpperCase()}${t.kind.slice(1)} maze, ${t.width} by ${t.height}`,
  );
}
