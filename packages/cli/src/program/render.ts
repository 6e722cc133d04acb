/** `render`'s declaration: draw a maze file or a config's maze in any format. Its code loads when it runs (commands/render.ts). */
import { Option, type Command } from 'commander';
import { THEME_NAMES } from 'mazegen/render';
import type { RenderFlags } from '../commands/render.js';
import { RENDER_FORMATS } from './choices.js';

export function register(program: Command): void {
  program
    .command('render')
    .description("draw a maze file (hex, JSON) or a config's maze as SVG, PNG, ASCII, Unicode, block matrix, JSON or hex")
    .argument(
      '<input>',
      "'-' (standard input), a hex maze file, a maze JSON, an ascii/unicode maze, a block matrix, or a KEY=VALUE config file",
    )
    .addOption(
      new Option('-f, --format <format>', 'output format (default: from the -o extension)').choices([...RENDER_FORMATS, 'text', 'txt']),
    )
    .option('-o, --output <file>', "write here (atomically); '-' or no -o: standard output")
    .option('--force', 'allow -o to name the input file itself (it is replaced by the rendering)')
    .option('-p, --path', 'draw the shortest path (svg, png, ascii, unicode)')
    .option('--cell-size <px>', 'pixels per cell for svg/png (default 16; big PNGs get smaller cells)')
    .option('--margin <px>', 'blank pixels around the maze (default half a cell)')
    .option('--theme <name>', `colour theme: ${THEME_NAMES.join(', ')} (heatmap is matlab)`, 'default')
    .option('--wall-color <colour>', 'wall colour: one of the 13 names (black, blue, ...) or #rrggbb')
    .option('--background <colour>', 'background (passage) colour by name or #rrggbb')
    .option('--path-color <colour>', 'solution colour by name or #rrggbb')
    .option('--pattern-color <colour>', "colour of the '42' cells by name or #rrggbb")
    .option('--paper <size>', 'pdf: a4 (default) or letter')
    .option('--per-page <n>', "pdf: mazes on one sheet (1 to 12, from a config's seed), with an answer page")
    .option('-q, --quiet', 'nothing on stderr but errors')
    .option('-v, --verbose', "also say what is only information: a config's seed, the cell size chosen, the distance legend")
    .addHelpText(
      'after',
      '\nExamples:\n  a-maze-ing render maze.txt -o maze.svg --path\n  a-maze-ing render config.txt --format unicode\n  a-maze-ing render maze.txt -o big.png --theme heatmap\n  a-maze-ing render config.txt -o sheet.pdf --paper letter --per-page 4\n',
    )
    .action(async (input: string, flags: RenderFlags) => {
      const { runRender } = await import('../commands/render.js');
      await runRender(input, flags);
    });
}
