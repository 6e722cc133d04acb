// `npm run clean` removes what the build and the tests leave in the checkout; `npm run fclean`
// (`--all`) also removes node_modules and the shipped config's maze.txt, back to a fresh clone.
import { readdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const all = process.argv.includes('--all');
const targets = [
  'packages/mazegen/dist',
  'packages/cli/dist',
  'packages/cli/bundle',
  'packages/cli/.compile-cache',
  'packages/viewer/dist',
  'packages/cli/viewer',
  'packages/mazegen/tsconfig.tsbuildinfo',
  'packages/cli/tsconfig.tsbuildinfo',
  'test-output',
  'coverage',
  'release',
  'build',
  '.vitest-cache',
];
for (const dir of ['.', 'packages/mazegen', 'packages/cli']) {
  for (const name of readdirSync(`${root}${dir}`)) if (name.endsWith('.tgz')) targets.push(`${dir}/${name}`);
}
if (all)
  targets.push('maze.txt', 'node_modules', 'packages/mazegen/node_modules', 'packages/cli/node_modules', 'packages/viewer/node_modules');
for (const target of targets) rmSync(`${root}${target}`, { recursive: true, force: true });
