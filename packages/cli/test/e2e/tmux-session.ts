/**
 * The CLI in a tmux pane of a given size, on a tmux server of its own (a private socket),
 * so a test sees the screen a user would: `screen()` is capture-pane with wrapped lines
 * joined, so a line wider than the pane shows as one line longer than the width.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN } from './run-cli.js';

export interface TmuxPane {
  /** The visible screen, one string per row (wrapped lines joined, trailing spaces kept). */
  screen(colours?: boolean): string[];
  /** Resolves when `pattern` shows on the screen; rejects after 30 s. */
  until(pattern: RegExp): Promise<string[]>;
  send(keys: string): void;
  resize(columns: number, rows: number): void;
  /** Whether the command is still running. */
  alive(): boolean;
  kill(): void;
}

const panes = new Set<TmuxPane>();

export function hasTmux(): boolean {
  return spawnSync('tmux', ['-V']).status === 0;
}

/**
 * Runs `a-maze-ing ARGS` in `cwd` in a W x H pane; the pane stays after the command ends so its last screen can be read
 * (`hold`: a shell waits after it, so no "pane is dead" line scrolls the screen).
 */
export function tmuxPane(
  cwd: string,
  args: string,
  size: { columns: number; rows: number },
  env: Record<string, string> = {},
  hold = false,
): TmuxPane {
  // The server's socket lives in the temp dir and is removed with the server, so no run leaves one behind.
  const socket = join(tmpdir(), `amazeing-tmux-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  const tmux = (...argv: string[]) => execFileSync('tmux', ['-S', socket, '-f', '/dev/null', ...argv], { encoding: 'utf8' });
  const exports = Object.entries({ TERM: 'xterm-256color', NO_COLOR: '', FORCE_COLOR: '', COLORTERM: '', COLORFGBG: '', ...env })
    .map(([k, v]) => (v === '' ? `unset ${k};` : `export ${k}='${v}';`))
    .join(' ');
  tmux(
    'new-session',
    '-d',
    '-s',
    'main',
    '-x',
    String(size.columns),
    '-y',
    String(size.rows),
    '-c',
    cwd,
    hold ? `${exports} ${process.execPath} ${BIN} ${args}; sleep 120` : `${exports} exec ${process.execPath} ${BIN} ${args}`,
  );
  tmux('set-option', '-t', 'main', 'remain-on-exit', 'on');
  let killed = false;
  const pane: TmuxPane = {
    screen: (colours = false) => {
      const text = tmux('capture-pane', '-p', '-J', ...(colours ? ['-e'] : []), '-t', 'main');
      return text.replace(/\n$/, '').split('\n');
    },
    until(pattern) {
      return new Promise((resolve, reject) => {
        const started = Date.now();
        const check = () => {
          const rows = pane.screen();
          if (pattern.test(rows.join('\n'))) return resolve(rows);
          if (Date.now() - started > 30_000) return reject(new Error(`no ${pattern} on the screen:\n${rows.join('\n')}`));
          setTimeout(check, 100);
        };
        check();
      });
    },
    send: (keys) => void tmux('send-keys', '-t', 'main', '-l', keys),
    resize: (columns, rows) => void tmux('resize-window', '-t', 'main', '-x', String(columns), '-y', String(rows)),
    alive: () => tmux('display-message', '-p', '-t', 'main', '#{pane_dead}').trim() === '0',
    kill: () => {
      if (killed) return;
      killed = true;
      panes.delete(pane);
      spawnSync('tmux', ['-S', socket, 'kill-server']);
      rmSync(socket, { force: true });
    },
  };
  panes.add(pane);
  return pane;
}

/** Ends every tmux server these tests started. */
export function endPanes(): void {
  for (const pane of [...panes]) pane.kill();
}
