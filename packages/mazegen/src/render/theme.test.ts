import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OptionError } from '../errors.js';
import { COLOR_NAMES, COLORS } from '../presets.js';
import {
  THEMES,
  THEME_NAMES,
  checkTheme,
  contrastRatio,
  nextThemeColor,
  parseThemeName,
  resolveColor,
  resolveTheme,
  themeClashes,
  themeForColorFgBg,
  type Theme,
} from './theme.js';

describe('themes', () => {
  it('offers default, light, dark, high-contrast and the MATLAB block-matrix colours', () => {
    expect(THEME_NAMES).toEqual(['default', 'light', 'dark', 'high-contrast', 'matlab', 'distance']);
  });

  it.each(THEME_NAMES)('%s keeps every role readable: 3:1 on the background, no two roles alike', (name) => {
    expect(themeClashes(THEMES[name])).toEqual([]);
  });

  it('matlab: grey walls, blue passages, orange start and end, and a 42 unlike the marks', () => {
    const t = THEMES.matlab;
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(t.wall.slice(i, i + 2), 16));
    expect(r === g && g === b).toBe(true);
    expect(parseInt(t.background.slice(5, 7), 16)).toBeGreaterThan(parseInt(t.background.slice(1, 3), 16));
    expect(t.entry).toBe(t.exit);
    expect(t.pattern).not.toBe(t.entry);
    expect(t.wallRatio).toBe(0.5);
  });

  it('reads names in any case and the old spellings', () => {
    expect(parseThemeName(' High_Contrast ')).toBe('high-contrast');
    expect(parseThemeName('Heatmap')).toBe('matlab');
    expect(parseThemeName('classic')).toBe('default');
    expect(parseThemeName('sepia')).toBeUndefined();
    expect(() => resolveTheme('sepia')).toThrow(/theme must be one of default, light, dark, high-contrast, matlab, distance, got 'sepia'/);
  });

  it('takes colours by any-case name, grey, or hex', () => {
    expect(resolveColor(' DarkGray ')).toBe(COLORS.darkgray);
    expect(resolveColor('grey')).toBe(COLORS.gray);
    expect(resolveColor('#ABC')).toBe('#aabbcc');
    expect(resolveColor('#123456')).toBe('#123456');
    expect(() => resolveColor('purple')).toThrow(/black, blue/);
  });

  it('applies overrides without touching the shared themes', () => {
    const t = resolveTheme('matlab', { path: 'cyan' });
    expect(t.path).toBe(COLORS.cyan);
    expect(THEMES.matlab.path).not.toBe(COLORS.cyan);
  });
});

describe('colour clashes', () => {
  it('computes WCAG contrast', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    // The example: yellow walls on white.
    expect(contrastRatio(COLORS.yellow, COLORS.white)).toBeLessThan(1.5);
  });

  it('refuses yellow walls on white, naming both roles', () => {
    expect(() => resolveTheme('default', { wall: 'yellow' })).toThrow(
      /the wall colour yellow \(#f5d90a\) is too faint on the background white \(#ffffff\) \(contrast 1\.\d\d:1, at least 3:1 needed\)/,
    );
  });

  it('refuses walls the colour of the path, and black walls on black', () => {
    expect(() => resolveTheme('default', { wall: 'red' })).toThrow(/the wall and path colours are both red/);
    expect(() => resolveTheme('dark', { wall: 'black', background: 'black' })).toThrow(OptionError);
    expect(() => resolveTheme('dark', { wall: 'black', background: 'black' })).toThrow(/wall colour black .* background black/);
  });

  it('lets entry and exit share a colour, and the border follow the walls', () => {
    expect(() => resolveTheme('default', { entry: 'blue' })).not.toThrow();
    expect(resolveTheme('default', { wall: 'darkgray' }).border).toBe(COLORS.darkgray);
  });

  it('any override either passes every rule or is refused with a message naming a role', () => {
    const roles = ['background', 'wall', 'path', 'entry', 'exit', 'pattern'] as const;
    fc.assert(
      fc.property(fc.constantFrom(...THEME_NAMES), fc.constantFrom(...roles), fc.constantFrom(...COLOR_NAMES), (name, role, color) => {
        let theme: Theme;
        try {
          theme = resolveTheme(name, { [role]: color });
        } catch (e) {
          expect(e).toBeInstanceOf(OptionError);
          expect((e as Error).message).toMatch(/colour/);
          return;
        }
        expect(themeClashes(theme)).toEqual([]);
        expect(() => checkTheme(theme)).not.toThrow();
      }),
    );
  });
});

describe('colour cycles', () => {
  const cycle = ['black', 'blue', 'red', 'green', 'magenta', 'darkgray', 'orange', 'cyan', 'yellow', 'white'] as const;

  it('skips colours that would hide the maze, for every theme and role, all the way round', () => {
    for (const name of THEME_NAMES) {
      for (const role of ['wall', 'path', 'pattern'] as const) {
        let theme: Theme = { ...THEMES[name] };
        let current: (typeof cycle)[number] | undefined;
        const seen: string[] = [];
        for (let i = 0; i < cycle.length; i++) {
          const next = nextThemeColor(theme, role, cycle, current);
          if (next === undefined) break;
          theme = { ...theme, [role]: COLORS[next] };
          if (role === 'wall') theme.border = COLORS[next];
          expect(themeClashes(theme)).toEqual([]);
          seen.push(next);
          current = next as (typeof cycle)[number];
        }
        expect(seen.length).toBeGreaterThan(0);
      }
    }
  });

  it('on the default theme, walls never reach yellow (faint on white) or red (the path)', () => {
    let current: (typeof cycle)[number] | undefined = 'black';
    const reached = new Set<string>();
    for (let i = 0; i < 20; i++) {
      current = nextThemeColor(THEMES.default, 'wall', cycle, current) as typeof current;
      reached.add(current!);
    }
    expect(reached.has('yellow')).toBe(false);
    expect(reached.has('red')).toBe(false);
    expect(reached.has('white')).toBe(false);
    expect(reached.has('blue')).toBe(false); // the exit mark's colour
    expect(reached.has('darkgray')).toBe(true);
  });
});

describe('COLORFGBG', () => {
  it('tells light from dark backgrounds', () => {
    expect(themeForColorFgBg('15;0')).toBe('dark');
    expect(themeForColorFgBg('0;15')).toBe('light');
    expect(themeForColorFgBg('0;default;7')).toBe('light');
    expect(themeForColorFgBg('7;8')).toBe('dark');
    expect(themeForColorFgBg(undefined)).toBeUndefined();
    expect(themeForColorFgBg('')).toBeUndefined();
    expect(themeForColorFgBg('15;default')).toBeUndefined();
    expect(themeForColorFgBg('1;99')).toBeUndefined();
  });
});
