/** Where the menu keeps its settings unless --settings names a file (shown in `menu --help`). */
import { homedir } from 'node:os';
import { join } from 'node:path';

/** `$XDG_CONFIG_HOME/a-maze-ing/settings.json`, else `~/.config/a-maze-ing/settings.json`. */
export function defaultSettingsPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(env.HOME || homedir(), '.config');
  return join(base, 'a-maze-ing', 'settings.json');
}
