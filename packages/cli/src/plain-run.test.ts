import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainRun } from './plain-run.js';
import { buildProgram } from './program/build.js';
import { COMMAND_WORDS } from './program/words.js';

/** What Commander hands the default command's action for `argv`, or the error it throws. */
async function commanderReads(argv: string[]): Promise<{ configPath: string; flags: Record<string, unknown> } | { error: string }> {
  const program = buildProgram(80);
  let read: { configPath: string; flags: Record<string, unknown> } | undefined;
  for (const command of program.commands) {
    command.exitOverride().configureOutput({ writeOut: () => {}, writeErr: () => {} });
    if (command.name() === 'generate')
      command.action((configPath: string, flags: Record<string, unknown>) => void (read = { configPath, flags: { ...flags } }));
    else command.action(() => void (read = undefined));
  }
  program.configureOutput({ writeOut: () => {}, writeErr: () => {} });
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    return { error: String(error) };
  }
  return read ?? { error: 'another command ran' };
}

const WORDS = [
  'config.txt',
  'maze.cfg',
  'a b.txt',
  '',
  '-',
  '--',
  '-5',
  '42',
  'x=1',
  'out.txt',
  'dark',
  'generate',
  'validate',
  'help',
  'rendr',
  '--no-display',
  '--no-path',
  '--no-color',
  '--no-animation',
  '-q',
  '--quiet',
  '--stats',
  '--json',
  '--stream',
  '-s',
  '--seed',
  '--seed=7',
  '--seed=',
  '-o',
  '--output',
  '--output=m.txt',
  '--theme',
  '--theme=light',
  '-s=3',
  '--help',
  '-h',
  '--version',
  '-V',
  '--display',
  '--nope',
  '-qs',
  '-x',
  '--no-such',
];

describe('plainRun: the main job read without Commander', () => {
  it('reads the common forms', () => {
    expect(plainRun(['config.txt'], () => true)).toEqual({
      configPath: 'config.txt',
      flags: { display: true, path: true, color: true, animation: true },
    });
    expect(plainRun(['--no-display', 'c.txt', '-s', '9', '--json'], () => true)).toEqual({
      configPath: 'c.txt',
      flags: { display: false, path: true, color: true, animation: true, seed: '9', json: true },
    });
    expect(plainRun(['c.txt', '--output=o.txt', '--theme', 'dark'], () => true)?.flags).toMatchObject({ output: 'o.txt', theme: 'dark' });
  });

  it('leaves everything else to Commander', () => {
    const always = () => true;
    for (const argv of [
      [],
      ['validate', 'm.txt'],
      ['help'],
      ['c.txt', '--help'],
      ['c.txt', '-h'],
      ['--version'],
      ['c.txt', 'd.txt'],
      ['c.txt', '--bogus'],
      ['c.txt', '-s'],
      ['c.txt', '-s', '-3'],
      ['c.txt', '--', 'x'],
      ['c.txt', '-qs', '4'],
    ]) {
      expect(plainRun(argv, always), argv.join(' ')).toBeUndefined();
    }
    // A config that does not exist may be a mistyped command: Commander's action says which.
    expect(plainRun(['valdate'], () => false)).toBeUndefined();
    expect(plainRun(['config.txt'], () => false)).toBeUndefined();
  });

  it('names every command of the tree, and nothing else', () => {
    const program = buildProgram(80);
    const words = program.commands.flatMap((c) => [c.name(), ...c.aliases()]);
    expect([...COMMAND_WORDS].sort()).toEqual(words.sort());
  });

  it('reads any command line it accepts exactly as Commander does (property)', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...WORDS), { maxLength: 7 }), async (argv) => {
        const plain = plainRun(argv, () => true);
        if (plain === undefined) return;
        accepted++;
        const commander = await commanderReads(argv);
        expect(commander, argv.join(' ')).toEqual({ configPath: plain.configPath, flags: plain.flags });
      }),
      { numRuns: 3000 },
    );
    // Enough of the drawn lines are plain for the comparison to mean something.
    expect(accepted).toBeGreaterThan(100);
  });
});
