/**
 * Values a command's declaration and its code both need: the formats and shells it
 * accepts, its defaults. Kept apart so the declarations load without the commands.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

export const RENDER_FORMATS = ['svg', 'png', 'pdf', 'ascii', 'unicode', 'blocks', 'json', 'hex', 'graph'] as const;
export type RenderFormat = (typeof RENDER_FORMATS)[number];

export const MOTD_FORMATS = ['picture', 'unicode', 'ascii', 'hex', 'blocks', 'json'] as const;

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** Tried first so the page keeps one origin (and its saved settings) between runs; any free port otherwise. */
export const PREFERRED_PORT = 4242;

/** `$XDG_CONFIG_HOME/a-maze-ing/settings.json`, else `~/.config/a-maze-ing/settings.json`. */
export function defaultSettingsPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(env.HOME || homedir(), '.config');
  return join(base, 'a-maze-ing', 'settings.json');
}
