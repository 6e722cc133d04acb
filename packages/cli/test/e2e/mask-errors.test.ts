/** A MASK file that cannot be used: the one-line refusal names the config file, its line and the key, then what is wrong. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, makeTempDir, removeDir, runCli } from './run-cli.js';

let dir: string;
beforeAll(() => {
  assertBuilt();
  dir = makeTempDir();
  writeFileSync(join(dir, 'binary.txt'), 'X\x00\n');
  writeFileSync(join(dir, 'empty.txt'), '');
});
afterAll(() => removeDir(dir));

describe('a bad MASK file', () => {
  it.each([
    ['missing.txt', /^a-maze-ing: cfg\.txt, line 7: MASK: cannot read mask file 'missing\.txt': no such file\n$/],
    ['binary.txt', /^a-maze-ing: cfg\.txt, line 7: MASK: binary\.txt, line 1: binary byte 0x00 at column 2: /],
    ['empty.txt', /^a-maze-ing: cfg\.txt, line 7: MASK: mask file 'empty\.txt' is empty/],
    ['missing.png', /^a-maze-ing: cfg\.txt, line 7: MASK 'missing\.png' does not exist\n$/],
  ])('%s: names cfg.txt, line 7 and MASK', (mask, message) => {
    writeFileSync(join(dir, 'cfg.txt'), `WIDTH=10\nHEIGHT=8\nENTRY=0,0\nEXIT=9,7\nOUTPUT_FILE=m.json\nPERFECT=True\nMASK=${mask}\n`);
    const r = runCli(['cfg.txt', '--no-display'], { cwd: dir });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
