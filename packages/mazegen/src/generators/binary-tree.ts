import type { GeneratorAlgorithm } from '../algorithm.js';
import { OptionError } from '../errors.js';
import { BLOCKED, EAST, NORTH, SOUTH, WEST } from '../maze.js';
import { Step } from '../steps.js';
import { joinForest } from './join-forest.js';

/** The corner every passage leans towards, as [vertical, horizontal] walls to open. */
const BIASES: Readonly<Record<string, readonly [number, number]>> = {
  NE: [NORTH, EAST],
  NW: [NORTH, WEST],
  SE: [SOUTH, EAST],
  SW: [SOUTH, WEST],
};
const BINARY_TREE_VARIANTS: readonly string[] = Object.keys(BIASES);

function parseBias(variant: string | undefined): readonly [number, number] {
  const key = (variant ?? 'NE').trim().toUpperCase();
  const bias = BIASES[key === '' ? 'NE' : key];
  if (!bias) {
    throw new OptionError('VARIANT', `BinaryTree variant must be one of ${BINARY_TREE_VARIANTS.join(', ')} (the corner passages lean to), got '${variant}'`);
  }
  return bias;
}

/**
 * Binary Tree: every cell opens one wall, chosen at random between the two that lead
 * towards the biased corner (default NE: north or east), so the cells along the two
 * sides of that corner form long straight corridors and every path runs diagonally
 * towards it. Cells next to the 42 pattern (or the border) whose only candidates are
 * blocked open the one that is free, or none; the few trees cut off that way are
 * joined by `joinForest`, the only place the texture differs.
 */
export const binaryTree: GeneratorAlgorithm = {
  name: 'BinaryTree',
  aliases: ['binary', 'binary-tree', 'bintree'],
  description: 'Binary Tree: each cell opens towards one biased corner (NE by default); two straight sides, diagonal texture.',
  reference: 'https://weblog.jamisbuck.org/2011/2/1/maze-generation-binary-tree-algorithm',
  scratchBytesPerCell: 18, // labels, a queue and a list to join the forest around the 42
  grids: ['square'],
  wraps: false,
  variants: BINARY_TREE_VARIANTS,
  generate(maze, rng, options, onStep) {
    const [vertical, horizontal] = parseBias(options.variant);
    const { cells, width: w, height: h } = maze;
    const verticalStep = vertical === NORTH ? -w : w;
    const horizontalStep = horizontal === EAST ? 1 : -1;
    const verticalBack = vertical === NORTH ? SOUTH : NORTH;
    const horizontalBack = horizontal === EAST ? WEST : EAST;
    // The row and column with no vertical (horizontal) neighbour in the biased direction.
    const edgeRow = vertical === NORTH ? 0 : h - 1;
    const edgeColumn = horizontal === EAST ? w - 1 : 0;
    let carved = 0;
    for (let y = 0; y < h; y++) {
      const row = y * w;
      for (let x = 0; x < w; x++) {
        const cell = row + x;
        if (cells[cell] & BLOCKED) continue;
        if (onStep) onStep(Step.Visit, cell, 0);
        const canVertical = y !== edgeRow && (cells[cell + verticalStep] & BLOCKED) === 0;
        const canHorizontal = x !== edgeColumn && (cells[cell + horizontalStep] & BLOCKED) === 0;
        let goVertical: boolean;
        if (canVertical && canHorizontal) goVertical = (rng.nextUint32() & 1) === 0;
        else if (canVertical || canHorizontal) goVertical = canVertical;
        else continue;
        if (goVertical) {
          cells[cell] &= ~vertical;
          cells[cell + verticalStep] &= ~verticalBack;
        } else {
          cells[cell] &= ~horizontal;
          cells[cell + horizontalStep] &= ~horizontalBack;
        }
        carved++;
        if (onStep) onStep(Step.Carve, cell, goVertical ? vertical : horizontal);
      }
    }
    joinForest(maze, rng, carved, onStep);
  },
};
