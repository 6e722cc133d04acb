/** `a-maze-ing view` refuses a bad config with the same one line as the default command, before it listens. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, makeTempDir, removeDir, runCli } from './run-cli.js';

let dir: string;

beforeAll(() => {
  assertBuilt();
  dir = makeTempDir();
  mkdirSync(join(dir, 'a-dir'));
  writeFileSync(join(dir, 'empty.txt'), '');
  writeFileSync(join(dir, 'image.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
});
afterAll(() => removeDir(dir));

describe('a-maze-ing view with a bad config', () => {
  for (const name of ['missing.txt', 'a-dir', 'empty.txt', 'image.png']) {
    it(`reports ${name} exactly as the default command does`, () => {
      const view = runCli(['view', name, '--port', '0', '--no-open'], { cwd: dir });
      const generate = runCli([name], { cwd: dir });
      expect(view.status).toBe(1);
      expect(view.stdout).toBe('');
      expect(view.stderr.split('\n')).toHaveLength(2);
      expect(view.stderr).toBe(generate.stderr);
    });
  }
});
