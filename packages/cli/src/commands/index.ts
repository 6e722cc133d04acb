import type { Command } from 'commander';

/** Each sub-command registers itself on the program; adding one is one import and one line. */
export type RegisterCommand = (program: Command) => void;

export const COMMANDS: readonly RegisterCommand[] = [];
