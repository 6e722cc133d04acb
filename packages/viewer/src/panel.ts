import {
  GENERATORS,
  GRID_KINDS,
  LEVELS,
  OUTLINES,
  SOLVERS,
  WRAPS,
  type GeneratorAlgorithm,
  type GridKind,
  type Level,
  type Wrap,
} from 'mazegen';
import { COLOR_NAMES, COMPLEXITY_LEVELS, DIMENSIONS } from 'mazegen/config';
import { checkGeneratorSupports, gridKindOf } from 'mazegen/internal';
import {
  MAX_SIDE,
  SPEEDS,
  THEMES,
  cellLimitOf,
  endInside,
  gridCells,
  isPlainSquare,
  parsePoint,
  pointText,
  wrapsFor,
  type Settings,
} from './settings.js';

/** Why a generator does not work on a grid and wrap (the library's one-line refusal), or undefined when it does. */
export function unavailableReason(generator: GeneratorAlgorithm, grid: GridKind, wrap: Wrap): string | undefined {
  try {
    checkGeneratorSupports(generator, grid, wrap);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** What width and height mean on each grid, and its drawing. */
const GRID_HINTS: Readonly<Record<GridKind, string>> = {
  square: 'Square cells: width x height, x,y from 0 at the top-left cell.',
  hex: 'Hexagons (flat-topped): width columns x height rows, odd columns half a row lower; col,row from 0 at the top left. Wrap x needs an even width of at least 4.',
  triangle: 'Triangles, alternately pointing up and down: width x height, col,row from 0 at the top left.',
  polar:
    "Rings around a centre cell: width is the first ring's cell count (3 to 15, 6 by default), height the rings around the centre; a cell is index,ring (ring 0 the centre, indices clockwise from north); ends may be centre or outer.",
};

/** Fields the panel checks as they are typed. */
export type CheckedField = 'width' | 'height' | 'seed' | 'entry' | 'exit';
export const CHECKED_FIELDS: readonly CheckedField[] = ['width', 'height', 'seed', 'entry', 'exit'];

/** What the form holds: settings from its valid fields, and a message for each invalid one. */
export interface PanelReading {
  settings: Settings;
  errors: Partial<Record<CheckedField, string>>;
}

/** Looks up an element that index.html must have. */
export function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the page is missing #${id}`);
  return element as T;
}

function option(select: HTMLSelectElement, value: string, label: string, title?: string): void {
  const o = document.createElement('option');
  o.value = value;
  o.textContent = label;
  if (title) o.title = title;
  select.append(o);
}

/** The settings form: fills the menus from the registry and presets, reads and writes Settings. */
export class Panel {
  readonly form = byId<HTMLFormElement>('settings');
  private readonly width = byId<HTMLInputElement>('width');
  private readonly height = byId<HTMLInputElement>('height');
  private readonly seed = byId<HTMLInputElement>('seed');
  private readonly perfect = byId<HTMLInputElement>('perfect');
  private readonly braid = byId<HTMLInputElement>('braid');
  private readonly braidValue = byId<HTMLOutputElement>('braid-value');
  private readonly difficulty = byId<HTMLInputElement>('difficulty');
  private readonly difficultyValue = byId<HTMLOutputElement>('difficulty-value');
  private readonly pattern = byId<HTMLSelectElement>('pattern');
  private readonly level = byId<HTMLSelectElement>('level');
  readonly generator = byId<HTMLSelectElement>('generator');
  private readonly variant = byId<HTMLSelectElement>('variant');
  readonly solver = byId<HTMLSelectElement>('solver');
  private readonly entry = byId<HTMLInputElement>('entry');
  private readonly exit = byId<HTMLInputElement>('exit');
  private readonly theme = byId<HTMLSelectElement>('theme');
  private readonly background = byId<HTMLSelectElement>('background');
  private readonly walls = byId<HTMLSelectElement>('walls');
  private readonly path = byId<HTMLSelectElement>('path');
  private readonly pattern42 = byId<HTMLSelectElement>('pattern42');
  private readonly animate = byId<HTMLInputElement>('animate');
  private readonly speed = byId<HTMLInputElement>('speed');
  private readonly speedValue = byId<HTMLOutputElement>('speed-value');
  private readonly grid = byId<HTMLSelectElement>('grid');
  private readonly shape = byId<HTMLSelectElement>('shape');
  private readonly wrap = byId<HTMLSelectElement>('wrap');
  readonly complexity = byId<HTMLSelectElement>('complexity');
  readonly dimensions = byId<HTMLSelectElement>('dimensions');

  constructor() {
    // Menus come from the registry and the presets, never from a second list.
    for (const kind of GRID_KINDS) option(this.grid, kind, `${kind[0].toUpperCase()}${kind.slice(1)}`);
    option(this.shape, '', 'None');
    for (const name of OUTLINES) option(this.shape, name, `${name[0].toUpperCase()}${name.slice(1)}`);
    for (const w of WRAPS) option(this.wrap, w, w === 'none' ? 'None' : w === 'xy' ? 'x and y (a torus)' : `${w} (a cylinder)`);
    for (const g of GENERATORS) option(this.generator, g.name, g.name, g.description);
    for (const s of SOLVERS) option(this.solver, s.name, s.shortest ? `${s.name} (shortest)` : s.name, s.description);
    for (const t of THEMES) option(this.theme, t.name, t.label);
    option(this.level, '', "Any (the seed's own maze)");
    for (const name of LEVELS) option(this.level, name, `${name[0].toUpperCase()}${name.slice(1)}`);
    for (const select of [this.background, this.walls, this.path, this.pattern42]) {
      option(select, '', "(the theme's)");
      for (const c of COLOR_NAMES) option(select, c, c);
    }
    COMPLEXITY_LEVELS.forEach((level, i) => option(this.complexity, String(i), `${level.name}: ${level.cellSize} px cells`));
    DIMENSIONS.forEach((d, i) => option(this.dimensions, String(i), `${d.name}: ${d.pixels}x${d.pixels} px`));
    this.dimensions.value = '1';
    this.speed.max = String(SPEEDS.length - 1);
  }

  /** Fields that hold text the user typed and the panel refused; write() leaves them alone when asked. */
  private readonly invalid = new Set<CheckedField>();

  private field(name: CheckedField): HTMLInputElement {
    return { width: this.width, height: this.height, seed: this.seed, entry: this.entry, exit: this.exit }[name];
  }

  /** Shows each field's message under it (and marks it invalid), or clears it. */
  showErrors(errors: Partial<Record<CheckedField, string>>): void {
    this.invalid.clear();
    for (const name of CHECKED_FIELDS) {
      const message = errors[name];
      const input = this.field(name);
      const line = byId<HTMLParagraphElement>(`${name}-error`);
      if (message) this.invalid.add(name);
      input.setAttribute('aria-invalid', String(message !== undefined));
      line.textContent = message ?? '';
      line.hidden = message === undefined;
    }
  }

  /** Shows the colour clash (one line naming the two roles) or clears it. */
  showColorError(message: string | undefined): void {
    const line = byId<HTMLParagraphElement>('color-error');
    line.textContent = message ? `Not applied: ${message}.` : '';
    line.hidden = message === undefined;
    for (const select of [this.background, this.walls, this.path, this.pattern42])
      select.setAttribute('aria-invalid', String(message !== undefined));
  }

  /**
   * Puts the settings in the form. With `keepTyped`, fields showing a refused value keep
   * the user's text (and its message) so the typing is not lost; otherwise every field
   * shows the setting in use and the messages go.
   */
  write(s: Settings, keepTyped = false): void {
    if (!keepTyped && this.invalid.size > 0) this.showErrors({});
    const put = (name: CheckedField, text: string): void => {
      if (!this.invalid.has(name)) this.field(name).value = text;
    };
    put('width', String(s.width));
    put('height', String(s.height));
    put('seed', s.seed);
    this.perfect.checked = s.perfect;
    this.braid.value = String(s.braid);
    this.braid.disabled = s.perfect;
    this.braidValue.textContent = `${s.braid}%`;
    this.difficulty.value = String(s.difficulty);
    this.difficultyValue.textContent = String(s.difficulty);
    this.pattern.value = s.pattern;
    this.pattern.disabled = !isPlainSquare(s);
    // The presets size square cells for a window (the console menu's): other grids keep their width and height.
    for (const select of [this.complexity, this.dimensions]) {
      select.disabled = s.grid !== 'square';
      select.title = s.grid === 'square' ? '' : 'The presets size square cells; set the width and height of this grid above';
    }
    this.pattern.title = isPlainSquare(s) ? '' : 'The 42 pattern is a feature of the plain square grid';
    this.level.value = s.level;
    this.grid.value = s.grid;
    this.shape.value = s.shape;
    const wraps = wrapsFor(s.grid);
    for (const o of this.wrap.options) o.disabled = !wraps.includes(o.value as Wrap);
    this.wrap.value = s.wrap;
    this.wrap.disabled = wraps.length < 2;
    this.wrap.title = wraps.length < 2 ? `The ${s.grid} grid has no wrap` : '';
    byId('grid-hint').textContent = GRID_HINTS[s.grid];
    // On the polar grid width and height are the first ring's cell count and the rings around the centre.
    byId('width-label').textContent = s.grid === 'polar' ? 'Cells in the first ring' : 'Width (cells)';
    byId('height-label').textContent = s.grid === 'polar' ? 'Rings' : 'Height (cells)';
    const mask = s.mask ? s.mask.split('\n') : [];
    byId('mask-info').textContent = mask.length
      ? `Mask: ${mask[0].length}x${mask.length}, ${[...s.mask].filter((c) => c === '.').length} cells${s.grid === 'polar' ? ' (laid over the whole drawing)' : ''}.`
      : 'No mask.';
    byId<HTMLButtonElement>('mask-clear').disabled = !s.mask;
    // Generators the grid does not take stay listed, unavailable, with the library's reason.
    for (const o of this.generator.options) {
      const g = GENERATORS.find((a) => a.name === o.value);
      const reason = g && unavailableReason(g, s.grid, s.wrap);
      o.disabled = reason !== undefined;
      o.textContent = reason ? `${o.value} (not on this grid)` : o.value;
      o.title = reason ?? g?.description ?? '';
    }
    this.generator.value = GENERATORS.some((g) => g.name === s.generator) ? s.generator : this.generator.value;
    this.writeVariants(s.generator, s.variant);
    this.solver.value = SOLVERS.some((a) => a.name === s.solver) ? s.solver : this.solver.value;
    put('entry', pointText(s.entry));
    put('exit', pointText(s.exit));
    this.theme.value = s.theme;
    this.background.value = s.background;
    this.walls.value = s.walls;
    this.path.value = s.path;
    this.pattern42.value = s.pattern42;
    this.animate.checked = s.animate;
    const speedIndex = SPEEDS.reduce((best, v, i) => (Math.abs(v - s.speed) < Math.abs(SPEEDS[best] - s.speed) ? i : best), 0);
    this.speed.value = String(speedIndex);
    this.speedValue.textContent = s.speed.toLocaleString('en');
  }

  /** The variant menu lists the generator's named variants; any other value (from a link, say 'newest:0.3') is kept as one more entry. */
  private writeVariants(generator: string, variant: string): void {
    const names = GENERATORS.find((g) => g.name === generator)?.variants ?? [];
    this.variant.replaceChildren();
    option(this.variant, '', names.length > 0 ? `(default: ${names[0]})` : '(none)');
    for (const name of names) option(this.variant, name, name);
    if (variant !== '' && !names.includes(variant)) option(this.variant, variant, variant);
    this.variant.value = variant;
    this.variant.disabled = names.length === 0 && variant === '';
  }

  /** The form's values over `base`: valid fields give their value, each invalid one keeps the base value and gets a message. */
  read(base: Settings): PanelReading {
    const s: Settings = { ...base };
    const errors: PanelReading['errors'] = {};
    const whole = (input: HTMLInputElement, fallback: number): number => {
      const n = Number(input.value);
      return input.value.trim() !== '' && Number.isInteger(n) && n >= Number(input.min) && n <= Number(input.max) ? n : fallback;
    };
    const side = (name: 'width' | 'height', label: string): void => {
      const input = this.field(name);
      const text = input.value.trim();
      const n = Number(text);
      if (text === '' || !/^\d+$/.test(text) || n < 1 || n > MAX_SIDE)
        errors[name] =
          `${label} must be a whole number from 1 to ${MAX_SIDE}${text === '' ? '' : `, not '${text}'`}; the maze keeps ${base[name]}.`;
      else s[name] = n;
    };
    s.grid = gridKindOf(this.grid.value) ?? base.grid;
    s.shape = (OUTLINES as readonly string[]).includes(this.shape.value) ? (this.shape.value as Settings['shape']) : '';
    s.wrap = (WRAPS as readonly string[]).includes(this.wrap.value) ? (this.wrap.value as Wrap) : 'none';
    // A new grid or outline: the size and ends in the fields are the old grid's, never checked against the new one
    // (update gives the new grid its own: fitGrid).
    const gridChanged = s.grid !== base.grid || s.shape !== base.shape;
    if (!gridChanged) {
      side('width', 'Width');
      side('height', 'Height');
    }
    const cells = gridCells(s) ?? 0;
    const limit = cellLimitOf(s);
    if (!gridChanged && !errors.width && !errors.height && cells > limit) {
      errors.width = `${s.width}x${s.height} is ${cells.toLocaleString('en')} cells; the viewer draws at most ${limit.toLocaleString('en')}${isPlainSquare(s) ? '' : ' on this grid'}. The maze keeps ${base.width}x${base.height}.`;
      s.width = base.width;
      s.height = base.height;
    }
    const seed = this.seed.value.trim();
    if (seed === '') errors.seed = `Type a seed (any number or text), or press New seed; the maze keeps seed ${base.seed}.`;
    else s.seed = seed;
    s.perfect = this.perfect.checked;
    s.braid = whole(this.braid, s.braid);
    s.difficulty = whole(this.difficulty, s.difficulty);
    s.pattern = this.pattern.value === 'none' ? 'none' : '42';
    s.level = (LEVELS as readonly string[]).includes(this.level.value) ? (this.level.value as Level) : '';
    s.generator = this.generator.value;
    // Another generator's variant would be refused: a new generator starts at its default.
    s.variant = s.generator === base.generator ? this.variant.value : '';
    s.solver = this.solver.value;
    const end = (name: 'entry' | 'exit', label: string): void => {
      const text = this.field(name).value;
      const point = parsePoint(text);
      const inside = point !== undefined && endInside(s, point);
      if (!inside) {
        const where =
          s.grid === 'polar'
            ? `index,ring inside the ${s.height}-ring polar maze (ring 0..${s.height}), centre or outer`
            : `x,y inside the ${s.width}x${s.height} maze (x 0..${s.width - 1}, y 0..${s.height - 1})`;
        const rules = name === 'entry' ? 'hardest (with the exit hardest too)' : 'farthest or hardest';
        errors[name] =
          `${label} must be ${where}, a side (top, bottom, left, right) or ${rules}, not '${text.trim()}'; the maze keeps ${pointText(base[name])}.`;
      } else s[name] = point;
    };
    if (!gridChanged) {
      end('entry', 'The entry');
      end('exit', 'The exit');
    }
    // The rules go in pairs the library accepts: EXIT=farthest with any entry, ENTRY=EXIT=hardest.
    if (!errors.entry && s.entry === 'farthest') {
      errors.entry = `The entry cannot be farthest (the farthest cell is measured from the entry): set the exit to farthest, or both to hardest; the maze keeps ${pointText(base.entry)}.`;
      s.entry = base.entry;
    }
    if (!errors.entry && !errors.exit && (s.entry === 'hardest') !== (s.exit === 'hardest')) {
      const which = s.entry === 'hardest' ? 'exit' : 'entry';
      errors[which] =
        `hardest picks the two cells farthest apart, so the entry and the exit are both hardest or neither (for the cell farthest from the entry, set the exit to farthest); the maze keeps ${pointText(base[which])}.`;
      s[which] = base[which];
    }
    if (!errors.entry && !errors.exit && pointText(s.entry) === pointText(s.exit) && typeof s.entry !== 'string') {
      errors.exit = `The exit must be another cell than the entry (${pointText(s.entry)}); the maze keeps ${pointText(base.exit)}.`;
      s.exit = base.exit;
    }
    s.theme = (THEMES.find((t) => t.name === this.theme.value) ?? THEMES[0]).name;
    s.background = this.background.value as Settings['background'];
    s.walls = this.walls.value as Settings['walls'];
    s.path = this.path.value as Settings['path'];
    s.pattern42 = this.pattern42.value as Settings['pattern42'];
    s.animate = this.animate.checked;
    s.speed = SPEEDS[whole(this.speed, 0)] ?? s.speed;
    return { settings: s, errors };
  }
}
