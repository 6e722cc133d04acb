// `npm run pack` (`make build`): the library and CLI tarballs and the Python wheel, side by side in
// build/ (or the folder given as the argument), ready for `npm install ./build/<tarball>` and
// `pip install ./build/<wheel>` (README, "Install from the tarballs"). It packs the built files:
// `npm run pack` builds first, and lifecycle scripts are skipped so packing never rebuilds.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = process.argv[2] ? resolve(process.argv[2]) : `${root}build`;
mkdirSync(out, { recursive: true });
// Only the packages' own older files go: the folder may be the user's.
for (const file of readdirSync(out)) if (/^(mazegen|a-maze-ing|amazeing)-.*\.(tgz|whl)$/.test(file)) rmSync(join(out, file));
for (const dir of ['packages/mazegen', 'packages/cli']) {
  execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', out], {
    cwd: `${root}${dir}`,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
// The Python package builds with its own in-tree backend (standard library only), so no pip or network is needed.
const backend = 'import sys; sys.path.insert(0, "build_backend"); import amazeing_build; print(amazeing_build.build_wheel(sys.argv[1]))';
execFileSync('python3', ['-c', backend, out], { cwd: `${root}python`, stdio: ['ignore', 'ignore', 'inherit'] });
for (const file of readdirSync(out).sort()) console.log(`${process.argv[2] ? out : 'build'}/${file}`);
