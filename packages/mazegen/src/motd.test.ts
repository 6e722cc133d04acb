import { describe, expect, it } from 'vitest';
import { generateMaze } from './generate.js';
import { mazeOfTheDayOptions, parseUtcDate } from './motd.js';
import { validate } from './validate.js';

describe('Maze of the Day', () => {
  it('is 24x24 from bottom to top, the same all day, new the next day', () => {
    const morning = generateMaze(mazeOfTheDayOptions(new Date('2026-03-01T00:00:01Z')));
    const night = generateMaze(mazeOfTheDayOptions(new Date('2026-03-01T23:59:59Z')));
    const next = generateMaze(mazeOfTheDayOptions(new Date('2026-03-02T00:00:00Z')));
    expect(morning.maze.width).toBe(24);
    expect(morning.entry.y).toBe(23);
    expect(morning.exit.y).toBe(0);
    expect(night.maze.equals(morning.maze)).toBe(true);
    expect(next.maze.equals(morning.maze)).toBe(false);
    expect(validate(morning.maze, { entry: morning.entry, exit: morning.exit, perfect: true })).toEqual([]);
  });

  it('reads only real calendar dates', () => {
    expect(parseUtcDate('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseUtcDate('2023-02-29')).toBeUndefined();
    expect(parseUtcDate('2023-2-1')).toBeUndefined();
    expect(parseUtcDate('yesterday')).toBeUndefined();
  });
});
