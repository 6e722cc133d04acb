import { changeSpeed, cycleColor, newSeed, togglePath, update } from './controls.js';
import { cancelGeneration, worker } from './generation.js';
import { byId } from './panel.js';
import { moveCursor, placeAt, setPlacing } from './placing.js';
import { playMode, togglePlayMode } from './play.js';
import { finishNow, replay, stepOnce, togglePlay } from './playback.js';
import { fitView, zoomBy } from './pointer.js';
import { canvas, state, view } from './state.js';
import { menuDigitOfCode } from 'mazegen/internal';

/** The keyboard: the console menu's keys 1-5, the viewer's own, and the two dialogs (help, quit). */

const quitDialog = byId('quit');
const help = byId('help');

function openDialog(dialog: HTMLElement, focus: string): void {
  state.focusBeforeDialog = document.activeElement as HTMLElement | null;
  dialog.hidden = false;
  byId(focus).focus();
}

function closeDialog(dialog: HTMLElement): void {
  dialog.hidden = true;
  state.focusBeforeDialog?.focus();
}

export function askQuit(): void {
  if (!state.closed) openDialog(quitDialog, 'quit-confirm');
}
export const closeQuit = (): void => closeDialog(quitDialog);
export const openHelp = (): void => openDialog(help, 'help-close');
export const closeHelp = (): void => closeDialog(help);

/** Stops the server (POST /api/quit) and shows the closed screen. */
export async function quit(): Promise<void> {
  if (state.closed) return;
  state.closed = true;
  quitDialog.hidden = true;
  worker.terminate();
  let detail = 'The server has stopped. You can close this tab.';
  try {
    const response = await fetch('./api/quit', { method: 'POST' });
    if (!response.ok) throw new Error(String(response.status));
  } catch {
    detail = state.servedByCli
      ? 'The server did not answer; it may have stopped already. You can close this tab.'
      : 'No a-maze-ing server serves this page, so there is nothing to stop. Reload to start again.';
  }
  byId('closed-detail').textContent = detail;
  byId('closed').hidden = false;
  document.title = 'A-Maze-ing viewer (closed)';
}

/** The console menu's keys 1-5, typed or clicked on their on-screen buttons (#key-1 .. #key-5). */
export const MENU_KEYS: Record<string, () => void> = {
  '1': newSeed,
  '2': togglePath,
  '3': () => cycleColor('wall'),
  '4': askQuit,
  '5': () => cycleColor('pattern'),
};

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLInputElement
    ? !['checkbox', 'range', 'button'].includes(target.type)
    : target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;
}

/** Keys inside an open dialog: Esc closes it, Tab stays inside, Enter confirms a quit. */
function dialogKey(event: KeyboardEvent): boolean {
  const dialog = !quitDialog.hidden ? quitDialog : !help.hidden ? help : undefined;
  if (!dialog) return false;
  if (event.key === 'Escape' || (dialog === help && event.key === '?')) {
    event.preventDefault();
    closeDialog(dialog);
  } else if (event.key === 'Enter' && dialog === quitDialog && document.activeElement !== byId('quit-cancel')) {
    event.preventDefault();
    void quit();
  } else if (event.key === 'Tab') {
    const buttons = [...dialog.querySelectorAll<HTMLButtonElement>('button')];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    event.preventDefault();
    buttons[(at + (event.shiftKey ? buttons.length - 1 : 1)) % buttons.length].focus();
  }
  return true;
}

const CURSOR_MOVES: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function onKey(event: KeyboardEvent): void {
  if (state.closed || event.ctrlKey || event.metaKey || event.altKey) return;
  if (dialogKey(event)) return;
  if (event.key === 'Escape' && state.pending) {
    event.preventDefault();
    cancelGeneration();
    return;
  }
  if (isTyping(event.target)) return;
  if (playMode.key(event)) return;
  if (state.placing && (event.target === canvas || event.target === document.body)) {
    if (CURSOR_MOVES[event.key]) {
      event.preventDefault();
      moveCursor(...CURSOR_MOVES[event.key]);
      return;
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      placeAt(view.cursor);
      return;
    }
  }
  const panStep = 40 * (window.devicePixelRatio || 1);
  const actions: Record<string, () => void> = {
    ...MENU_KEYS,
    '?': openHelp,
    '+': () => zoomBy(1.25),
    '=': () => zoomBy(1.25),
    '-': () => zoomBy(0.8),
    '0': fitView,
    ArrowLeft: () => view.pan(panStep, 0),
    ArrowRight: () => view.pan(-panStep, 0),
    ArrowUp: () => view.pan(0, panStep),
    ArrowDown: () => view.pan(0, -panStep),
    ' ': togglePlay,
    '.': stepOnce,
    f: finishNow,
    r: replay,
    '[': () => changeSpeed(-1),
    ']': () => changeSpeed(1),
    a: () => update({ ...state.settings, animate: !state.settings.animate }, false),
    p: togglePlayMode,
    Escape: () => setPlacing(undefined),
  };
  // Keys 1-5 by their place too (event.code), so an AZERTY keyboard's unshifted & é " ' ( work as in the seed's window.
  const action = actions[event.key] ?? MENU_KEYS[menuDigitOfCode(event.code) ?? ''];
  if (!action) return;
  // Space and arrows on a focused button or checkbox keep their usual meaning.
  if (
    (event.key === ' ' || event.key.startsWith('Arrow')) &&
    event.target instanceof HTMLElement &&
    event.target !== canvas &&
    event.target !== document.body
  )
    return;
  event.preventDefault();
  action();
}

export function listenToKeys(): void {
  document.addEventListener('keydown', onKey);
}
