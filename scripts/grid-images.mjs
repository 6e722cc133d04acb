// Writes the README's grid pictures (docs/images/grid-*.svg) from the built library:
// node scripts/grid-images.mjs (after npm run build).
import { writeFileSync } from 'node:fs';
import { generateGridMaze, shortestGridPath, toGridSvg } from '../packages/mazegen/dist/index.js';

const PICTURES = {
  'grid-hex': { grid: 'hex', width: 16, height: 11, seed: 42 },
  'grid-triangle': { grid: 'triangle', width: 27, height: 12, seed: 42 },
  'grid-polar': { grid: 'polar', height: 8, seed: 42 },
  'grid-heart': { width: 26, height: 22, shape: 'heart', seed: 42, generator: 'Wilson' },
};
for (const [name, options] of Object.entries(PICTURES)) {
  const g = generateGridMaze({ ...options, pattern: 'none' });
  const path = shortestGridPath(g.maze, g.entry, g.exit).cells;
  const svg = toGridSvg(g.maze, { entry: g.entry, exit: g.exit, path, scale: options.grid === 'polar' ? 18 : 14, title: `${name.slice(5)} maze, seed 42` });
  writeFileSync(new URL(`../docs/images/${name}.svg`, import.meta.url), svg);
}
