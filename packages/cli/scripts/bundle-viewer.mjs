// Copies the built viewer (packages/viewer/dist) into this package as viewer/, so the
// tarball carries it and `a-maze-ing view` finds it beside its own code wherever it is installed.
import { cpSync, existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const source = fileURLToPath(new URL('../../viewer/dist/', import.meta.url));
const target = fileURLToPath(new URL('../viewer/', import.meta.url));

if (!existsSync(`${source}index.html`)) {
  console.error(`bundle-viewer: ${source}index.html is missing: build the viewer first (npm run build at the repository root)`);
  process.exit(1);
}
rmSync(target, { recursive: true, force: true });
cpSync(source, target, { recursive: true });
