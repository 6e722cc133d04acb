/** `a-maze-ing motd`: today's Maze of the Day (the same maze for everyone on a UTC date). */
import { generateMaze, resolveTheme, toAscii, toHex, toJson, toUnicode } from 'mazegen';
import { mazeOfTheDayOptions, utcDateKey } from 'mazegen/config';
import { shortestPath } from 'mazegen';
import { toBlocksText } from 'mazegen/internal';
import { drawForMenu, exitQuietlyOnClosedPipe } from '../menu/draw.js';
import { colorDepth } from '../term/color.js';
import { surfaceOf, wrapText } from '../term/screen.js';
import { chooseTheme, themeFlag } from '../term/theme.js';
import { dateOption } from './menu.js';
import type { MOTD_FORMATS } from '../program/choices.js';

export interface MotdFlags {
  date?: string;
  solution?: boolean;
  format?: (typeof MOTD_FORMATS)[number];
  color: boolean;
  theme?: string;
}

/** `motd`: the Maze of the Day in the chosen format. */
export function motdAction(flags: MotdFlags): void {
  const date = dateOption(flags.date);
  const themeName = chooseTheme(themeFlag(flags.theme), undefined, process.env).name;
  exitQuietlyOnClosedPipe(process.stdout);
  const generated = generateMaze(mazeOfTheDayOptions(date));
  const { maze, entry, exit, seed } = generated;
  const best = shortestPath(maze, entry, exit);
  const path = flags.solution ? best.cells : undefined;
  const format = flags.format ?? (process.stdout.isTTY ? 'picture' : 'unicode');
  const out = process.stdout;
  switch (format) {
    case 'hex':
      out.write(toHex(maze, { entry, exit, path: best.directions }));
      return;
    case 'json':
      out.write(toJson(maze, { entry, exit, solution: best.directions, generator: generated.generator.name, seed }));
      return;
    case 'blocks':
      out.write(toBlocksText(maze, { entry, exit }));
      return;
    case 'ascii':
      out.write(toAscii(maze, { entry, exit, path }));
      break;
    case 'unicode':
      out.write(toUnicode(maze, { entry, exit, path }));
      break;
    default: {
      const solution = flags.solution ? `; solution: ${best.directions.length} moves` : '';
      const info = `Maze of the Day ${utcDateKey(date)}: ${maze.width}x${maze.height}, seed ${seed}, start (${entry.x},${entry.y}), end (${exit.x},${exit.y})${solution}`;
      const surface = surfaceOf(out);
      const below = wrapText(info, surface.columns);
      // The next prompt takes a row too.
      const drawing = drawForMenu(
        { maze, entry, exit, path },
        resolveTheme(themeName),
        colorDepth(out, process.env, flags.color),
        surface,
        below.length + 1,
      );
      if (drawing.text !== undefined) out.write(drawing.text);
      else
        below.unshift(
          ...wrapText(`${drawing.problem}; see it with 'a-maze-ing motd -f unicode | less -S' or in a larger terminal`, surface.columns),
        );
      out.write(below.map((line) => `${line}\n`).join(''));
      return;
    }
  }
  const solution = flags.solution ? `; solution: ${best.directions.length} moves` : '';
  out.write(
    `Maze of the Day ${utcDateKey(date)}: ${maze.width}x${maze.height}, seed ${seed}, start (${entry.x},${entry.y}), end (${exit.x},${exit.y})${solution}\n`,
  );
}
