import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseConfig, toMazeOptions } from './config.js';
import { measureDifficulty } from './difficulty.js';
import { OptionError } from './errors.js';
import { generateMaze } from './generate.js';
import type { GeneratedMaze, SquareMazeOptions } from './generate-options.js';
import type { Maze } from './maze.js';
import { candidateSeed, LEVEL_CANDIDATES, levelBand, LEVELS, pickCandidate, POOLED_QUARTILES, type Level } from './levels.js';
import { streamMaze } from './stream.js';
import { validate } from './validate.js';
import { thrown } from '../test/support/thrown.js';

const scoreOf = (g: GeneratedMaze<Maze>) =>
  measureDifficulty(g.maze, g.entry.y * g.maze.width + g.entry.x, g.exit.y * g.maze.width + g.exit.x);

describe('pickCandidate', () => {
  it('takes the first score in the band, else the nearest (the first of equals)', () => {
    expect(pickCandidate([40, 50], [30, 45, 48])).toEqual({ candidate: 1, inBand: true });
    expect(pickCandidate([40, 50], [30, 55, 38, 52])).toEqual({ candidate: 2, inBand: false });
    expect(pickCandidate([40, 50], [60, 52, 52])).toEqual({ candidate: 1, inBand: false });
  });
});

describe('levelBand', () => {
  it("splits each generator's measured scores in quarters, from 0 to past 100", () => {
    const bands = LEVELS.map((l) => levelBand(l, 'DFS', true));
    expect(bands[0][0]).toBe(0);
    expect(bands[3][1]).toBeGreaterThan(100);
    for (let i = 1; i < 4; i++) expect(bands[i][0]).toBe(bands[i - 1][1]);
    expect(levelBand('hard', 'NoSuchGenerator', true)).toEqual([POOLED_QUARTILES[1], POOLED_QUARTILES[2]]);
  });
});

describe('generateMaze with LEVEL', () => {
  const sizes = fc.record({
    width: fc.integer({ min: 8, max: 24 }),
    height: fc.integer({ min: 8, max: 18 }),
    seed: fc.integer({ min: 0, max: 1_000_000 }),
    perfect: fc.boolean(),
    generator: fc.constantFrom('DFS', 'Kruskal', 'Prim', 'Wilson', 'Sidewinder'),
  });

  it('is deterministic: the same options give the same bytes, the kept candidate made again without LEVEL', () => {
    fc.assert(
      fc.property(sizes, fc.constantFrom(...LEVELS), (o, level) => {
        const a = generateMaze({ ...o, level });
        const b = generateMaze({ ...o, level });
        expect(a.maze.equals(b.maze)).toBe(true);
        expect(a.level).toEqual(b.level);
        expect(a.seed).toBe(String(o.seed));
        expect(a.level!.seed).toBe(candidateSeed(String(o.seed), a.level!.candidate));
        const again = generateMaze({ ...o, seed: a.level!.seed });
        expect(again.maze.equals(a.maze)).toBe(true);
        expect(scoreOf(a).score).toBe(a.level!.score);
        const [low, high] = a.level!.band;
        expect(a.level!.inBand).toBe(a.level!.score >= low && a.level!.score < high);
        expect(a.level!.candidates).toBeLessThanOrEqual(LEVEL_CANDIDATES);
        expect(validate(a.maze, { entry: a.entry, exit: a.exit, perfect: o.perfect, pattern: a.patternPlaced })).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });

  it('is ordered: from the same seed a harder level never scores lower', () => {
    fc.assert(
      fc.property(sizes, (o) => {
        const scores = LEVELS.map((level) => generateMaze({ ...o, level }).level!.score);
        for (let i = 1; i < scores.length; i++) expect(scores[i]).toBeGreaterThanOrEqual(scores[i - 1]);
      }),
      { numRuns: 15 },
    );
  });

  it.each(['DFS', 'Kruskal', 'Wilson'])('%s 20x15: expert scores higher and has longer solutions on average than easy', (generator) => {
    const mean = (level: Level, of: (g: GeneratedMaze<Maze>) => number) => {
      let sum = 0;
      for (let seed = 1; seed <= 12; seed++) sum += of(generateMaze({ width: 20, height: 15, seed, generator, level }));
      return sum / 12;
    };
    expect(mean('expert', (g) => g.level!.score)).toBeGreaterThan(mean('easy', (g) => g.level!.score));
    expect(mean('expert', (g) => scoreOf(g).solutionLength)).toBeGreaterThan(mean('easy', (g) => scoreOf(g).solutionLength));
  });

  it('reads LEVEL from the config (any case) and refuses other words, a bad option and streaming', () => {
    const text = 'WIDTH=12\nHEIGHT=9\nENTRY=0,0\nEXIT=11,8\nOUTPUT_FILE=m.txt\nPERFECT=True\nSEED=1\nLEVEL=Hard\n';
    const config = parseConfig(text);
    expect(config.level).toBe('hard');
    expect(generateMaze(toMazeOptions(config)).level?.level).toBe('hard');
    expect(() => parseConfig(text.replace('Hard', 'insane'))).toThrow(
      /line 8: LEVEL must be one of easy, medium, hard, expert, got 'insane'/,
    );
    expect(thrown(OptionError, () => generateMaze({ width: 5, height: 5, level: 'x' as Level })).key).toBe('LEVEL');
    const eller: SquareMazeOptions = { width: 12, height: 9, seed: 1, generator: 'Eller', level: 'easy' };
    expect(thrown(OptionError, () => streamMaze(eller)).message).toMatch(/LEVEL cannot stream/);
  });
});
