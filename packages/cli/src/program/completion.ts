/** `completion`'s declaration: a shell completion script. Its code loads when it runs (commands/completion.ts). */
import type { Command } from 'commander';
import { SHELLS } from './choices.js';

export function register(program: Command): void {
  program
    .command('completion')
    .summary('print a shell completion script (bash, zsh or fish)')
    .description(
      'Print a completion script for bash, zsh or fish, made from the commands and options themselves. ' +
        'bash: a-maze-ing completion bash > ~/.local/share/bash-completion/completions/a-maze-ing; ' +
        'zsh: a-maze-ing completion zsh > "${fpath[1]}/_a-maze-ing"; ' +
        'fish: a-maze-ing completion fish > ~/.config/fish/completions/a-maze-ing.fish',
    )
    .argument('<shell>', `one of ${SHELLS.join(', ')}`)
    .action(async (shell: string) => {
      const { completionAction } = await import('../commands/completion.js');
      completionAction(program, shell);
    });
}
