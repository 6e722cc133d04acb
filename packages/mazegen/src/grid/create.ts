import { OptionError } from '../errors.js';
import { HexTopology } from './hex.js';
import { PolarTopology } from './polar.js';
import { SquareTopology } from './square.js';
import { TriangleTopology } from './triangle.js';
import { GRID_ALIASES, gridKindOf, WRAPS, type GridKind, type Topology, type Wrap } from './topology.js';
import { didYouMean } from '../suggest.js';

/** What decides a grid: its kind, its two parameters and its wrap. */
export interface GridSpec {
  /** A grid name or alias (square, hex/sigma/hexagonal, triangle/delta/triangular, polar/theta/circular). Default square. */
  grid?: GridKind | string;
  /** Columns; on the polar grid the first ring's cell count. */
  width: number;
  /** Rows; on the polar grid the rings around the centre. */
  height: number;
  /** Default none. */
  wrap?: Wrap;
}

/** The grid kind named by `name`, or an OptionError listing the names. */
export function resolveGridKind(name: string): GridKind {
  const kind = gridKindOf(name);
  if (!kind)
    throw new OptionError(
      'GRID',
      `GRID must be one of ${Object.keys(GRID_ALIASES).join(', ')}, got '${name}'${didYouMean(name, Object.keys(GRID_ALIASES))}`,
    );
  return kind;
}

/** The wrap named by `name` (none, x, y, xy; 'yx' is xy), or an OptionError. */
export function resolveWrap(name: string): Wrap {
  const text = name.trim().toLowerCase();
  const wrap = text === 'yx' ? 'xy' : text;
  if (!(WRAPS as readonly string[]).includes(wrap))
    throw new OptionError('WRAP', `WRAP must be one of ${WRAPS.join(', ')}, got '${name}'${didYouMean(name, WRAPS)}`);
  return wrap as Wrap;
}

/** The wraps each grid takes (square and hex join opposite edges; triangle and polar do not): what a menu offers. */
export const GRID_WRAPS: Readonly<Record<GridKind, readonly Wrap[]>> = {
  square: WRAPS,
  hex: WRAPS,
  triangle: ['none'],
  polar: ['none'],
};

/** The topology a spec describes; sizes are checked by the caller (whole numbers >= 1). */
export function createTopology(spec: GridSpec): Topology {
  const kind = resolveGridKind(spec.grid ?? 'square');
  const wrap = resolveWrap(spec.wrap ?? 'none');
  switch (kind) {
    case 'square':
      return new SquareTopology(spec.width, spec.height, wrap);
    case 'hex':
      return new HexTopology(spec.width, spec.height, wrap);
    case 'triangle':
      return new TriangleTopology(spec.width, spec.height, wrap);
    case 'polar':
      return new PolarTopology(spec.width, spec.height, wrap);
  }
}
