import { placeAt } from './placing.js';
import { playMode } from './play.js';
import { canvas, state, view } from './state.js';

/** The pointer on the canvas: drag to pan, two fingers to pinch-zoom, the wheel to zoom, a click to place an end, a swipe to play; and the canvas's size. */

export function zoomBy(factor: number, cx?: number, cy?: number): void {
  state.userZoomed = true;
  view.zoom(factor, cx, cy);
}

export function fitView(): void {
  state.userZoomed = false;
  view.fit();
}

function canvasPoint(clientX: number, clientY: number): [number, number] {
  const rect = canvas.getBoundingClientRect();
  const ratio = window.devicePixelRatio || 1;
  return [(clientX - rect.left) * ratio, (clientY - rect.top) * ratio];
}

function pinchSpan(): { distance: number; x: number; y: number } {
  const [a, b] = [...state.touches.values()];
  return { distance: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

function pointerDown(event: PointerEvent): void {
  state.touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
  if (state.touches.size === 2) {
    state.drag = undefined; // a second finger turns the drag into a pinch
    state.pinch = { distance: Math.max(1, pinchSpan().distance), cellPixels: view.placement().cellPixels };
    return;
  }
  state.drag = { x: event.clientX, y: event.clientY, startX: event.clientX, startY: event.clientY, moved: 0, id: event.pointerId };
  try {
    canvas.setPointerCapture(event.pointerId);
  } catch {
    // A pointer the browser no longer tracks cannot be captured; dragging still works inside the canvas.
  }
}

function pointerMove(event: PointerEvent): void {
  const { touches, pinch, drag } = state;
  if (touches.has(event.pointerId)) touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
  if (pinch && touches.size === 2) {
    const span = pinchSpan();
    const target = (pinch.cellPixels * span.distance) / pinch.distance;
    const current = view.placement().cellPixels;
    // Zoom steps are whole pixels per cell from 2 up, so wait until the fingers ask for one.
    if (Math.abs(target - current) >= (current >= 2 ? 1 : current * 0.1)) zoomBy(target / current, ...canvasPoint(span.x, span.y));
    return;
  }
  if (!drag || drag.id !== event.pointerId) return;
  const ratio = window.devicePixelRatio || 1;
  const dx = event.clientX - drag.x;
  const dy = event.clientY - drag.y;
  drag.moved += Math.abs(dx) + Math.abs(dy);
  drag.x = event.clientX;
  drag.y = event.clientY;
  // While playing, a drag is a swipe (it moves the player when the finger lifts), not a pan.
  if (drag.moved > 4 && !playMode.active) {
    state.userZoomed = true;
    view.pan(dx * ratio, dy * ratio);
  }
}

function pointerGone(event: PointerEvent): void {
  state.touches.delete(event.pointerId);
  if (state.touches.size < 2) state.pinch = undefined;
}

function pointerUp(event: PointerEvent): void {
  pointerGone(event);
  const drag = state.drag;
  if (!drag || drag.id !== event.pointerId) return;
  const click = drag.moved <= 4;
  const swipe = { dx: event.clientX - drag.startX, dy: event.clientY - drag.startY };
  state.drag = undefined;
  if (playMode.active) {
    playMode.swipe(swipe.dx, swipe.dy);
    return;
  }
  if (click && state.placing) placeAt(view.cellAt(...canvasPoint(event.clientX, event.clientY)));
}

/** A fitted maze keeps clear of the zoom and playback buttons along the canvas's bottom edge. */
export function reserveControls(): void {
  const controls = document.querySelector<HTMLElement>('.stage-controls');
  view.reservedBand = controls ? (controls.offsetHeight + 8) * (window.devicePixelRatio || 1) : 0;
}

export function listenToPointer(): void {
  canvas.addEventListener('pointerdown', pointerDown);
  canvas.addEventListener('pointermove', pointerMove);
  canvas.addEventListener('pointerup', pointerUp);
  canvas.addEventListener('pointercancel', (event) => {
    pointerGone(event);
    state.drag = undefined;
  });
  canvas.addEventListener(
    'wheel',
    (event) => {
      event.preventDefault();
      zoomBy(event.deltaY < 0 ? 1.25 : 0.8, ...canvasPoint(event.clientX, event.clientY));
    },
    { passive: false },
  );
  new ResizeObserver(() => {
    reserveControls();
    if (view.resize() && !state.userZoomed && view.picture) view.fit();
  }).observe(canvas);
}
