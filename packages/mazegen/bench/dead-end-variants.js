// Why two generators' dead-end shares differ from Walter Pullen's table: minimal
// standalone sketches of Recursive Division and Hunt-and-Kill with the rule in question
// changed, on a 100x100 grid without the 42. Not the library's generators: a check of
// what each rule does to the share. Seeded with the library's RNG, so runs repeat.
// Usage (after `npm run build`): node packages/mazegen/bench/dead-end-variants.js
import { createRng } from '../dist/index.js';

const W = 100,
  H = 100,
  N = W * H;
const rng = createRng('dead-end-variants');
function deadShare(adj) {
  let d = 0;
  for (let i = 0; i < N; i++) {
    let o = 0;
    for (const b of [1, 2, 4, 8]) if (adj[i] & b) o++;
    if (o === 1) d++;
  }
  return d / N;
}
function nb(c, b) {
  const x = c % W,
    y = (c / W) | 0;
  if (b === 1) return y > 0 ? c - W : -1;
  if (b === 2) return x + 1 < W ? c + 1 : -1;
  if (b === 4) return y + 1 < H ? c + W : -1;
  return x > 0 ? c - 1 : -1;
}
const opp = { 1: 4, 2: 8, 4: 1, 8: 2 };
const rnd = (n) => rng.int(n);
const coin = (p) => rng.float() < p;
// Recursive division of a w x h room: orient(w, h) true = a horizontal wall (across the width).
function division(orient) {
  const adj = new Uint8Array(N);
  for (let c = 0; c < N; c++)
    for (const b of [2, 4]) {
      const o = nb(c, b);
      if (o >= 0) {
        adj[c] |= b;
        adj[o] |= opp[b];
      }
    }
  const st = [[0, 0, W, H]];
  while (st.length) {
    const [x, y, w, h] = st.pop();
    if (w < 2 || h < 2) continue;
    if (orient(w, h)) {
      const wy = y + rnd(h - 1);
      const gx = x + rnd(w);
      for (let i = x; i < x + w; i++)
        if (i !== gx) {
          const c = wy * W + i;
          adj[c] &= ~4;
          adj[c + W] &= ~1;
        }
      st.push([x, y, w, wy - y + 1], [x, wy + 1, w, y + h - wy - 1]);
    } else {
      const wx = x + rnd(w - 1);
      const gy = y + rnd(h);
      for (let j = y; j < y + h; j++)
        if (j !== gy) {
          const c = j * W + wx;
          adj[c] &= ~2;
          adj[c + 1] &= ~8;
        }
      st.push([x, y, wx - x + 1, h], [wx + 1, y, x + w - wx - 1, h]);
    }
  }
  return deadShare(adj);
}
const avg = (f, k = 10) => {
  let s = 0;
  for (let i = 0; i < k; i++) s += f();
  return ((100 * s) / k).toFixed(1) + '%';
};
console.log(
  'Recursive Division, wall across the shorter side (as the library)',
  avg(() => division((w, h) => (w < h ? true : w > h ? false : coin(0.5)))),
);
console.log(
  'Recursive Division, random orientation',
  avg(() => division(() => coin(0.5))),
);
console.log(
  'Recursive Division, wall across the longer side',
  avg(() => division((w, h) => (w > h ? true : w < h ? false : coin(0.5)))),
);
console.log(
  'Recursive Division, horizontal with probability h/(w+h) (leaning to the shorter side)',
  avg(() => division((w, h) => coin(h / (w + h)))),
);
// Hunt-and-Kill: the hunt takes the first unvisited cell (row order) next to the maze, or a random such cell.
function hk(huntRandom) {
  const adj = new Uint8Array(N),
    vis = new Uint8Array(N);
  let c = rnd(N);
  vis[c] = 1;
  while (true) {
    const ch = [];
    for (const b of [1, 2, 4, 8]) {
      const o = nb(c, b);
      if (o >= 0 && !vis[o]) ch.push(b);
    }
    if (ch.length) {
      const b = ch[rnd(ch.length)];
      const o = nb(c, b);
      adj[c] |= b;
      adj[o] |= opp[b];
      vis[o] = 1;
      c = o;
      continue;
    }
    const cand = [];
    for (let s = 0; s < N; s++) {
      if (vis[s]) continue;
      if (
        [1, 2, 4, 8].some((b) => {
          const o = nb(s, b);
          return o >= 0 && vis[o];
        })
      ) {
        cand.push(s);
        if (!huntRandom) break;
      }
    }
    if (!cand.length) break;
    const s = cand[rnd(cand.length)];
    const vb = [1, 2, 4, 8].filter((b) => {
      const o = nb(s, b);
      return o >= 0 && vis[o];
    });
    const b = vb[rnd(vb.length)];
    const o = nb(s, b);
    adj[s] |= b;
    adj[o] |= opp[b];
    vis[s] = 1;
    c = s;
  }
  return deadShare(adj);
}
console.log(
  'Hunt-and-Kill, first cell in row order (as the library)',
  avg(() => hk(false), 5),
);
console.log(
  'Hunt-and-Kill, random cell next to the maze',
  avg(() => hk(true), 3),
);
