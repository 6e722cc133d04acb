import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError, resolveTheme } from '../src/index.js';
import { parseConfig } from '../src/config.js';
import { gridKindOf } from '../src/grid/topology.js';
import { parsePaper } from '../src/render/sheet.js';
import { parseThemeName } from '../src/render/theme.js';

// Every name an object inherits: user text naming one must find nothing in a look-up table.
const INHERITED = Object.getOwnPropertyNames(Object.prototype);
const inheritedName = fc.constantFrom(...INHERITED, 'constructor', '__proto__');

describe('look-up tables see only their own names', () => {
  it('finds no grid, theme or paper called after an inherited property', () => {
    fc.assert(
      fc.property(inheritedName, (name) => {
        expect(gridKindOf(name)).toBeUndefined();
        expect(parseThemeName(name)).toBeUndefined();
        expect(parsePaper(name)).toBeUndefined();
        expect(() => resolveTheme(name)).toThrow(/theme must be one of/);
      }),
    );
  });

  it('refuses such a value for every named-value config key with a ConfigError on its line', () => {
    const keys = ['GRID', 'THEME', 'WRAP', 'SHAPE', 'LEVEL', 'PATTERN', 'GENERATOR', 'SOLVER', 'ENTRY', 'WALL_COLOR'];
    fc.assert(
      fc.property(fc.constantFrom(...keys), inheritedName, (key, name) => {
        const base: Record<string, string> = { WIDTH: '10', HEIGHT: '8', ENTRY: '0,0', EXIT: '9,7', OUTPUT_FILE: 'm.txt', PERFECT: 'True' };
        base[key] = name;
        const text = Object.entries(base)
          .map(([k, v]) => `${k}=${v}`)
          .join('\n');
        const line = Object.keys(base).indexOf(key) + 1;
        let error: unknown;
        try {
          parseConfig(text, 'c.txt');
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as ConfigError).message).toContain(`line ${line}`);
      }),
    );
  });
});
