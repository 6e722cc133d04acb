import { FormatError } from '../errors.js';
import { createTopology } from '../grid/create.js';
import { GridMaze } from '../maze.js';
import type { GridKind, Topology, Wrap } from '../grid/topology.js';
import { GRID_KINDS, WRAPS } from '../grid/topology.js';
import { MAZEGEN_VERSION } from './json.js';

/** The `graph.format` value: tells a maze graph from any other node-link JSON. */
export const GRAPH_FORMAT = 'a-maze-ing/graph';
/** Version of the graph schema; readers refuse newer ones. */
export const GRAPH_FORMAT_VERSION = 1;

/** What the graph's `graph` object holds about the maze. */
export interface GraphInfo {
  format: typeof GRAPH_FORMAT;
  formatVersion: number;
  grid: GridKind;
  /** Columns (polar: the first ring's count). */
  width: number;
  /** Rows (polar: rings around the centre). */
  height: number;
  wrap: Wrap;
  /** The outline, when one was applied. */
  shape: string | null;
  perfect: boolean | null;
  generator: string | null;
  seed: string | null;
  libraryVersion: string;
  /** Node ids. */
  entry: number;
  exit: number;
  /** Node ids of a shortest path, entry first (null when not known). */
  solution: number[] | null;
  /** The drawing's size in drawing units (node x, y lie inside). */
  extent: { width: number; height: number };
}

/** A node: a cell, its centre in drawing units and its grid coordinates. Weave and 3D levels will add `layer` and `level`. */
export interface GraphNode {
  id: number;
  x: number;
  y: number;
  col?: number;
  row?: number;
  ring?: number;
  index?: number;
  /** Not part of the maze: a masked cell or the 42 pattern. */
  masked: boolean;
}

/** A pair of neighbouring cells, listed once; `open` is a passage. Weave will add `under` links. */
export interface GraphLink {
  source: number;
  target: number;
  open: boolean;
}

/** The node-link JSON that networkx (`node_link_graph(data, edges="links")`) and d3 read. */
export interface MazeGraph {
  directed: false;
  multigraph: false;
  graph: GraphInfo;
  nodes: GraphNode[];
  links: GraphLink[];
}

export interface GraphOptions {
  entry: number;
  exit: number;
  solution?: ArrayLike<number> | null;
  perfect?: boolean;
  generator?: string;
  seed?: string;
  shape?: string;
}

/** Six decimals: a thousandth of a pixel at any drawing scale, and short lines. */
const round = (v: number) => Math.round(v * 1e6) / 1e6;

/** The maze as a node-link graph: every cell a node, every adjacency of the grid a link. */
export function toGraph(maze: GridMaze, options: GraphOptions): MazeGraph {
  const t = maze.topology;
  const nodes: GraphNode[] = [];
  const links: GraphLink[] = [];
  const around = new Int32Array(t.maxDegree);
  for (let cell = 0; cell < t.size; cell++) {
    const p = t.centre(cell);
    nodes.push({ id: cell, x: round(p.x), y: round(p.y), ...t.coordinates(cell), masked: maze.isBlocked(cell) });
    const degree = t.neighbours(cell, around);
    for (let s = 0; s < degree; s++) {
      const next = around[s];
      if (next > cell) links.push({ source: cell, target: next, open: maze.isOpen(cell, s) });
    }
  }
  return {
    directed: false,
    multigraph: false,
    graph: {
      format: GRAPH_FORMAT,
      formatVersion: GRAPH_FORMAT_VERSION,
      grid: t.kind,
      width: t.width,
      height: t.height,
      wrap: t.wrap,
      shape: options.shape ?? null,
      perfect: options.perfect ?? null,
      generator: options.generator ?? null,
      seed: options.seed ?? null,
      libraryVersion: MAZEGEN_VERSION,
      entry: options.entry,
      exit: options.exit,
      solution: options.solution ? Array.from(options.solution) : null,
      extent: { width: round(t.extent.width), height: round(t.extent.height) },
    },
    nodes,
    links,
  };
}

/** The graph as JSON text: the graph object first, then one node and one link a line. */
export function toGraphJson(maze: GridMaze, options: GraphOptions): string {
  const g = toGraph(maze, options);
  const lines = [`{"directed": false, "multigraph": false, "graph": ${JSON.stringify(g.graph)},`, ` "nodes": [`];
  g.nodes.forEach((n, i) => lines.push(`  ${JSON.stringify(n)}${i + 1 < g.nodes.length ? ',' : ''}`));
  lines.push(' ],', ' "links": [');
  g.links.forEach((l, i) => lines.push(`  ${JSON.stringify(l)}${i + 1 < g.links.length ? ',' : ''}`));
  lines.push(' ]}', '');
  return lines.join('\n');
}

/** A graph file read back: the maze and what the graph says about it. */
export interface ParsedGraph {
  maze: GridMaze;
  info: GraphInfo;
}

const fail = (detail: string): never => {
  throw new FormatError(detail, 1);
};

function isInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v);
}

/**
 * Reads a graph export back into a maze. Structure is checked here (the grid it names,
 * one node per cell with its id, links only between neighbours, each once); the maze's
 * rules (walls of masked cells, connectivity, the solution) are `validate`'s.
 * Adjacencies missing from `links` read as closed walls.
 */
export function parseGraph(text: string): ParsedGraph {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    fail(`not JSON: ${(error as Error).message}`);
  }
  if (typeof data !== 'object' || data === null) fail('not a maze graph: expected a JSON object');
  const d = data as Record<string, unknown>;
  const g = d.graph as Record<string, unknown> | undefined;
  if (!g || typeof g !== 'object' || g.format !== GRAPH_FORMAT) fail(`not a maze graph: "graph.format" must be "${GRAPH_FORMAT}"`);
  const info = g as unknown as GraphInfo;
  if (!isInt(info.formatVersion) || info.formatVersion > GRAPH_FORMAT_VERSION)
    fail(`graph format version ${String(info.formatVersion)} is newer than this reader's (${GRAPH_FORMAT_VERSION})`);
  if (d.directed !== false || d.multigraph !== false)
    fail('a maze graph is undirected and not a multigraph ("directed": false, "multigraph": false)');
  if (!(GRID_KINDS as readonly string[]).includes(info.grid as string))
    fail(`"graph.grid" must be one of ${GRID_KINDS.join(', ')}, got ${JSON.stringify(info.grid)}`);
  if (!(WRAPS as readonly string[]).includes(info.wrap as string))
    fail(`"graph.wrap" must be one of ${WRAPS.join(', ')}, got ${JSON.stringify(info.wrap)}`);
  if (!isInt(info.width) || !isInt(info.height) || info.width < 1 || info.height < 1)
    fail('"graph.width" and "graph.height" must be whole numbers >= 1');
  let t: Topology;
  try {
    t = createTopology({ grid: info.grid, width: info.width, height: info.height, wrap: info.wrap });
  } catch (error) {
    return fail(`the graph's grid is not one this library makes: ${(error as Error).message}`);
  }
  const nodes = d.nodes;
  const links = d.links;
  if (!Array.isArray(nodes) || !Array.isArray(links)) fail('"nodes" and "links" must be arrays');
  if ((nodes as unknown[]).length !== t.size)
    fail(`a ${info.grid} grid of ${info.width}x${info.height} has ${t.size} cells, the graph ${(nodes as unknown[]).length} nodes`);
  const maze = new GridMaze(t);
  const masked = new Uint8Array(t.size);
  (nodes as unknown[]).forEach((node, i) => {
    const n = node as Record<string, unknown>;
    if (typeof n !== 'object' || n === null || n.id !== i) fail(`node ${i} must have "id": ${i} (nodes in id order)`);
    if (typeof n.masked !== 'boolean') fail(`node ${i} needs "masked": true or false`);
    if (n.masked) masked[i] = 1;
  });
  const around = new Int32Array(t.maxDegree);
  const seen = new Set<string>();
  (links as unknown[]).forEach((link, i) => {
    const l = link as Record<string, unknown>;
    if (typeof l !== 'object' || l === null || !isInt(l.source) || !isInt(l.target) || typeof l.open !== 'boolean')
      fail(`link ${i} needs whole-number "source" and "target" and "open": true or false`);
    const a = l.source as number;
    const b = l.target as number;
    if (a < 0 || b < 0 || a >= t.size || b >= t.size) fail(`link ${i} (${a}-${b}) names a node that does not exist`);
    const key = `${Math.min(a, b)}-${Math.max(a, b)}`;
    if (seen.has(key)) fail(`link ${i} (${a}-${b}) is listed twice`);
    seen.add(key);
    const degree = t.neighbours(a, around);
    let slot = -1;
    for (let s = 0; s < degree; s++) if (around[s] === b) slot = s;
    if (slot < 0) fail(`link ${i} (${a}-${b}) joins cells that are not neighbours on this grid`);
    if (l.open) maze.carve(a, slot);
  });
  for (let cell = 0; cell < t.size; cell++) if (masked[cell]) maze.cells[cell] |= t.blockedBit;
  for (const key of ['entry', 'exit'] as const) {
    if (!isInt(info[key]) || info[key] < 0 || info[key] >= t.size) fail(`"graph.${key}" must be a node id from 0 to ${t.size - 1}`);
  }
  if (info.solution !== null && info.solution !== undefined) {
    if (!Array.isArray(info.solution) || !info.solution.every((v) => isInt(v) && v >= 0 && v < t.size))
      fail('"graph.solution" must be a list of node ids (or null)');
  } else {
    info.solution = null;
  }
  return { maze, info };
}
