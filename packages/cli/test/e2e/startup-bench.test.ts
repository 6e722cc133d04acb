import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assertBuilt } from './run-cli.js';

/** bench/startup.js (part of `npm run bench`) runs every case in one batch of 5 (a bare Node 26 start is under its clock's 10 ms) and prints its table; no timing is checked. */
describe('bench/startup.js', () => {
  it('times node, --version, the bundled and the unbundled CLI, against node', () => {
    assertBuilt();
    const out = execFileSync(process.execPath, [fileURLToPath(new URL('../../bench/startup.js', import.meta.url)), '1', '5'], {
      encoding: 'utf8',
    });
    expect(out).toMatch(/^CPU: .+; Node v\d+/m);
    for (const name of [
      'node -e 0',
      'a-maze-ing --version',
      'a-maze-ing --help',
      'a-maze-ing config.txt --no-display (bundle/, shipped)',
      'the same without compiled code kept between runs',
      'the same through dist/',
    ]) {
      expect(out).toMatch(new RegExp(`^\\| ${name.replace(/[()/.]/g, '\\$&')}[^|]* \\| \\d+ \\| \\d+\\.\\d\\d \\|$`, 'm'));
    }
  });
});
