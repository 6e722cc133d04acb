import { editDistance } from './suggest.js';
import type { GeneratorAlgorithm, SolverAlgorithm } from './algorithm.js';
import { OptionError, UnknownAlgorithmError } from './errors.js';
import { dfs } from './generators/dfs.js';
import { kruskal } from './generators/kruskal.js';
import { prim } from './generators/prim.js';
import { truePrim } from './generators/true-prim.js';
import { wilson } from './generators/wilson.js';
import { aldousBroder } from './generators/aldous-broder.js';
import { eller } from './generators/eller.js';
import { growingTree } from './generators/growing-tree.js';
import { huntAndKill } from './generators/hunt-and-kill.js';
import { binaryTree } from './generators/binary-tree.js';
import { sidewinder } from './generators/sidewinder.js';
import { recursiveDivision } from './generators/recursive-division.js';
import { aStar } from './solvers/a-star.js';
import { bfs } from './solvers/bfs.js';
import { dfsSolver } from './solvers/dfs.js';
import { dijkstra } from './solvers/dijkstra.js';
import { bidirectionalBfs } from './solvers/bidirectional-bfs.js';
import { wallFollowerLeft, wallFollowerRight } from './solvers/wall-follower.js';
import { deadEndFilling } from './solvers/dead-end-filling.js';
import { tremaux } from './solvers/tremaux.js';

/** Every generator, in the order menus and docs list them. Adding one is one line here. */
export const GENERATORS: readonly GeneratorAlgorithm[] = [
  dfs,
  kruskal,
  prim,
  truePrim,
  wilson,
  aldousBroder,
  eller,
  growingTree,
  huntAndKill,
  binaryTree,
  sidewinder,
  recursiveDivision,
];

/** Every solver, in the order menus and docs list them. */
export const SOLVERS: readonly SolverAlgorithm[] = [
  aStar,
  bfs,
  dfsSolver,
  dijkstra,
  bidirectionalBfs,
  wallFollowerLeft,
  wallFollowerRight,
  deadEndFilling,
  tremaux,
];

/** Lower case without spaces, '-', '_' (and '*' spelled as 'star'), so 'A*' = 'a-star' = 'ASTAR'. */
export function normalizeName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/\*/g, 'star')
    .replace(/[\s_-]+/g, '');
}

function resolveIn<T extends { name: string; aliases: readonly string[] }>(
  kind: 'generator' | 'solver',
  list: readonly T[],
  name: string,
): T {
  if (typeof name !== 'string') {
    throw new OptionError(
      kind === 'generator' ? 'GENERATOR' : 'SOLVER',
      `${kind === 'generator' ? 'GENERATOR' : 'SOLVER'} must be a name (text), got ${typeof name === 'object' ? (name === null ? 'null' : Array.isArray(name) ? 'an array' : 'an object') : `the ${typeof name} ${String(name)}`}`,
    );
  }
  const wanted = normalizeName(name);
  for (const algorithm of list) {
    if (normalizeName(algorithm.name) === wanted) return algorithm;
    for (const alias of algorithm.aliases) if (normalizeName(alias) === wanted) return algorithm;
  }
  const names = list.map((a) => a.name);
  throw new UnknownAlgorithmError(kind, name, names, closestName(wanted, list));
}

/** The canonical name closest to `wanted` when it is plausibly a typo. */
function closestName(wanted: string, list: readonly { name: string; aliases: readonly string[] }[]): string | undefined {
  // No name is near a very long word, and the distance costs its length per candidate (a 900 KB value took 16 s).
  if (wanted.length > 64) return undefined;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const algorithm of list) {
    for (const candidate of [algorithm.name, ...algorithm.aliases]) {
      const d = editDistance(wanted, normalizeName(candidate));
      if (d < bestDistance) {
        bestDistance = d;
        best = algorithm.name;
      }
    }
  }
  return bestDistance <= Math.max(2, Math.floor(wanted.length / 3)) ? best : undefined;
}

/** The generator called `name` (case, spaces, '-', '_' ignored; aliases accepted). */
export function resolveGenerator(name: string): GeneratorAlgorithm {
  return resolveIn('generator', GENERATORS, name);
}

/** The solver called `name` (case, spaces, '-', '_' ignored; aliases accepted). */
export function resolveSolver(name: string): SolverAlgorithm {
  return resolveIn('solver', SOLVERS, name);
}
