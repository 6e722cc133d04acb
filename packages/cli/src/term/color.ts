/**
 * The one colour policy of every command: --no-color, NO_COLOR, FORCE_COLOR, TERM=dumb and
 * "not a terminal" decide through Node's own tty getColorDepth, and colours reach the
 * terminal as 24-bit, 256-colour or 16-colour escapes accordingly.
 */
import type { WriteStream } from 'node:tty';
import { builtin } from '../builtin.js';

/** Bits of colour a stream shows: 1 (none), 4 (16 colours), 8 (256) or 24 (truecolor). */
export type ColorDepth = 1 | 4 | 8 | 24;

/** A stream as far as colour goes. */
export interface ColorTarget {
  isTTY?: boolean;
}

/**
 * How many colours `stream` gets. `flag` false is --no-color and wins over everything.
 * FORCE_COLOR (0/false off; '', 1, true: 16 colours; 2: 256; 3: truecolor) colours a pipe too and
 * wins over NO_COLOR, as in Node; an empty NO_COLOR counts as unset (no-color.org); otherwise a pipe
 * or a file gets none and a terminal what Node reads from TERM, COLORTERM and the CI variables.
 */
export function colorDepth(stream: ColorTarget, env: NodeJS.ProcessEnv, flag?: boolean): ColorDepth {
  if (flag === false) return 1;
  const clean: NodeJS.ProcessEnv = { ...env };
  if (clean.NO_COLOR === '') delete clean.NO_COLOR;
  const forced = clean.FORCE_COLOR !== undefined;
  // Node warns when both are set; FORCE_COLOR wins either way.
  if (forced) delete clean.NO_COLOR;
  if (!forced && stream.isTTY !== true) return 1;
  // getColorDepth reads only its env argument, so it answers for a pipe as well as for a tty.
  // node:tty loads here, only for a terminal or forced colour (2 ms of every other run's start).
  const tty = builtin('node:tty');
  const depth = tty.WriteStream.prototype.getColorDepth.call(stream as WriteStream, clean);
  return depth >= 24 ? 24 : depth >= 8 ? 8 : depth >= 4 ? 4 : 1;
}

/** The 16 ANSI colours as xterm draws them by default. */
const ANSI16: readonly number[] = [
  0x000000, 0x800000, 0x008000, 0x808000, 0x000080, 0x800080, 0x008080, 0xc0c0c0, 0x808080, 0xff0000, 0x00ff00, 0xffff00, 0x0000ff,
  0xff00ff, 0x00ffff, 0xffffff,
];

function rgb(hex: string): [number, number, number] {
  const v = parseInt(hex.slice(1, 7), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** The xterm 256-colour index nearest to a #rrggbb colour (the 6x6x6 cube or the grey ramp). */
export function ansi256(hex: string): number {
  const [r, g, b] = rgb(hex);
  const levels = [0, 95, 135, 175, 215, 255];
  const nearestLevel = (v: number) => {
    let best = 0;
    for (let i = 1; i < levels.length; i++) if (Math.abs(levels[i] - v) < Math.abs(levels[best] - v)) best = i;
    return best;
  };
  const [ri, gi, bi] = [nearestLevel(r), nearestLevel(g), nearestLevel(b)];
  const cubeError = (levels[ri] - r) ** 2 + (levels[gi] - g) ** 2 + (levels[bi] - b) ** 2;
  const grey = Math.round((r + g + b) / 3);
  const greyIndex = Math.max(0, Math.min(23, Math.round((grey - 8) / 10)));
  const greyValue = 8 + 10 * greyIndex;
  const greyError = (greyValue - r) ** 2 + (greyValue - g) ** 2 + (greyValue - b) ** 2;
  return greyError < cubeError ? 232 + greyIndex : 16 + 36 * ri + 6 * gi + bi;
}

/** The index (0..15) of the ANSI colour nearest to a #rrggbb colour. */
export function ansi16(hex: string): number {
  const [r, g, b] = rgb(hex);
  let best = 0;
  let bestError = Infinity;
  for (let i = 0; i < ANSI16.length; i++) {
    const c = ANSI16[i];
    const error = (((c >> 16) & 255) - r) ** 2 + (((c >> 8) & 255) - g) ** 2 + ((c & 255) - b) ** 2;
    if (error < bestError) [best, bestError] = [i, error];
  }
  return best;
}

/** The ANSI colours (0..15) from the nearest to the farthest from a #rrggbb colour. */
function ansi16ByDistance(hex: string): number[] {
  const [r, g, b] = rgb(hex);
  const error = (c: number) => (((c >> 16) & 255) - r) ** 2 + (((c >> 8) & 255) - g) ** 2 + ((c & 255) - b) ** 2;
  return ANSI16.map((c, i) => [error(c), i])
    .sort((x, y) => x[0] - y[0])
    .map(([, i]) => i);
}

const hexOf = (i: number) => `#${ANSI16[i].toString(16).padStart(6, '0')}`;

/**
 * A theme for a 16-colour terminal: each role takes the nearest ANSI colour that no other
 * role has taken (entry and exit may share one, as may wall and border), so the roles the
 * theme keeps apart stay apart even with 16 colours.
 */
export function themeFor16Colors<
  T extends Record<'background' | 'wall' | 'border' | 'path' | 'entry' | 'exit' | 'pattern', string> & { player?: string },
>(theme: T): T {
  const out = { ...theme };
  const taken = new Map<number, string>();
  // The player's colour (play) comes last, so the maze's own roles map as they always have.
  const roles: (keyof typeof theme & string)[] = ['background', 'wall', 'path', 'entry', 'exit', 'pattern', 'border'];
  if (theme.player !== undefined) roles.push('player');
  for (const role of roles) {
    const partner = role === 'exit' ? 'entry' : role === 'border' ? 'wall' : undefined;
    const colour = theme[role] as string;
    if (partner && colour === theme[partner]) {
      (out as Record<string, string>)[role] = out[partner];
      continue;
    }
    const pick = ansi16ByDistance(colour).find((i) => !taken.has(i)) ?? ansi16(colour);
    taken.set(pick, role);
    (out as Record<string, string>)[role] = hexOf(pick);
  }
  return out;
}

/** The escape that sets the foreground or background to a #rrggbb colour at `depth` ('' at depth 1). */
export function sgrColor(hex: string, layer: 'fg' | 'bg', depth: ColorDepth): string {
  if (depth === 1) return '';
  if (depth === 24) {
    const [r, g, b] = rgb(hex);
    return `\x1b[${layer === 'fg' ? 38 : 48};2;${r};${g};${b}m`;
  }
  if (depth === 8) return `\x1b[${layer === 'fg' ? 38 : 48};5;${ansi256(hex)}m`;
  const i = ansi16(hex);
  const base = layer === 'fg' ? 30 : 40;
  return `\x1b[${i < 8 ? base + i : base + 60 + i - 8}m`;
}

/** Resets colours and attributes. */
export const SGR_RESET = '\x1b[0m';
