import { GENERATORS, SOLVERS } from 'mazegen';
import { CONFIG_KEYS } from 'mazegen/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/program/build.js';
import { assertBuilt, makeTempDir, removeDir, runCli } from './run-cli.js';

let dir: string;
beforeAll(() => {
  assertBuilt();
  dir = makeTempDir();
});
afterAll(() => removeDir(dir));

describe('a-maze-ing --help', () => {
  it('is short: every command, one example, and where the reference is', () => {
    const r = runCli(['--help'], { cwd: dir, env: { COLUMNS: '80' } });
    expect(r).toMatchObject({ status: 0, stderr: '' });
    const help = r.stdout;
    expect(help).toMatch(/^Usage: a-maze-ing CONFIG \[options\] \| <command> \[options\]\n/);
    const program = buildProgram();
    expect(program.commands.length).toBeGreaterThanOrEqual(7);
    for (const command of program.commands) expect(help).toMatch(new RegExp(`^  ${command.name()} `, 'm'));
    expect(help).toContain('  a-maze-ing config.txt ');
    expect(help.replace(/\s+/g, ' ')).toContain('a-maze-ing help generate');
    expect(help.split('\n').length).toBeLessThan(45);
    expect(help.split('\n').every((line) => line.length <= 80)).toBe(true);
    expect(runCli(['-h'], { cwd: dir }).stdout).toBe(runCli(['--help'], { cwd: dir }).stdout);
    expect(runCli(['help'], { cwd: dir }).stdout).toBe(runCli(['--help'], { cwd: dir }).stdout);
  });

  it('help generate documents every option, config key, algorithm, key binding, variable and exit code', () => {
    const r = runCli(['help', 'generate'], { cwd: dir });
    expect(r).toMatchObject({ status: 0, stderr: '' });
    const help = r.stdout;
    const program = buildProgram();
    for (const option of ['--seed <seed>', '--output <file>', '--no-display', '--no-path', '--no-color', '--quiet'])
      expect(help).toContain(option);
    for (const option of program.commands.find((c) => c.name() === 'generate')!.options) expect(help).toContain(option.flags);
    for (const key of CONFIG_KEYS) expect(help).toMatch(new RegExp(`^  ${key.key} +\\S`, 'm'));
    for (const algorithm of [...GENERATORS, ...SOLVERS]) expect(help).toContain(algorithm.name);
    for (const key of ['1', '2', '3', '5', '4, q, Esc, Ctrl-C']) expect(help).toMatch(new RegExp(`^  ${key} +\\S`, 'm'));
    expect(help).toContain('NO_COLOR');
    expect(help.replace(/\s+/g, ' ')).toContain(
      'Exit codes: 0 success; 1 bad input (config, files, sizes) or a maze that breaks a rule; 2 wrong command line',
    );
    expect(runCli(['generate', '--help'], { cwd: dir }).stdout).toBe(help);
    // Wrapped to COLUMNS.
    const narrow = runCli(['help', 'generate'], { cwd: dir, env: { COLUMNS: '60' } }).stdout;
    expect(narrow.split('\n').filter((line) => line.length > 60)).toEqual([]);
  });

  it('a bare a-maze-ing prints a short usage with an example, exit 2; a mistyped command gets a did-you-mean', () => {
    const bare = runCli([], { cwd: dir });
    expect(bare.status).toBe(2);
    expect(bare.stdout).toBe('');
    expect(bare.stderr).toBe(
      'usage: a-maze-ing CONFIG [options]   or   a-maze-ing <command> [options]\nexample: a-maze-ing config.txt\nthe commands and options: a-maze-ing --help\n',
    );
    const typo = runCli(['rendr', 'config.txt'], { cwd: dir });
    expect(typo.status).toBe(2);
    expect(typo.stderr).toMatch(/^a-maze-ing: unknown command 'rendr'; did you mean render\? /);
    // A sub-command's usage error points at its own help.
    const bad = runCli(['render', 'x.txt', '--format', 'zzz'], { cwd: dir });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/\(see a-maze-ing help render\)\n$/);
  });

  it('has help for each command and prints the version', () => {
    const generate = runCli(['generate', '--help'], { cwd: dir });
    expect(generate.stdout).toMatch(/^Usage: a-maze-ing generate \[options\] <config>/);
    expect(generate.status).toBe(0);
    const validate = runCli(['validate', '--help'], { cwd: dir });
    expect(validate.stdout).toMatch(/^Usage: a-maze-ing validate \[options\] <file>/);
    expect(validate.stdout).toContain('--config <config>');
    const version = runCli(['--version'], { cwd: dir });
    expect(version).toMatchObject({ status: 0, stdout: '1.0.0\n' });
  });

  it('rejects an unknown option in one line with exit code 2', () => {
    const r = runCli(['--colour'], { cwd: dir });
    expect(r.status).toBe(2);
    // The default command's option, so its help is the one to see.
    expect(r.stderr).toMatch(/^a-maze-ing: unknown option '--colour'.*\(see a-maze-ing help generate\)\n$/);
  });
});
