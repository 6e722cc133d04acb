import { readFileSync } from 'node:fs';
import { CONFIG_KEYS } from 'mazegen';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../src/main.js';

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
