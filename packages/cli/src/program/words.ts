/** The words that name a command on the command line (a test checks them against the command tree). */
export const COMMAND_WORDS: readonly string[] = [
  'generate',
  'validate',
  'render',
  'menu',
  'motd',
  'view',
  'stats',
  'play',
  'completion',
  'help',
];
