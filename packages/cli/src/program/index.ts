/**
 * The command tree: each command's name, arguments, options and help, declared without its
 * code. An action loads its command's module when it runs, so a run reads only the code of
 * the command it runs (start-up, issue 13).
 */
import type { Command } from 'commander';
import { register as generate } from './generate.js';
import { register as validate } from './validate.js';
import { register as render } from './render.js';
import { register as menu } from './menu.js';
import { register as motd } from './motd.js';
import { register as view } from './view.js';
import { register as stats } from './stats.js';
import { register as play } from './play.js';
import { register as completion } from './completion.js';

/** Each sub-command declares itself on the program; adding one is one import and one line. */
export type RegisterCommand = (program: Command) => void;

export const COMMANDS: readonly RegisterCommand[] = [generate, validate, render, menu, motd, view, stats, play, completion];
