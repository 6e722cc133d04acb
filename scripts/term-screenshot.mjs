#!/usr/bin/env node
/* eslint-disable no-control-regex -- this script parses ANSI escape sequences on purpose */
// Renders a command's ANSI-coloured terminal output to a PNG (for the docs' screenshots):
// node scripts/term-screenshot.mjs OUT.png [--input TEXT] [--title LINE] [--tmux COLSxROWS] [--keys K] [--light] -- COMMAND ARGS...
// Colours are turned into HTML spans and photographed by Debian's Chromium. --tmux runs the
// command in a tmux pane of that size (a real terminal: interactive screens, fitting) and
// photographs the pane after --keys (typed, then Enter) have had their effect; --light draws
// a light terminal (white page, COLORFGBG=0;15 so THEME=auto picks light).
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const out = args.shift();
let input = '';
if (args[0] === '--input') {
  args.shift();
  input = args.shift().replace(/\\n/g, '\n');
}
let title;
if (args[0] === '--title') {
  args.shift();
  title = args.shift();
}
let pane;
if (args[0] === '--tmux') {
  args.shift();
  const [cols, rows] = args.shift().split('x');
  pane = { cols, rows };
}
let keys = '';
if (args[0] === '--keys') {
  args.shift();
  keys = args.shift();
}
let light = false;
if (args[0] === '--light') {
  args.shift();
  light = true;
}
if (args[0] === '--') args.shift();
const colourEnv = light ? { COLORFGBG: '0;15' } : { COLORFGBG: '15;0' };
const shown =
  title ??
  `$ ${args
    .slice(1)
    .join(' ')
    .replace(/^\S*a-maze-ing\.js/, 'a-maze-ing')}`;
let text;
if (pane) {
  const socket = join(tmpdir(), `term-shot-${process.pid}`);
  const tmux = (...argv) => execFileSync('tmux', ['-S', socket, '-f', '/dev/null', ...argv], { encoding: 'utf8' });
  const quoted = args.map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
  const envs = Object.entries({ TERM: 'xterm-256color', COLORTERM: 'truecolor', ...colourEnv })
    .map(([k, v]) => `${k}='${v}'`)
    .join(' ');
  tmux('new-session', '-d', '-s', 'shot', '-x', pane.cols, '-y', pane.rows, `env ${envs} ${quoted}; sleep 60`);
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  await sleep(2500);
  if (keys) {
    tmux('send-keys', '-t', 'shot', keys, 'Enter');
    await sleep(1500);
  }
  text = `${shown}\n${tmux('capture-pane', '-e', '-p', '-t', 'shot').replace(/\n+$/, '')}`;
  spawnSync('tmux', ['-S', socket, 'kill-server']);
  rmSync(socket, { force: true });
} else {
  const run = spawnSync(args[0], args.slice(1), {
    input,
    encoding: 'utf8',
    env: { ...process.env, COLUMNS: '200', FORCE_COLOR: '3', ...colourEnv },
  });
  text = `${shown}\n${run.stdout}${run.stderr}`;
}

function xterm256(n) {
  const base = [
    '#000000',
    '#800000',
    '#008000',
    '#808000',
    '#000080',
    '#800080',
    '#008080',
    '#c0c0c0',
    '#808080',
    '#ff0000',
    '#00ff00',
    '#ffff00',
    '#0000ff',
    '#ff00ff',
    '#00ffff',
    '#ffffff',
  ];
  if (n < 16) return base[n];
  if (n >= 232) {
    const v = 8 + (n - 232) * 10;
    return `rgb(${v},${v},${v})`;
  }
  const k = n - 16;
  const level = (i) => (i === 0 ? 0 : 55 + i * 40);
  return `rgb(${level(Math.floor(k / 36))},${level(Math.floor(k / 6) % 6)},${level(k % 6)})`;
}

const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
let fg = null;
let bg = null;
let html = '';
for (const part of text.split(/(\x1b\[[0-9;]*m)/)) {
  const m = /^\x1b\[([0-9;]*)m$/.exec(part);
  if (!m) {
    const style = `${fg ? `color:${fg};` : ''}${bg ? `background:${bg};` : ''}`;
    // One div per terminal line, so backgrounds join up without gaps between rows.
    html += part
      .split('\n')
      .map((piece) => (piece ? `<span style="${style}">${escapeHtml(piece)}</span>` : ''))
      .join('</div><div>');
    continue;
  }
  const codes = m[1] === '' ? [0] : m[1].split(';').map(Number);
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i];
    if (c === 0) fg = bg = null;
    else if (c === 39) fg = null;
    else if (c === 49) bg = null;
    else if ((c === 38 || c === 48) && codes[i + 1] === 5) {
      const colour = xterm256(codes[i + 2]);
      if (c === 38) fg = colour;
      else bg = colour;
      i += 2;
    } else if ((c === 38 || c === 48) && codes[i + 1] === 2) {
      const colour = `rgb(${codes[i + 2]},${codes[i + 3]},${codes[i + 4]})`;
      if (c === 38) fg = colour;
      else bg = colour;
      i += 4;
    } else if (c >= 30 && c <= 37) fg = xterm256(c - 30);
    else if (c >= 40 && c <= 47) bg = xterm256(c - 40);
    else if (c >= 90 && c <= 97) fg = xterm256(c - 90 + 8);
  }
}
const [pageBg, pageFg] = light ? ['#ffffff', '#222'] : ['#1e1e1e', '#ddd'];
const page = `<!doctype html><meta charset="utf-8"><body style="margin:0;background:${pageBg}"><style>#t div{height:17px;white-space:pre}#t span{display:inline-block;height:17px;vertical-align:top}</style><div id="t" style="display:inline-block;padding:16px;color:${pageFg};background:${pageBg};font:14px/17px 'DejaVu Sans Mono',monospace"><div>${html}</div></div></body>`;
const dir = mkdtempSync(join(tmpdir(), 'term-shot-'));
writeFileSync(join(dir, 'page.html'), page);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const tab = await browser.newPage({ viewport: { width: 1600, height: 1200 } });
await tab.goto(`file://${join(dir, 'page.html')}`);
await tab.locator('#t').screenshot({ path: out });
await browser.close();
console.log(`wrote ${out}`);
