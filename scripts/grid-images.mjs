// Writes the README's grid pictures (docs/images/grid-*.svg) from the built library:
// node scripts/grid-images.mjs (after npm run build).
import { writeFileSync } from 'node:fs';
import { generateMaze, shortestPath, THEMES, toSvg } from '../packages/mazegen/dist/mazegen.js';

const PICTURES = {
  'grid-hex': { grid: 'hex', width: 16, height: 11, seed: 42 },
  'grid-triangle': { grid: 'triangle', width: 27, height: 12, seed: 42 },
  'grid-polar': { grid: 'polar', height: 8, seed: 42 },
  'grid-heart': { width: 26, height: 22, shape: 'heart', seed: 42, generator: 'Wilson' },
  // The distance theme on other grids: every cell in its band, no path (the colours tell the way).
  'grid-hex-distance': { grid: 'hex', width: 16, height: 11, seed: 42, theme: 'distance' },
  'grid-polar-distance': { grid: 'polar', height: 8, seed: 42, theme: 'distance' },
};
for (const [name, options] of Object.entries(PICTURES)) {
  const { theme, ...maze } = options;
  const g = generateMaze({ grid: 'square', ...maze, pattern: 'none' });
  const path = theme ? undefined : shortestPath(g.maze, g.entry, g.exit).cells;
  const title = `${name.slice(5).replace('-distance', '')} maze, seed 42${theme ? ', distance from the entry' : ''}`;
  const svg = toSvg(g.maze, {
    entry: g.entry,
    exit: g.exit,
    path,
    theme: theme ? THEMES[theme] : undefined,
    cellSize: options.grid === 'polar' ? 18 : 14,
    title,
  });
  writeFileSync(new URL(`../docs/images/${name}.svg`, import.meta.url), svg);
}
