import { COLOR_NAMES, COMPLEXITY_LEVELS, DIMENSIONS, GENERATORS, SOLVERS } from 'mazegen';
import { SPEEDS, THEMES, parsePoint, pointText, type Settings } from './settings.js';

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
  readonly complexity = byId<HTMLSelectElement>('complexity');
  readonly dimensions = byId<HTMLSelectElement>('dimensions');

  constructor() {
    // Menus come from the registry and the presets, never from a second list.
    for (const g of GENERATORS) option(this.generator, g.name, g.name, g.description);
    for (const s of SOLVERS) option(this.solver, s.name, s.shortest ? `${s.name} (shortest)` : s.name, s.description);
    for (const t of THEMES) option(this.theme, t.name, t.label);
    for (const select of [this.background, this.walls, this.path, this.pattern42]) for (const c of COLOR_NAMES) option(select, c, c);
    COMPLEXITY_LEVELS.forEach((level, i) => option(this.complexity, String(i), `${level.name} (${level.cellSize} px cells)`));
    DIMENSIONS.forEach((d, i) => option(this.dimensions, String(i), `${d.name} (${d.pixels}x${d.pixels} px)`));
    this.dimensions.value = '1';
    this.speed.max = String(SPEEDS.length - 1);
  }

  write(s: Settings): void {
    this.width.value = String(s.width);
    this.height.value = String(s.height);
    this.seed.value = s.seed;
    this.perfect.checked = s.perfect;
    this.braid.value = String(s.braid);
    this.braid.disabled = s.perfect;
    this.braidValue.textContent = `${s.braid}%`;
    this.difficulty.value = String(s.difficulty);
    this.difficultyValue.textContent = String(s.difficulty);
    this.pattern.value = s.pattern;
    this.generator.value = GENERATORS.some((g) => g.name === s.generator) ? s.generator : this.generator.value;
    this.writeVariants(s.generator, s.variant);
    this.solver.value = SOLVERS.some((a) => a.name === s.solver) ? s.solver : this.solver.value;
    this.entry.value = pointText(s.entry);
    this.exit.value = pointText(s.exit);
    this.theme.value = s.theme;
    this.background.value = s.background;
    this.walls.value = s.walls;
    this.path.value = s.path;
    this.pattern42.value = s.pattern42;
    const heat = s.theme === 'heatmap';
    this.background.disabled = heat;
    this.walls.disabled = heat;
    this.path.disabled = heat;
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

  /** The form's values over `base`; fields that do not parse keep the base value. */
  read(base: Settings): Settings {
    const s: Settings = { ...base };
    const int = (input: HTMLInputElement, fallback: number): number => {
      const n = Number(input.value);
      const min = Number(input.min || '-Infinity');
      const max = Number(input.max || 'Infinity');
      return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
    };
    s.width = int(this.width, s.width);
    s.height = int(this.height, s.height);
    s.seed = this.seed.value.trim() || s.seed;
    s.perfect = this.perfect.checked;
    s.braid = int(this.braid, s.braid);
    s.difficulty = int(this.difficulty, s.difficulty);
    s.pattern = this.pattern.value === 'none' ? 'none' : '42';
    s.generator = this.generator.value;
    // Another generator's variant would be refused: a new generator starts at its default.
    s.variant = s.generator === base.generator ? this.variant.value : '';
    s.solver = this.solver.value;
    s.entry = parsePoint(this.entry.value) ?? s.entry;
    s.exit = parsePoint(this.exit.value) ?? s.exit;
    s.theme = this.theme.value === 'heatmap' ? 'heatmap' : 'classic';
    s.background = this.background.value as Settings['background'];
    s.walls = this.walls.value as Settings['walls'];
    s.path = this.path.value as Settings['path'];
    s.pattern42 = this.pattern42.value as Settings['pattern42'];
    s.animate = this.animate.checked;
    s.speed = SPEEDS[int(this.speed, 0)] ?? s.speed;
    return s;
  }
}
