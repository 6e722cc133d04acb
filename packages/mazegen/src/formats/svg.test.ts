import { describe, expect, it } from 'vitest';
import { generateMaze } from '../generate.js';
import { shortestPath } from '../solve.js';
import { EAST, SOUTH, type Maze } from '../maze.js';
import { toSvg } from './svg.js';

/** Straight runs of closed inner walls, counted cell by cell. */
function innerRuns(maze: Maze): number {
  const { width: w, height: h } = maze;
  let runs = 0;
  for (let y = 0; y < h - 1; y++) {
    for (let x = 0; x < w; x++) {
      const closed = maze.hasWall(y * w + x, SOUTH);
      const leftClosed = x > 0 && maze.hasWall(y * w + x - 1, SOUTH);
      if (closed && !leftClosed) runs++;
    }
  }
  for (let x = 0; x < w - 1; x++) {
    for (let y = 0; y < h; y++) {
      const closed = maze.hasWall(y * w + x, EAST);
      const upClosed = y > 0 && maze.hasWall((y - 1) * w + x, EAST);
      if (closed && !upClosed) runs++;
    }
  }
  return runs;
}

/** A small well-formedness check: every tag closes, in order, and attributes are quoted. */
function wellFormed(xml: string): boolean {
  const stack: string[] = [];
  const body = xml.replace(/^<\?xml[^>]*\?>\s*/, '');
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (let m = tag.exec(body); m; m = tag.exec(body)) {
    if (body.slice(last, m.index).includes('<')) return false;
    last = tag.lastIndex;
    if (m[1]) {
      if (stack.pop() !== m[2]) return false;
    } else if (!m[4]) stack.push(m[2]);
  }
  return stack.length === 0 && !body.slice(last).includes('<');
}

function attr(svg: string, cls: string, name: string): string | undefined {
  const el = new RegExp(`<(?:path|rect) class="${cls}"[^>]*>`).exec(svg)?.[0];
  return el ? new RegExp(`${name}="([^"]*)"`).exec(el)?.[1] : undefined;
}

describe('SVG export', () => {
  const g = generateMaze({ width: 20, height: 14, seed: 'svg' });
  const path = shortestPath(g.maze, g.entry, g.exit).cells;

  it('is well-formed, sized by cell size and margin', () => {
    const svg = toSvg(g.maze, { entry: g.entry, exit: g.exit, cellSize: 10, margin: 4 });
    expect(wellFormed(svg)).toBe(true);
    expect(wellFormed('<svg><g></svg></g>')).toBe(false);
    // 2 * margin + 20 * 10 + wall (round(10 * 0.125) = 1).
    expect(svg).toContain('width="209" height="149"');
  });

  it('draws each straight run of inner walls as one segment, and the border as four', () => {
    const svg = toSvg(g.maze, { entry: g.entry, exit: g.exit });
    const walls = attr(svg, 'walls', 'd') ?? '';
    expect(walls.match(/M/g)?.length).toBe(innerRuns(g.maze));
    expect((attr(svg, 'border', 'd') ?? '').match(/M/g)?.length).toBe(4);
  });

  it('fills the 18 cells of the 42, marks entry and exit, and adds the solution when asked', () => {
    const plain = toSvg(g.maze, { entry: g.entry, exit: g.exit });
    expect(plain.match(/class="pattern"/g)?.length).toBe(18);
    expect(plain).toContain('class="entry"');
    expect(plain).toContain('class="exit"');
    expect(plain).not.toContain('class="solution"');
    const solved = toSvg(g.maze, { entry: g.entry, exit: g.exit, path });
    const d = attr(solved, 'solution', 'd') ?? '';
    expect(d.startsWith('M')).toBe(true);
    expect(d.match(/[HV]/g)?.length).toBeGreaterThan(1);
  });

  it('uses the theme and the named colours', () => {
    const heat = toSvg(g.maze, { theme: 'heatmap', path, entry: g.entry, exit: g.exit });
    expect(attr(heat, 'background', 'fill')).toBe('#2850a8');
    expect(attr(heat, 'walls', 'stroke')).toBe('#b0b0b0');
    expect(attr(heat, 'entry', 'fill')).toBe('#ff9933');
    const named = toSvg(g.maze, { colors: { wall: 'magenta', background: '#fffbe6' } });
    expect(attr(named, 'walls', 'stroke')).toBe('#c2169f');
    expect(attr(named, 'border', 'stroke')).toBe('#c2169f');
    expect(attr(named, 'background', 'fill')).toBe('#fffbe6');
    expect(() => toSvg(g.maze, { colors: { wall: 'yellow' } })).toThrow(/wall colour yellow .* too faint on the background white/);
    expect(() => toSvg(g.maze, { theme: 'neon' })).toThrow(/default, light, dark, high-contrast, matlab/);
    expect(() => toSvg(g.maze, { colors: { wall: 'chartreuse' } })).toThrow(/colour name/);
  });
});
