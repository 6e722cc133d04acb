/* eslint-disable no-control-regex -- the tests read terminal escapes */
/**
 * The distance theme on grids other than the plain square one, in the CLI: the terminal's
 * drawing (here braille) tints each cell's characters in its band, render's PNG fills each cell in its band (legend
 * on stderr), render's SVG ends with the legend.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateMaze, parseGraph, THEMES, type GridMazeRequest } from 'mazegen';
import { DISTANCE_PALETTE, distanceShading } from 'mazegen/render';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { pictureLines, type RenderOptions, type TermPicture } from '../src/term/render.js';
import { assertBuilt, makeTempDir, removeDir, runCli } from './e2e/run-cli.js';

const hex = (r: number, g: number, b: number) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** Each line's characters with the background they are drawn on (24-bit escapes). */
function backgroundsByCell(lines: string[]): string[][] {
  return lines.map((line) => {
    const out: string[] = [];
    let bg = '';
    for (const m of line.matchAll(/\x1b\[([0-9;]*)m|([^\x1b])/g)) {
      if (m[2] !== undefined) out.push(bg);
      else if (m[1].startsWith('48;2;')) bg = hex(...(m[1].split(';').slice(2).map(Number) as [number, number, number]));
    }
    return out;
  });
}

const CASES: [string, GridMazeRequest][] = [
  ['hex', { grid: 'hex', width: 10, height: 7, seed: 42 }],
  ['triangle', { grid: 'triangle', width: 14, height: 6, seed: 42 }],
  ['polar', { grid: 'polar', width: 6, height: 5, seed: 42, entry: 'centre', exit: 'outer' }],
  ['hex heart, braided', { grid: 'hex', width: 12, height: 11, shape: 'heart', seed: 42, entry: 'top', exit: 'bottom', perfect: false }],
];

const braille = (picture: TermPicture, options: Omit<RenderOptions, 'mode'>) => pictureLines(picture, { ...options, mode: 'braille' });

describe('the braille view with the distance theme', () => {
  for (const [name, options] of CASES) {
    it(`${name}: the character at each cell's centre is on its band's colour; the default theme shows no band`, () => {
      const g = generateMaze(options);
      const picture = { maze: g.maze, entry: g.entry, exit: g.exit };
      const scale = { x: 8, y: 8 };
      const cells = backgroundsByCell(braille(picture, { scale, theme: THEMES.distance, depth: 24 }));
      const shading = distanceShading(g.maze, THEMES.distance, g.entry)!;
      const t = g.maze.topology;
      let checked = 0;
      for (let cell = 0; cell < t.size; cell++) {
        // The marks' discs cover their centres.
        if (g.maze.isBlocked(cell) || cell === g.entry || cell === g.exit) continue;
        const c = t.centre(cell);
        // The raster's margin is one dot; a character is 2 dots wide, 4 tall.
        const [x, y] = [Math.floor((1 + c.x * scale.x) / 2), Math.floor((1 + c.y * scale.y) / 4)];
        expect(cells[y][x], `cell ${cell}`).toBe(shading.shadeColors[shading.shade[cell] - 1]);
        checked++;
      }
      expect(checked).toBeGreaterThan(20);
      const plain = backgroundsByCell(braille(picture, { scale, theme: THEMES.default, depth: 24 })).flat();
      expect(DISTANCE_PALETTE.filter((colour) => plain.includes(colour))).toEqual([]);
      // Without colours the dots are the same as any theme's.
      expect(braille(picture, { scale, theme: THEMES.distance, depth: 1 })).toEqual(
        braille(picture, { scale, theme: THEMES.default, depth: 1 }),
      );
    });
  }
});

describe('render --theme distance on other grids', () => {
  it("PNG: the pixel at each cell's centre has its band's colour (the path off), the legend is a note on stderr with -v; SVG: the legend in the picture", () => {
    assertBuilt();
    const dir = makeTempDir('amazeing-grid-distance-');
    try {
      const configs: Record<string, string[]> = {
        'hex.txt': ['GRID=hex', 'WIDTH=8', 'HEIGHT=6', 'ENTRY=0,0', 'EXIT=7,5', 'OUTPUT_FILE=hex.json', 'PERFECT=True', 'SEED=42'],
        'tri.txt': ['GRID=triangle', 'WIDTH=12', 'HEIGHT=5', 'ENTRY=0,0', 'EXIT=11,4', 'OUTPUT_FILE=tri.json', 'PERFECT=True', 'SEED=5'],
        'polar.txt': ['GRID=polar', 'HEIGHT=5', 'ENTRY=centre', 'EXIT=outer', 'OUTPUT_FILE=polar.json', 'PERFECT=False', 'SEED=7'],
      };
      for (const [config, lines] of Object.entries(configs)) {
        writeFileSync(join(dir, config), lines.join('\n') + '\n');
        const graph = runCli(['render', config, '--format', 'graph', '-o', 'g.json'], { cwd: dir });
        expect(graph.status, graph.stderr).toBe(0);
        const { maze, info } = parseGraph(readFileSync(join(dir, 'g.json'), 'utf8'));
        const shading = distanceShading(maze, THEMES.distance, info.entry)!;
        const r = runCli(['render', config, '--format', 'png', '--theme', 'distance', '-o', 'd.png', '-v'], { cwd: dir });
        expect(r.status, r.stderr).toBe(0);
        // The config's seed (as a square config's render says it), then the legend.
        expect(r.stderr).toBe(
          `seed ${info.seed}\na-maze-ing: note: distance from the entry: pale yellow = near (0 moves) ... violet = far (${shading.max} moves)\n`,
        );
        const png = PNG.sync.read(readFileSync(join(dir, 'd.png')));
        const t = maze.topology;
        let checked = 0;
        for (let cell = 0; cell < t.size; cell++) {
          if (maze.isBlocked(cell) || cell === info.entry || cell === info.exit) continue;
          const c = t.centre(cell);
          // render's grid PNG: 16 px a unit, a margin of half of it.
          const i = (Math.floor(8 + c.y * 16) * png.width + Math.floor(8 + c.x * 16)) * 4;
          expect(hex(png.data[i], png.data[i + 1], png.data[i + 2]), `${config} cell ${cell}`).toBe(
            shading.shadeColors[shading.shade[cell] - 1],
          );
          checked++;
        }
        expect(checked).toBeGreaterThan(20);
        const svg = runCli(['render', config, '--format', 'svg', '--theme', 'distance', '-o', 'd.svg'], { cwd: dir });
        expect(svg.status, svg.stderr).toBe(0);
        expect(readFileSync(join(dir, 'd.svg'), 'utf8')).toContain(`>far (${shading.max} moves)</text></g>`);
        expect(runCli(['render', config, '--format', 'png', '-o', 'p.png'], { cwd: dir }).stderr).not.toContain('distance');
      }
    } finally {
      removeDir(dir);
    }
  });
});
