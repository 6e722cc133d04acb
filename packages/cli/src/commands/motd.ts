/** `a-maze-ing motd`: today's Maze of the Day (the same maze for everyone on a UTC date). */
import { Option, type Command } from 'commander';
import { generateMaze, mazeOfTheDayOptions, shortestPath, toAscii, toBlocksText, toHex, toJson, toUnicode, utcDateKey } from 'mazegen';
import { colorMode, drawForMenu, exitQuietlyOnClosedPipe } from '../menu/draw.js';
import { dateOption } from './menu.js';

const MOTD_FORMATS = ['picture', 'unicode', 'ascii', 'hex', 'blocks', 'json'] as const;

interface MotdFlags {
  date?: string;
  solution?: boolean;
  format?: (typeof MOTD_FORMATS)[number];
  color: boolean;
}

export function register(program: Command): void {
  program
    .command('motd')
    .description('print the Maze of the Day: one 24x24 maze per UTC date, start on the bottom row, end on the top row')
    .option('--date <YYYY-MM-DD>', 'another day than today (UTC)')
    .option('-s, --solution', 'draw its shortest path')
    .addOption(new Option('-f, --format <format>', 'picture (colours in a terminal), unicode, ascii, hex, blocks or json').choices([...MOTD_FORMATS]))
    .option('--no-color', 'no colours: the picture becomes box-drawing text')
    .action((flags: MotdFlags) => {
      const date = dateOption(flags.date);
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
        default:
          out.write(drawForMenu({ maze, entry, exit, path, background: 'black', foreground: 'white' }, colorMode(process.env, flags.color)));
      }
      const solution = flags.solution ? `; solution: ${best.directions.length} moves` : '';
      out.write(`Maze of the Day ${utcDateKey(date)}: ${maze.width}x${maze.height}, seed ${seed}, start (${entry.x},${entry.y}), end (${exit.x},${exit.y})${solution}\n`);
    });
}
