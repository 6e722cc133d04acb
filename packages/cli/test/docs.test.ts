import { readFileSync } from 'node:fs';
import { CONFIG_KEYS, generateMaze, parseConfig, toMazeOptions } from 'mazegen';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../src/main.js';
import { formatStats, statsReport } from '../src/stats-report.js';

const docs = readFileSync(new URL('../../../docs/cli.md', import.meta.url), 'utf8');

describe('docs/cli.md', () => {
  it('documents every config key and its aliases', () => {
    for (const key of CONFIG_KEYS) {
      expect(docs).toContain(`| \`${key.key}\``);
      for (const alias of key.aliases) expect(docs).toContain(`\`${alias}\``);
    }
  });

  it('documents every command and every option of generate and validate', () => {
    const program = buildProgram();
    for (const command of program.commands) expect(docs).toContain(`a-maze-ing ${command.name()}`);
    for (const name of ['generate', 'validate']) {
      const command = program.commands.find((c) => c.name() === name)!;
      for (const option of command.options) expect(docs).toContain(option.long!);
    }
  });

  it('documents the exit codes', () => {
    for (const code of ['| 0 |', '| 1 |', '| 2 |', '| 70 |']) expect(docs).toContain(code);
  });
});

describe('docs/analysis.md', () => {
  it("shows what 'a-maze-ing stats config.txt' prints for the shipped config.txt", () => {
    const analysis = readFileSync(new URL('../../../docs/analysis.md', import.meta.url), 'utf8');
    const shown = /```\n\$ a-maze-ing stats config\.txt\n([\s\S]*?)```/.exec(analysis);
    expect(shown).not.toBeNull();
    const config = parseConfig(readFileSync(new URL('../../../config.txt', import.meta.url), 'utf8'), 'config.txt');
    expect(shown![1]).toBe(formatStats(statsReport(generateMaze(toMazeOptions(config)), config.solver, config.indexBase)));
  });
});
