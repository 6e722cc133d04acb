/** `view`'s declaration: serve the browser viewer. Its code loads when it runs (commands/view.ts). */
import type { Command } from 'commander';
import type { ViewFlags } from '../commands/view.js';
import { PREFERRED_PORT } from './choices.js';

export function register(program: Command): void {
  program
    .command('view')
    .description("serve the viewer (a web page) on 127.0.0.1 and open it; shows CONFIG's maze when given")
    .argument('[config]', 'config file whose maze the page shows first')
    .option('--port <n>', `port to listen on (0 = any free port; default ${PREFERRED_PORT} when free, else any)`)
    .option('--no-open', 'do not open a browser (never opened when CI is set)')
    .action(async (config: string | undefined, flags: ViewFlags) => {
      const { view } = await import('../commands/view.js');
      await view(config, flags);
    });
}
