/** File names and values that hold terminal escape sequences: quoted in messages, never obeyed (one line, no ESC byte). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, makeTempDir, removeDir, runCli } from './run-cli.js';

let dir: string;
beforeAll(() => {
  assertBuilt();
  dir = makeTempDir();
});
afterAll(() => removeDir(dir));

const ESC = '\x1b';

describe('an escape sequence in a file name or a value', () => {
  it('is shown as \\x1b in the one-line message, for a missing input, a bad config value and a bad output name', () => {
    const red = `${ESC}[31mred${ESC}[2J.txt`;
    const missing = runCli(['render', red, '-f', 'svg'], { cwd: dir });
    const config = join(dir, 'c.txt');
    writeFileSync(config, `WIDTH=5\nHEIGHT=5\nENTRY=0,0\nEXIT=4,4\nOUTPUT_FILE=m.txt\nPERFECT=True\nGENERATOR=${ESC}[2Jdfs\n`);
    const badValue = runCli(['c.txt', '--no-display'], { cwd: dir });
    writeFileSync(join(dir, 'good.txt'), 'WIDTH=5\nHEIGHT=5\nENTRY=0,0\nEXIT=4,4\nOUTPUT_FILE=m.txt\nPERFECT=True\n');
    const badOutput = runCli(['good.txt', '--no-display', '-o', `nowhere/${red}`], { cwd: dir });
    for (const r of [missing, badValue, badOutput]) {
      expect(r.status).not.toBe(0);
      expect(r.stderr).not.toContain(ESC);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(r.stderr.startsWith('a-maze-ing: ')).toBe(true);
    }
    // A name is quoted with its escape written out; a config line with one is refused as binary at its column.
    expect(missing.stderr).toContain('\\x1b[31mred\\x1b[2J.txt');
    expect(badOutput.stderr).toContain('\\x1b[31mred\\x1b[2J.txt');
    expect(badValue.stderr).toMatch(/line 7: binary byte 0x1b at column 11/);
  });
});
