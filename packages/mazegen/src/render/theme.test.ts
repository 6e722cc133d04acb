import { describe, expect, it } from 'vitest';
import { COLORS } from '../presets.js';
import { THEMES, resolveColor, resolveTheme } from './theme.js';

describe('themes', () => {
  it('has the MATLAB heatmap: grey walls, blue paths, orange start and end', () => {
    expect(THEMES.heatmap.wall).toBe(COLORS.gray);
    expect(THEMES.heatmap.background).toBe(COLORS.blue);
    expect(THEMES.heatmap.entry).toBe(COLORS.orange);
    expect(THEMES.heatmap.exit).toBe(COLORS.orange);
  });

  it('takes colours by any-case name, grey, or hex', () => {
    expect(resolveColor(' DarkGray ')).toBe(COLORS.darkgray);
    expect(resolveColor('grey')).toBe(COLORS.gray);
    expect(resolveColor('#ABC')).toBe('#aabbcc');
    expect(resolveColor('#123456')).toBe('#123456');
    expect(() => resolveColor('purple')).toThrow(/black, blue/);
  });

  it('applies overrides without touching the shared themes', () => {
    const t = resolveTheme('Heatmap', { path: 'white' });
    expect(t.path).toBe(COLORS.white);
    expect(THEMES.heatmap.path).not.toBe(COLORS.white);
  });
});
