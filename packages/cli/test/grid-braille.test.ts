/* eslint-disable no-control-regex -- the tests read terminal escapes */
/** The braille view of every grid: the library's raster, fitted to the terminal, in dots. */
import { generateGridMaze, solveGridMaze, THEMES, type GridMazeOptions } from 'mazegen';
import { describe, expect, it } from 'vitest';
import { fitGridBraille, gridBrailleLines, gridBrailleSize } from '../src/term/grid-braille.js';
import { visibleWidth } from '../src/term/screen.js';

const strip = (line: string) => line.replace(/\x1b\[[0-9;]*m/g, '');
const BRAILLE = /^[\u2800-\u28ff ]*$/;

function made(options: GridMazeOptions) {
  const g = generateGridMaze(options);
  return { maze: g.maze, entry: g.entry, exit: g.exit, path: solveGridMaze(g.maze, g.entry, g.exit, 'BFS').cells };
}

describe('the braille view of a grid maze', () => {
  const cases: [string, GridMazeOptions][] = [
    ['hex', { grid: 'hex', width: 12, height: 8, seed: 42 }],
    ['polar', { grid: 'polar', width: 6, height: 6, seed: 42, entry: 'centre', exit: 'outer' }],
    ['triangle', { grid: 'triangle', width: 16, height: 6, seed: 42 }],
    ['hex heart', { grid: 'hex', width: 12, height: 11, shape: 'heart', seed: 42, entry: 'top', exit: 'bottom' }],
  ];
  for (const [name, options] of cases) {
    for (const [columns, rows] of [
      [80, 24],
      [132, 43],
      [40, 20],
    ]) {
      it(`${name} fits ${columns}x${rows} with two status rows, in braille only, as large as fits`, () => {
        const picture = made(options);
        const fit = fitGridBraille(picture.maze, { columns, rows }, 2);
        expect(fit.problem).toBeUndefined();
        const lines = gridBrailleLines(picture, { scale: fit.scale!, theme: THEMES.dark, depth: 24 });
        expect(lines.length).toBeLessThanOrEqual(rows - 2);
        for (const line of lines) {
          expect(visibleWidth(line)).toBeLessThanOrEqual(columns);
          expect(strip(line)).toMatch(BRAILLE);
        }
        const text = lines.map(strip).join('');
        expect([...text].filter((c) => c !== ' ' && c !== '\u2800').length).toBeGreaterThan(lines.length * 5);
        // The best fit: 5% larger would not fit (or the cap on dots a unit is reached).
        const bigger = gridBrailleSize(picture.maze, fit.scale! * 1.05);
        expect(fit.scale === 16 || bigger.columns > columns || bigger.rows > rows - 2).toBe(true);
      });
    }
  }

  it('colours the path, the walls and the marks from the theme, and the path goes away when hidden', () => {
    const picture = made({ grid: 'hex', width: 10, height: 7, seed: 9 });
    const fit = fitGridBraille(picture.maze, { columns: 80, rows: 24 }, 2);
    const theme = THEMES.dark;
    const fg = (hex: string) => `\x1b[38;2;${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(';')}m`;
    const shown = gridBrailleLines(picture, { scale: fit.scale!, theme, depth: 24 }).join('\n');
    for (const colour of [theme.wall, theme.path, theme.entry, theme.exit]) expect(shown).toContain(fg(colour));
    expect(shown).toContain(`\x1b[48;2;${[1, 3, 5].map((i) => parseInt(theme.background.slice(i, i + 2), 16)).join(';')}m`);
    const hidden = gridBrailleLines({ ...picture, path: undefined }, { scale: fit.scale!, theme, depth: 24 }).join('\n');
    expect(hidden).not.toContain(fg(theme.path));
    // Without colour: the same dots less every other path dot, no escapes.
    const plain = gridBrailleLines(picture, { scale: fit.scale!, theme, depth: 1 });
    expect(plain.join('')).not.toContain('\x1b');
    expect(plain.join('\n')).not.toBe(gridBrailleLines({ ...picture, path: undefined }, { scale: fit.scale!, theme, depth: 1 }).join('\n'));
  });

  it('says in one line when the maze does not fit, and draws at a fixed size into a pipe', () => {
    const big = made({ grid: 'hex', width: 200, height: 150, seed: 1 });
    const fit = fitGridBraille(big.maze, { columns: 80, rows: 24 }, 2);
    expect(fit.problem).toMatch(/^a 200x150 hex maze needs \d+ columns even in braille, the terminal has 80$/);
    const polar = made({ grid: 'polar', width: 6, height: 30, seed: 1 });
    expect(fitGridBraille(polar.maze, { columns: 300, rows: 24 }, 2).problem).toMatch(
      /^a 30-ring polar maze needs \d+ rows even in braille, the terminal has 24$/,
    );
    expect(fitGridBraille(polar.maze, {}).scale).toBe(4);
    expect(fitGridBraille(big.maze, {}).problem).toMatch(/too big to draw outside a terminal/);
  });
});
