import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  FormatError,
  generateMaze,
  GridMaze,
  parseGraph,
  THEMES,
  toGraph,
  toGraphJson,
  toSvg,
  validate,
  shortestPath,
  type GridMazeRequest,
} from 'mazegen';
import { GRAPH_FORMAT } from 'mazegen/internal';
import { resolveTheme } from 'mazegen';
import { ChunkBuffer, joinChunks } from '../../src/formats/chunks.js';
import { writeTopologySvg } from '../../src/formats/topology-svg.js';
import { thrown } from '../support/thrown.js';

/**
 * The graph export: node-link JSON (networkx's node_link_graph(data, edges="links"), d3),
 * written for every maze, read back into the same maze, checked by validate. The
 * golden files pin one maze of each grid, outline and wrap byte for byte; regenerate on
 * purpose only (UPDATE_GOLDEN=1), as the hex goldens.
 */
const GOLDEN_DIR = new URL('../golden/graph/', import.meta.url);
const UPDATE = process.env.UPDATE_GOLDEN === '1';

const GOLDENS: Record<string, GridMazeRequest> = {
  'square-8x6-s3': { grid: 'square', width: 8, height: 6, seed: 3 },
  'square-wrap-xy-7x5-s1': { grid: 'square', width: 7, height: 5, wrap: 'xy', seed: 1 },
  'hex-8x6-s42': { grid: 'hex', width: 8, height: 6, seed: 42 },
  'hex-wrap-x-8x5-s2': { grid: 'hex', width: 8, height: 5, wrap: 'x', seed: 2, generator: 'Kruskal' },
  'triangle-9x5-s42': { grid: 'triangle', width: 9, height: 5, seed: 42, generator: 'Wilson' },
  'polar-6x4-s42': { grid: 'polar', width: 6, height: 4, seed: 42 },
  'hex-circle-11x10-s5': { grid: 'hex', width: 11, height: 10, shape: 'circle', seed: 5, generator: 'Prim' },
  'square-heart-14x12-s4': { grid: 'square', width: 14, height: 12, shape: 'heart', seed: 4, perfect: false },
  'triangle-hexagon-16x8-s6': { grid: 'triangle', width: 16, height: 8, shape: 'hexagon', seed: 6, generator: 'HuntAndKill' },
  'square-diamond-9x9-s7': { grid: 'square', width: 9, height: 9, shape: 'diamond', seed: 7, generator: 'Eller' },
  'hex-triangle-12x10-s8': { grid: 'hex', width: 12, height: 10, shape: 'triangle', seed: 8, generator: 'GrowingTree' },
};

function exportOf(options: GridMazeRequest): string {
  const g = generateMaze(options);
  const solution = shortestPath(g.maze, g.entry, g.exit).cells;
  return toGraphJson(g.maze, {
    entry: g.entry,
    exit: g.exit,
    solution,
    perfect: g.perfect,
    generator: g.generator.name,
    seed: g.seed,
    shape: g.shape,
  });
}

describe('graph goldens', () => {
  for (const [name, options] of Object.entries(GOLDENS)) {
    it(`${name}.json is unchanged`, () => {
      const text = exportOf(options);
      const file = new URL(`${name}.json`, GOLDEN_DIR);
      if (UPDATE || !existsSync(file)) {
        mkdirSync(GOLDEN_DIR, { recursive: true });
        writeFileSync(file, text);
      }
      expect(text).toBe(readFileSync(file, 'utf8'));
      const { maze, info } = parseGraph(text);
      expect(validate(maze, { entry: info.entry, exit: info.exit, perfect: info.perfect ?? undefined, solution: info.solution })).toEqual(
        [],
      );
    });
    it(`${name}.svg is unchanged`, () => {
      const g = generateMaze(options);
      const svg = toSvg(g.maze, { entry: g.entry, exit: g.exit, path: shortestPath(g.maze, g.entry, g.exit).cells, title: name });
      const file = new URL(`${name}.svg`, GOLDEN_DIR);
      if (UPDATE || !existsSync(file)) writeFileSync(file, svg);
      expect(svg).toBe(readFileSync(file, 'utf8'));
    });
  }
  it('hex-8x6-s42-distance.svg is unchanged (the distance theme: cells filled by band, the legend below)', () => {
    const g = generateMaze(GOLDENS['hex-8x6-s42']);
    const svg = toSvg(g.maze, {
      entry: g.entry,
      exit: g.exit,
      path: shortestPath(g.maze, g.entry, g.exit).cells,
      theme: THEMES.distance,
      title: 'hex-8x6-s42-distance',
    });
    const file = new URL('hex-8x6-s42-distance.svg', GOLDEN_DIR);
    if (UPDATE || !existsSync(file)) writeFileSync(file, svg);
    expect(svg).toBe(readFileSync(file, 'utf8'));
  });
  it('has no stray golden files', () => {
    const expected = new Set([...Object.keys(GOLDENS).flatMap((n) => [`${n}.json`, `${n}.svg`]), 'hex-8x6-s42-distance.svg']);
    expect(readdirSync(GOLDEN_DIR).filter((f) => !expected.has(f))).toEqual([]);
  });
});

describe('toGraph', () => {
  it('is node-link JSON: undirected, one node per cell with its centre and coordinates, every adjacency once', () => {
    const g = generateMaze({ grid: 'polar', width: 6, height: 3, seed: 1 });
    const graph = JSON.parse(toGraphJson(g.maze, { entry: g.entry, exit: g.exit }));
    expect(graph).toMatchObject({
      directed: false,
      multigraph: false,
      graph: { format: GRAPH_FORMAT, grid: 'polar', width: 6, height: 3, wrap: 'none', entry: 0 },
    });
    expect(graph.nodes).toHaveLength(g.maze.size);
    expect(graph.nodes[0]).toEqual({ id: 0, x: 4, y: 4, ring: 0, index: 0, masked: false });
    expect(graph.nodes[1]).toMatchObject({ id: 1, ring: 1, index: 0 });
    const pairs = new Set(graph.links.map((l: { source: number; target: number }) => `${l.source}-${l.target}`));
    expect(pairs.size).toBe(graph.links.length);
    // A tree: open links = nodes - 1.
    expect(graph.links.filter((l: { open: boolean }) => l.open)).toHaveLength(g.maze.size - 1);
    expect(toGraph(g.maze, { entry: 0, exit: 1 }).nodes.length).toBe(g.maze.size);
  });

  it('marks the 42 pattern and masked cells as masked, for the plain square maze too', () => {
    const g = generateMaze({ grid: 'square', width: 20, height: 15, seed: 42 });
    const graph = toGraph(g.maze, { entry: g.entry, exit: g.exit });
    expect(graph.nodes.filter((n) => n.masked)).toHaveLength(18);
    expect(graph.nodes[21]).toMatchObject({ col: 1, row: 1, x: 1.5, y: 1.5 });
  });
});

describe('parseGraph', () => {
  it('reads every golden back into the very maze', () => {
    for (const options of Object.values(GOLDENS)) {
      const g = generateMaze(options);
      const { maze } = parseGraph(toGraphJson(g.maze, { entry: g.entry, exit: g.exit }));
      expect(maze.equals(g.maze)).toBe(true);
    }
  });

  it('refuses what is not a maze graph, in one line', () => {
    const g = generateMaze({ grid: 'hex', width: 4, height: 3, seed: 1 });
    const good = toGraph(g.maze, { entry: g.entry, exit: g.exit });
    const bad = (change: (x: ReturnType<typeof structuredClone<typeof good>>) => void) => {
      const copy = structuredClone(good);
      change(copy);
      return thrown(FormatError, () => parseGraph(JSON.stringify(copy))).detail;
    };
    expect(thrown(FormatError, () => parseGraph('{')).detail).toMatch(/^not JSON/);
    expect(bad((x) => ((x.graph as { format: string }).format = 'other'))).toBe(
      'not a maze graph: "graph.format" must be "a-maze-ing/graph"',
    );
    expect(bad((x) => x.nodes.pop())).toBe('a hex grid of 4x3 has 12 cells, the graph 11 nodes');
    expect(bad((x) => x.links.push({ source: 0, target: 11, open: true }))).toBe(
      'link 23 (0-11) joins cells that are not neighbours on this grid',
    );
    expect(bad((x) => x.links.push({ ...x.links[0] }))).toMatch(/is listed twice$/);
    expect(bad((x) => ((x.graph as { grid: string }).grid = 'octagon'))).toMatch(/^"graph.grid" must be one of/);
  });

  it('lets validate find a broken maze: an open wall into a masked cell, a cut-off cell, a wrong solution', () => {
    const g = generateMaze({ grid: 'triangle', width: 6, height: 4, seed: 2 });
    const graph = toGraph(g.maze, { entry: g.entry, exit: g.exit });
    const openLink = graph.links.find((l) => l.open)!;
    graph.nodes[openLink.target].masked = true;
    const { maze, info } = parseGraph(JSON.stringify(graph));
    const rules = validate(maze, { entry: info.entry, exit: info.exit, perfect: true, solution: [info.entry, info.exit] }).map(
      (v) => v.rule,
    );
    expect(rules).toContain('pattern');
    expect(rules).toContain('path');
    const closed = new GridMaze(g.maze.topology);
    expect(validate(closed, { perfect: true }).map((v) => v.rule)).toEqual(['connectivity']);
  });
});

describe('toSvg of every grid', () => {
  it('draws polar ring walls as arcs, one per closed ring wall, and radial walls as lines', () => {
    const g = generateMaze({ grid: 'polar', width: 6, height: 4, seed: 9 });
    const t = g.maze.topology;
    const svg = toSvg(g.maze);
    const d = /<path d="([^"]*)"/.exec(svg)![1];
    const arcs = d.match(/A/g)!.length;
    const lines = d.match(/L/g)!.length;
    // Count the closed walls by kind: the centre's and a ring cell's inward and outward slots follow rings.
    let ring = 0;
    let radial = 0;
    for (let cell = 0; cell < t.size; cell++) {
      const k =
        cell === 0 ? 0 : (t as unknown as { outwardCount(r: number): number }).outwardCount((t.coordinates(cell) as { ring: number }).ring);
      for (let s = 0; s < t.degree(cell); s++) {
        const next = t.neighbour(cell, s);
        if (g.maze.isOpen(cell, s) || (next >= 0 && next < cell)) continue;
        if (cell === 0 || s === 0 || (s >= 2 && s < 2 + k)) ring++;
        else radial++;
      }
    }
    expect(arcs).toBe(ring);
    expect(lines).toBe(radial);
    // The outer border is whole: every outer-ring cell draws its outward arc at radius 5 (100 px).
    expect(d.match(/A100 100 0 0 1/g)).toHaveLength(t.size - (1 + 6 + 12 + 24));
  });

  it('draws a wrapped grid without a border on the joined edges and a plain one with it', () => {
    // The plain square grid's toSvg is its lattice document (the square plug-in); the topology writer draws it too.
    const topologySvg = (maze: GridMaze): string => {
      const chunks: Uint8Array[] = [];
      const buffer = new ChunkBuffer(1 << 16);
      writeTopologySvg(maze, { theme: resolveTheme('default') }, buffer, () => chunks.push(buffer.take()));
      chunks.push(buffer.take());
      return joinChunks(chunks);
    };
    const plain = generateMaze({ grid: 'square', width: 6, height: 5, wrap: 'none', seed: 1, pattern: 'none' });
    const torus = generateMaze({ grid: 'square', width: 6, height: 5, wrap: 'xy', seed: 1 });
    const count = (svg: string) => /<path d="([^"]*)"/.exec(svg)![1].split('M').length - 1;
    // A tree of 30 cells opens 29 of its walls either way; the torus has 60 walls, the plain grid 49 inner plus 22 border.
    expect(count(topologySvg(plain.maze))).toBe(49 - 29 + 22);
    // On the torus a closed wall across a joined edge is drawn on both edges: once per closed
    // wall (each cell's east and south), and once more for those that cross the joined edges.
    let acrossEdges = 0;
    for (let y = 0; y < 5; y++) {
      for (let x = 0; x < 6; x++) {
        const walls = torus.maze.cells[y * 6 + x];
        if (x === 5 && walls & 2) acrossEdges++;
        if (y === 4 && walls & 4) acrossEdges++;
      }
    }
    expect(count(toSvg(torus.maze))).toBeGreaterThan(60 - 29);
    expect(acrossEdges).toBeGreaterThan(0);
    expect(count(toSvg(torus.maze))).toBe(60 - 29 + acrossEdges);
  });
});
