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
  it('documents every command, option, config key, algorithm, key binding and exit code', () => {
    const r = runCli(['--help'], { cwd: dir });
    expect(r).toMatchObject({ status: 0, stderr: '' });
    const help = r.stdout;
    expect(help).toMatch(/^Usage: a-maze-ing CONFIG \[options\] \| <command> \[options\]\n/);
    const program = buildProgram();
    expect(program.commands.length).toBeGreaterThanOrEqual(7);
    for (const command of program.commands) expect(help).toMatch(new RegExp(`^  ${command.name()} `, 'm'));
    for (const option of ['--seed <seed>', '--output <file>', '--no-display', '--no-path', '--no-color', '--quiet', '--version', '--help'])
      expect(help).toContain(option);
    for (const option of program.commands.find((c) => c.name() === 'generate')!.options) expect(help).toContain(option.flags);
    for (const key of CONFIG_KEYS) expect(help).toMatch(new RegExp(`^  ${key.key} +\\S`, 'm'));
    for (const algorithm of [...GENERATORS, ...SOLVERS]) expect(help).toContain(algorithm.name);
    for (const key of ['1', '2', '3', '5', '4, q, Esc, Ctrl-C']) expect(help).toMatch(new RegExp(`^  ${key} +\\S`, 'm'));
    expect(help).toContain('NO_COLOR');
    expect(help.replace(/\s+/g, ' ')).toContain(
      'Exit codes: 0 success; 1 bad input (config, files, sizes) or a maze that breaks a rule; 2 wrong command line',
    );
    expect(runCli(['-h'], { cwd: dir }).stdout).toBe(help);
    expect(runCli(['help'], { cwd: dir }).stdout).toBe(help);
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
    expect(r.stderr).toMatch(/^a-maze-ing: unknown option '--colour'.*\(see a-maze-ing --help\)\n$/);
  });
});
