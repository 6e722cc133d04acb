import { describe, expect, it } from 'vitest';
import {
  COLORS,
  COLOR_NAMES,
  COMPLEXITY_LEVELS,
  DIMENSIONS,
  gridForWindow,
  isColorName,
  mazeOfTheDaySeed,
  parseColorName,
  utcDateKey,
} from './presets.js';

describe('presets', () => {
  it("has the C seed's 13 colour names, each with an RGB colour", () => {
    expect([...COLOR_NAMES]).toEqual([
      'black',
      'blue',
      'cyan',
      'darkgray',
      'gray',
      'green',
      'lightgray',
      'magenta',
      'orange',
      'pink',
      'red',
      'white',
      'yellow',
    ]);
    for (const name of COLOR_NAMES) expect(COLORS[name]).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('reads colour names from user text', () => {
    expect(['Light Gray', 'GREY', ' darkgrey ', 'purple', ''].map(parseColorName)).toEqual([
      'lightgray',
      'gray',
      'darkgray',
      undefined,
      undefined,
    ]);
    expect([isColorName('red'), isColorName('Red')]).toEqual([true, false]);
  });

  it('has the complexity levels and window sizes of SPEC 7', () => {
    expect(COMPLEXITY_LEVELS.map((l) => [l.name, l.cellSize])).toEqual([
      ['Very Easy', 30],
      ['Easy', 20],
      ['Medium', 15],
      ['Hard', 10],
      ['Very Hard', 6],
      ['Impossible', 4],
    ]);
    expect(DIMENSIONS.map((d) => [d.name, d.pixels])).toEqual([
      ['Small', 180],
      ['Medium', 360],
      ['Large', 540],
    ]);
  });

  it('sizes the grid as window / cell size (Medium at Medium is 24x24)', () => {
    expect(gridForWindow(360, 15)).toEqual({ width: 24, height: 24 });
    expect(gridForWindow(540, 4)).toEqual({ width: 135, height: 135 });
    expect(gridForWindow(10, 30)).toEqual({ width: 1, height: 1 });
  });

  it('gives one Maze of the Day seed per UTC date', () => {
    const morning = new Date('2026-03-01T00:00:00Z');
    const night = new Date('2026-03-01T23:59:59.999Z');
    expect(utcDateKey(morning)).toBe('2026-03-01');
    expect(mazeOfTheDaySeed(morning)).toBe(mazeOfTheDaySeed(night));
    expect(mazeOfTheDaySeed(new Date('2026-03-02T00:00:00Z'))).not.toBe(mazeOfTheDaySeed(night));
    // The same instant seen from another time zone is the same UTC day.
    expect(mazeOfTheDaySeed(new Date('2026-03-01T20:00:00-05:00'))).toBe('motd-2026-03-02');
  });
});
