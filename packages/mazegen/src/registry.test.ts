import { describe, expect, it } from 'vitest';
import { UnknownAlgorithmError } from './errors.js';
import { GENERATORS, SOLVERS, normalizeName, resolveGenerator, resolveSolver } from './registry.js';
import { editDistance } from './suggest.js';
import { thrown } from '../test/support/thrown.js';

const unknown = (run: () => unknown) => thrown(UnknownAlgorithmError, run);

describe('registry', () => {
  it('normalises names: case, spaces, - and _ ignored, * read as star', () => {
    expect(['A*', 'a-star', ' A_Star ', 'ASTAR'].map(normalizeName)).toEqual(['astar', 'astar', 'astar', 'astar']);
    expect(normalizeName('Recursive Backtracker')).toBe('recursivebacktracker');
  });

  for (const [kind, list, resolve] of [
    ['generator', GENERATORS, resolveGenerator],
    ['solver', SOLVERS, resolveSolver],
  ] as const) {
    it(`resolves every ${kind} by its name in any spelling and by every alias`, () => {
      for (const algorithm of list) {
        for (const spelling of [algorithm.name, algorithm.name.toUpperCase(), algorithm.name.toLowerCase(), ` ${algorithm.name} `])
          expect(resolve(spelling)).toBe(algorithm);
        for (const alias of algorithm.aliases) expect(resolve(alias)).toBe(algorithm);
      }
    });

    it(`gives every ${kind} a unique name and aliases, a description and a reference link`, () => {
      const seen = new Map<string, string>();
      for (const algorithm of list) {
        expect(algorithm.description.length).toBeGreaterThan(10);
        expect(algorithm.reference).toMatch(/^https:\/\//);
        for (const name of new Set([algorithm.name, ...algorithm.aliases].map(normalizeName))) {
          expect(seen.get(name), `${name} is used by ${seen.get(name)} and ${algorithm.name}`).toBeUndefined();
          seen.set(name, algorithm.name);
        }
      }
    });

    it(`rejects an unknown ${kind} with the valid names`, () => {
      const error = unknown(() => resolve('zzzzzz'));
      expect(error).toMatchObject({ kind, given: 'zzzzzz', valid: list.map((a) => a.name) });
      expect(error.message).toBe(`unknown ${kind} 'zzzzzz'. Valid ${kind}s: ${list.map((a) => a.name).join(', ')}`);
    });
  }

  it('suggests the closest name for a typo', () => {
    expect(unknown(() => resolveGenerator('kruskall')).message).toContain('Did you mean Kruskal?');
    expect(unknown(() => resolveSolver('astr')).message).toContain('Did you mean AStar?');
  });

  it("has the subject's two generators and three solvers, DFS and A* first", () => {
    expect(GENERATORS.slice(0, 2).map((g) => g.name)).toEqual(['DFS', 'Kruskal']);
    expect(SOLVERS.map((s) => s.name)).toEqual(expect.arrayContaining(['AStar', 'BFS', 'DFS']));
    expect(resolveSolver('A*').name).toBe('AStar');
    expect(resolveGenerator('recursive-backtracker').name).toBe('DFS');
  });

  it('measures edit distance', () => {
    expect([editDistance('', 'abc'), editDistance('kitten', 'sitting'), editDistance('dfs', 'dfs')]).toEqual([3, 3, 0]);
  });
});

describe('long names (issue 10, defect 6)', () => {
  it('a 900 KB generator name is refused at once, shown cut with its length', () => {
    // How fast the refusal comes is timed in bench/refusals.js, never here.
    let message = '';
    try {
      resolveGenerator('x'.repeat(900_000));
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^unknown generator 'x{37}\.\.\. \(900000 characters\)'\. Valid generators: DFS/);
    expect(message.length).toBeLessThan(400);
  });
});
