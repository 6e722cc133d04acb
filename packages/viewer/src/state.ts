import type { GridMaze, Theme } from 'mazegen';
import type { Phase, TracePlayer } from './animate.js';
import type { ExportMaze } from './export.js';
import { Panel, byId } from './panel.js';
import type { Scene } from './picture.js';
import type { DoneMessage, GenerateRequest } from './protocol.js';
import type { GridMemory } from './grid-switch.js';
import { DEFAULT_SETTINGS, themeFor, type Settings } from './settings.js';
import { MazeView } from './view.js';

/**
 * The page's state, in one place: every module of the viewer reads and changes this one
 * object (and the page's fixed parts below), never variables of its own.
 */

/** The maze on screen, what the worker said about it, and the settings that made it. */
export interface Shown {
  request: GenerateRequest;
  done: DoneMessage;
  settings: Settings;
  /** The maze, on any grid (a plain square one on its Maze's bytes). */
  maze: GridMaze;
  /** Made by the plain square grid's engine: the square plug-in draws and exports it (hex file, print sheet, the 42). */
  square: boolean;
  /** The ends, as cell numbers. */
  entry: number;
  exit: number;
}

/** The shown maze as the exports see it. */
export function exportMazeOf(s: Shown): ExportMaze {
  return { maze: s.maze, square: s.square, entry: s.entry, exit: s.exit, seed: s.done.seed };
}

/** A generation asked of the worker and not finished yet. */
export interface Pending {
  request: GenerateRequest;
  generate: Uint32Array[];
  solve: Uint32Array[];
  fit: boolean;
  /** Animate this run whatever the Animate setting says (Replay). */
  animate: boolean;
  settings: Settings;
  fraction: number;
  steps: number;
  phase: Phase;
  /** A big recorded run's instant maze, shown while its trace is made (the animation must end on it). */
  first?: Shown;
}

/** The distance theme's flood being drawn: cells in order of distance from the entry, and how many are tinted. */
export interface Flood {
  distances: Int32Array;
  order: Int32Array;
  max: number;
  next: number;
  reached: number;
  shade: Uint8Array;
  colors: number;
}

/** The colour choices a theme was made from. */
export type ThemeColors = Pick<Settings, 'background' | 'walls' | 'path' | 'pattern42'>;

export interface ViewerState {
  settings: Settings;
  /** The colours drawn: the settings' theme when it hides nothing (a clashing choice is refused). */
  theme: Theme;
  /** The colour choices `theme` was made from (a refused choice is not among them). */
  themeColors: ThemeColors;
  shown: Shown | undefined;
  /** What the view draws of the shown maze (its path, tints and marks), shared with the animation and play. */
  scene: Scene | undefined;
  /** Counts generation requests; late answers to older ones are dropped. */
  requestId: number;
  pending: Pending | undefined;
  player: TracePlayer | undefined;
  /** The animation runs (else paused). */
  playing: boolean;
  /** Whether the last animation ended on the instant run's maze (undefined until one ends). */
  animationMatched: boolean | undefined;
  /** Path cells drawn so far when the path is revealed gradually. */
  pathShown: number;
  /** The user zoomed or panned: a resize keeps the view. */
  userZoomed: boolean;
  /** Moving the entry or the exit by a click or the keyboard cursor. */
  placing: 'entry' | 'exit' | undefined;
  /** The page was closed (key 4): nothing runs any more. */
  closed: boolean;
  /** The page came from `a-maze-ing view` (its config answered). */
  servedByCli: boolean;
  /** A preset's cell size, applied when its maze is shown. */
  pendingCellPixels: number | undefined;
  flood: Flood | undefined;
  /** The largest distance the legend shows, or undefined when the theme has none. */
  distanceMax: number | undefined;
  /** The size and ends last used on each grid this visit (switching back restores them). */
  gridMemory: GridMemory;
  /** The grid the view shows (its kind, size and wrap): a new one refits. */
  shownShapeKey: string;
  progressTimer: ReturnType<typeof setTimeout> | undefined;
  typingTimer: ReturnType<typeof setTimeout> | undefined;
  /** The element focused before a dialog opened, focused again when it closes. */
  focusBeforeDialog: HTMLElement | null;
  /** The frame loop's step budget (animate-loop.ts). */
  stepAllowance: number;
  lastFrameWork: number;
  /** A drag on the canvas (a pan, or a swipe while playing). */
  drag: { x: number; y: number; startX: number; startY: number; moved: number; id: number } | undefined;
  /** Touch points on the canvas; two of them pinch-zoom around their midpoint. */
  touches: Map<number, { x: number; y: number }>;
  pinch: { distance: number; cellPixels: number } | undefined;
}

export const state: ViewerState = {
  settings: { ...DEFAULT_SETTINGS },
  theme: themeFor(DEFAULT_SETTINGS),
  themeColors: { background: '', walls: '', path: '', pattern42: '' },
  shown: undefined,
  scene: undefined,
  requestId: 0,
  pending: undefined,
  player: undefined,
  playing: false,
  animationMatched: undefined,
  pathShown: 0,
  userZoomed: false,
  placing: undefined,
  closed: false,
  servedByCli: false,
  pendingCellPixels: undefined,
  flood: undefined,
  distanceMax: undefined,
  gridMemory: {},
  shownShapeKey: '',
  progressTimer: undefined,
  typingTimer: undefined,
  focusBeforeDialog: null,
  stepAllowance: 2048,
  lastFrameWork: 0,
  drag: undefined,
  touches: new Map(),
  pinch: undefined,
};

/** The page's fixed parts. */
export const canvas = byId<HTMLCanvasElement>('maze');
export const panel = new Panel();
export const view = new MazeView(canvas);
export const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

export function setStatus(text: string): void {
  byId('status').textContent = text;
}
