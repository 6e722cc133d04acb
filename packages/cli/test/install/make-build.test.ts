/** `make build` (`npm run pack`): both tarballs and the Python wheel in one folder, each installable as the README says. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'a-maze-ing-make-build-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('make build', () => {
  it('packs the library, the CLI and the Python wheel side by side, and keeps files that are not its own', () => {
    const out = join(work, 'out');
    execFileSync('mkdir', ['-p', out]);
    writeFileSync(join(out, 'notes.txt'), 'mine');
    writeFileSync(join(out, 'mazegen-0.0.1.tgz'), 'stale');
    execFileSync('node', [join(REPO_ROOT, 'scripts/pack-all.mjs'), out], { cwd: REPO_ROOT, stdio: 'pipe' });
    const files = readdirSync(out).sort();
    expect(files).toContain('notes.txt');
    expect(files).not.toContain('mazegen-0.0.1.tgz');
    expect(files.filter((f) => /^mazegen-\d+\.\d+\.\d+\.tgz$/.test(f))).toHaveLength(1);
    expect(files.filter((f) => /^a-maze-ing-\d+\.\d+\.\d+\.tgz$/.test(f))).toHaveLength(1);
    const wheel = files.find((f) => /^amazeing-\d+\.\d+\.\d+-py3-none-any\.whl$/.test(f));
    expect(wheel).toBeDefined();
    // The wheel is a zip holding the package and its metadata.
    const listing = execFileSync('python3', ['-m', 'zipfile', '-l', join(out, wheel!)], { encoding: 'utf8' });
    expect(listing).toMatch(/amazeing\/__init__\.py/);
    expect(listing).toMatch(/\.dist-info\/METADATA/);
  });
});
