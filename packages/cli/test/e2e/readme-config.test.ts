/** Every config block in the READMEs and docs runs through the real CLI exactly as pasted (trailing comments and all). */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseHex } from 'mazegen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, makeTempDir, removeDir, REPO, runCli } from './run-cli.js';

const DOCS = [
  'README.md',
  'packages/cli/README.md',
  'packages/mazegen/README.md',
  ...readdirSync(join(REPO, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** The ```ini blocks that are configs (they set WIDTH), with the file they are in. */
const blocks = DOCS.filter((file) => existsSync(join(REPO, file))).flatMap((file) =>
  [...readFileSync(join(REPO, file), 'utf8').matchAll(/```ini\n([\s\S]*?)```/g)]
    .map((m, i) => ({ name: `${file} #${i + 1}`, text: m[1] }))
    .filter((b) => /^WIDTH=/m.test(b.text)),
);

let dir: string;
beforeAll(() => {
  assertBuilt();
  dir = makeTempDir('amazeing-readme-');
});
afterAll(() => removeDir(dir));

describe('config blocks in the docs', () => {
  it('there are some, the README among them, and one carries trailing comments', () => {
    expect(blocks.map((b) => b.name)).toContain('README.md #1');
    expect(blocks.some((b) => / +# /.test(b.text))).toBe(true);
  });

  it.each(blocks)('$name runs as pasted', ({ name, text }) => {
    const config = join(dir, `${name.replace(/[^\w]+/g, '_')}.txt`);
    writeFileSync(config, text);
    const r = runCli([config, '--no-display'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = /^wrote (\S+):/.exec(r.stdout)![1];
    const file = parseHex(readFileSync(join(dir, out), 'utf8'));
    expect(file.maze.width).toBeGreaterThan(0);
  });
});
