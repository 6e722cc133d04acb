/** SPEC 8: every bad input is one clear line on stderr, a non-zero exit, no stack trace, nothing clobbered. */
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, makeTempDir, removeDir, runCli, type CliResult } from './run-cli.js';

const GOOD = ['WIDTH=20', 'HEIGHT=15', 'ENTRY=0,0', 'EXIT=19,14', 'OUTPUT_FILE=guarded.txt', 'PERFECT=True', 'SEED=1'];
const SENTINEL = 'an existing output file that no failed run may touch\n';

let dir: string;

beforeAll(() => {
  assertBuilt();
  dir = makeTempDir();
});
afterAll(() => removeDir(dir));

/** GOOD with `key` replaced by `line` (or dropped when line is undefined), extra lines appended. */
function configText(key: string, line: string | undefined, ...extra: string[]): string {
  const lines = GOOD.filter((l) => !l.startsWith(`${key}=`));
  const at = GOOD.findIndex((l) => l.startsWith(`${key}=`));
  if (line !== undefined) lines.splice(at < 0 ? lines.length : at, 0, line);
  return [...lines, ...extra].join('\n') + '\n';
}

function expectOneLineFailure(r: CliResult, status: number, message: RegExp): void {
  expect(r.stdout).toBe('');
  expect(r.stderr).not.toContain('    at ');
  expect(r.stderr.endsWith('\n')).toBe(true);
  expect(r.stderr.split('\n')).toHaveLength(2);
  expect(r.stderr).toMatch(/^a-maze-ing: /);
  expect(r.stderr).toMatch(message);
  expect(r.status).toBe(status);
}

interface Case {
  name: string;
  /** The config's text, or a function that prepares the directory and returns the arguments. */
  text?: string | Buffer;
  args?: () => string[];
  message: RegExp;
  status?: number;
  unprivileged?: boolean;
  env?: Record<string, string>;
}

const CASES: Case[] = [
  { name: 'missing file', args: () => ['no-such-config.txt'], message: /cannot read config file 'no-such-config\.txt': no such file$/m },
  {
    name: 'directory given',
    args: () => [(mkdirSync(join(dir, 'a-dir'), { recursive: true }), 'a-dir')],
    message: /config file 'a-dir' is a directory; expected KEY=VALUE lines/,
  },
  {
    name: 'unreadable file',
    args: () => {
      writeFileSync(join(dir, 'secret.txt'), GOOD.join('\n'));
      chmodSync(join(dir, 'secret.txt'), 0o000);
      return ['secret.txt'];
    },
    unprivileged: true,
    message: /cannot read config file 'secret\.txt': permission denied/,
  },
  {
    name: 'empty file',
    text: '',
    message: /config file 'cfg-\d+\.txt' is empty; expected KEY=VALUE lines \(WIDTH, HEIGHT, ENTRY, EXIT, OUTPUT_FILE, PERFECT\)/,
  },
  { name: 'only comments', text: '# nothing here\n\n', message: /cfg-\d+\.txt: the config has no settings/ },
  {
    name: 'line without =',
    text: configText('HEIGHT', 'HEIGHT 15'),
    message: /cfg-\d+\.txt, line 2: expected KEY=VALUE, got 'HEIGHT 15' \(no '='\)/,
  },
  {
    name: 'unknown key',
    text: configText('WIDTH', 'WIDHT=20'),
    message: /line 1: unknown key 'WIDHT'\. Did you mean WIDTH\? Valid keys: WIDTH, HEIGHT/,
  },
  {
    name: 'duplicate key',
    text: configText('SEED', 'SEED=1', 'seed=2'),
    message: /line 8: SEED is set twice, on line 7 and line 8; keep one/,
  },
  {
    name: 'missing mandatory key',
    text: configText('PERFECT', undefined),
    message: /cfg-\d+\.txt: missing mandatory key PERFECT; a config needs WIDTH, HEIGHT, ENTRY, EXIT, OUTPUT_FILE, PERFECT/,
  },
  {
    name: 'non-integer size',
    text: configText('WIDTH', 'WIDTH=twenty'),
    message: /line 1: WIDTH must be a whole number of cells >= 1, got 'twenty'/,
  },
  {
    name: 'fractional size',
    text: configText('HEIGHT', 'HEIGHT=7.5'),
    message: /line 2: HEIGHT must be a whole number of cells >= 1, got '7\.5'/,
  },
  { name: 'non-positive size', text: configText('WIDTH', 'WIDTH=0'), message: /line 1: WIDTH must be at least 1 cell, got 0/ },
  {
    name: 'negative size',
    text: configText('HEIGHT', 'HEIGHT=-4'),
    message: /line 2: HEIGHT must be a whole number of cells >= 1, got '-4'; sizes count cells/,
  },
  {
    // The cap makes the refusal the same on every machine, whatever its free memory.
    name: 'size too large for memory',
    text: configText('WIDTH', 'WIDTH=40000', 'HEIGHT=40000').replace('HEIGHT=15\n', ''),
    env: { AMAZEING_MAX_MEMORY: '256MiB' },
    message:
      /line \d+: WIDTH x HEIGHT = 40000x40000 is 1600000000 cells, about [\d.]+ GiB of memory .*256 MiB is allowed \(AMAZEING_MAX_MEMORY\), which fits about \d+ cells \(for example \d+x\d+\)/,
  },
  {
    name: 'unreadable memory cap',
    text: configText('WIDTH', 'WIDTH=20'),
    env: { AMAZEING_MAX_MEMORY: 'lots' },
    status: 2,
    message: /AMAZEING_MAX_MEMORY must be a size such as 2G, 512MiB or 1000000 \(bytes\), got 'lots'/,
  },
  {
    name: 'size over the cell limit',
    text: configText('WIDTH', 'WIDTH=3000000000'),
    message: /WIDTH is 3000000000; a maze holds at most 2147483647 cells/,
  },
  {
    name: 'bad boolean',
    text: configText('PERFECT', 'PERFECT=Perhaps'),
    message: /line 6: PERFECT must be True or False \(also 1\/0, yes\/no; any case\), got 'Perhaps'/,
  },
  {
    name: 'malformed coordinate',
    text: configText('ENTRY', 'ENTRY=0;0'),
    message:
      /line 3: ENTRY must be x,y \(two whole numbers, for example 0,0\), a side \(top, bottom, left, right\) or a rule \(farthest, hardest\)/,
  },
  {
    name: 'out-of-range coordinate (1-based reading fits)',
    text: configText('EXIT', 'EXIT=20,15'),
    message:
      /line 4: EXIT \(20,15\) is outside the 20x15 maze: x must be 0\.\.19 and y 0\.\.14 \(INDEX_BASE=0\); counting from 1 it fits: set INDEX_BASE=1/,
  },
  {
    name: 'out-of-range coordinate',
    text: configText('ENTRY', 'ENTRY=0,99'),
    message: /line 3: ENTRY \(0,99\) is outside the 20x15 maze: x must be 0\.\.19 and y 0\.\.14 \(INDEX_BASE=0\)$/m,
  },
  {
    name: 'entry = exit',
    text: configText('EXIT', 'EXIT=0,0'),
    message: /line 4: EXIT \(0,0\) is the same cell as ENTRY \(line 3\); they must differ/,
  },
  {
    name: 'entry = exit through sides (1x1)',
    text: ['WIDTH=1', 'HEIGHT=1', 'ENTRY=top', 'EXIT=bottom', 'OUTPUT_FILE=guarded.txt', 'PERFECT=True'].join('\n') + '\n',
    message: /^a-maze-ing: cfg-\d+\.txt, line 4: ENTRY and EXIT are the same cell \(0,0\); they must differ$/m,
  },
  {
    name: 'entry on the 42 pattern',
    text: configText('ENTRY', 'ENTRY=7,5'),
    message: /line 3: ENTRY \(7,5\) is on the 42 pattern .*choose another cell or set PATTERN=none/,
  },
  {
    name: 'unknown generator',
    text: configText('GENERATOR', 'GENERATOR=Labyrinthine'),
    message: /line \d+: GENERATOR: unknown generator 'Labyrinthine'\..*Valid generators: DFS, Kruskal/,
  },
  {
    name: 'unknown solver',
    text: configText('SOLVER', 'SOLVER=Teleport'),
    message: /line \d+: SOLVER: unknown solver 'Teleport'\..*Valid solvers: AStar, BFS/,
  },
  {
    name: 'output in a missing directory',
    text: configText('OUTPUT_FILE', 'OUTPUT_FILE=nowhere/maze.txt'),
    message: /line 5: OUTPUT_FILE 'nowhere\/maze\.txt': the directory 'nowhere' does not exist/,
  },
  {
    name: 'output directory not writable',
    args: () => {
      mkdirSync(join(dir, 'locked'), { recursive: true });
      chmodSync(join(dir, 'locked'), 0o555);
      writeFileSync(join(dir, 'locked.cfg'), configText('OUTPUT_FILE', 'OUTPUT_FILE=locked/maze.txt'));
      return ['locked.cfg'];
    },
    unprivileged: true,
    message: /line 5: OUTPUT_FILE 'locked\/maze\.txt': the directory 'locked' is not writable/,
  },
  {
    name: 'output file read-only',
    args: () => {
      mkdirSync(join(dir, 'open'), { recursive: true });
      chmodSync(join(dir, 'open'), 0o777);
      writeFileSync(join(dir, 'open/readonly.txt'), SENTINEL);
      chmodSync(join(dir, 'open/readonly.txt'), 0o444);
      writeFileSync(join(dir, 'readonly.cfg'), configText('OUTPUT_FILE', 'OUTPUT_FILE=open/readonly.txt'));
      return ['readonly.cfg'];
    },
    unprivileged: true,
    message: /line 5: OUTPUT_FILE 'open\/readonly\.txt' is read-only; it was left untouched/,
  },
  {
    name: 'output path is a directory',
    text: configText('OUTPUT_FILE', 'OUTPUT_FILE=.'),
    message: /OUTPUT_FILE '\.' is a directory; expected a file path/,
  },
  {
    name: 'binary junk (NUL bytes)',
    text: configText('SEED', 'SEED=1\u0000\u0000'),
    message: /cfg-\d+\.txt, line 7: binary byte 0x00 at column 7: a config file is plain text/,
  },
  {
    name: 'binary junk (an image)',
    text: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]),
    message: /cfg-\d+\.txt, line 1: bytes that are not UTF-8 text at column 1/,
  },
  {
    name: 'bytes that are not UTF-8',
    text: Buffer.concat([Buffer.from('WIDTH=2'), Buffer.from([0xff, 0xfe]), Buffer.from('0\n')]),
    message: /line 1: bytes that are not UTF-8 text at column 8/,
  },
  {
    name: 'a maze file given as the config',
    text: 'D53\nD56\n\n0,0\n0,1\nS\n',
    message:
      /^a-maze-ing: cfg-\d+\.txt is a maze file \(hex rows, entry, exit, path\), not a config; give the KEY=VALUE config it was made from/,
  },
  { name: 'huge file', text: '#'.repeat(2 * 1024 * 1024), message: /config file 'cfg-\d+\.txt' is 2 MiB; the limit is 1 MiB/ },
  {
    name: 'unknown option',
    args: () => ['x.txt', '--frobnicate'],
    status: 2,
    message: /unknown option '--frobnicate' \(see a-maze-ing help generate\)/,
  },
  // A bare a-maze-ing prints a three-line usage instead (help.test.ts).
  {
    name: 'mistyped command',
    args: () => ['valdate', 'maze.txt'],
    status: 2,
    message: /unknown command 'valdate'; did you mean validate\?/,
  },
  {
    name: 'mistyped command alone',
    args: () => ['valdate'],
    status: 2,
    message: /unknown command 'valdate'; did you mean validate\?/,
  },
  { name: 'empty --seed', args: () => ['any.txt', '--seed', ''], status: 2, message: /--seed is empty/ },
];

describe('bad input: one line on stderr, non-zero exit, nothing clobbered', () => {
  let n = 0;
  for (const c of CASES) {
    it(c.name, () => {
      const guarded = join(dir, 'guarded.txt');
      writeFileSync(guarded, SENTINEL);
      let args: string[];
      if (c.args) args = c.args();
      else {
        const name = `cfg-${++n}.txt`;
        writeFileSync(join(dir, name), c.text!);
        args = [name];
      }
      const r = runCli(args, { cwd: dir, unprivileged: c.unprivileged, env: c.env });
      expectOneLineFailure(r, c.status ?? 1, c.message);
      expect(readFileSync(guarded, 'utf8')).toBe(SENTINEL);
      expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    });
  }

  it('leaves a read-only output file as it was', () => {
    expect(readFileSync(join(dir, 'open/readonly.txt'), 'utf8')).toBe(SENTINEL);
    expect(readdirSync(join(dir, 'open'))).toEqual(['readonly.txt']);
  });
});
