/**
 * way_to as a perfect reader answers it: the seen-floor route field (docs/questions.md, way_to) built from the
 * window's frames so far — the floor they observed (and the floor under the body now), gaps under half a metre
 * closed, obstacle cells removed, cells too near anything unseen or blocked for the body's half width left out —
 * the shortest 8-connected route length D to the thing's middle as last seen, and the heading whose straight
 * drive of R over seen, roomy floor gains the most D.
 */
import { bodyAt, distanceTransform, Grid, headingVector } from '../../layouts/geometry/index.ts';
import { normHeading } from '../../formats/step.ts';
import { frameNow, type ReaderGrid, type ReaderMemory } from './memory.ts';
import { SeenCells } from './seen-grid.ts';
import { lastSightingNamed, thingAt, type ThingName } from './things.ts';

const EPS = 1e-9;
/** Gaps in the seen floor narrower than this are closed (m). */
const GAP_M = 0.5;

function distTo(g: ReaderGrid, set: Uint8Array): Float64Array {
  return distanceTransform(new Grid(g.cell, [g.x0, g.y0], g.nx, g.ny, set));
}

/** A mask closed by a disc of radius r: grown by r, then shrunk by r. */
function closed(g: ReaderGrid, mask: Uint8Array, r: number): Uint8Array {
  const toMask = distTo(g, mask);
  const grown = toMask.map((d) => (d <= r + EPS ? 1 : 0));
  const outside = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) outside[i] = grown[i] ? 0 : 1;
  const toOutside = distTo(g, outside);
  const out = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) out[i] = grown[i] && toOutside[i] > r + EPS ? 1 : 0;
  return out;
}

/** Shortest route lengths over `ok` cells (8-connected, no corner cutting) from seeds with their start costs. */
function routeLengths(g: ReaderGrid, ok: Uint8Array, seeds: Map<number, number>): Float64Array {
  const D = new Float64Array(ok.length).fill(Infinity);
  const heap: [number, number][] = [];
  const push = (d: number, c: number) => {
    heap.push([d, c]);
    for (let i = heap.length - 1; i > 0; ) {
      const p = (i - 1) >> 1;
      if (heap[p][0] <= heap[i][0]) break;
      [heap[p], heap[i]] = [heap[i], heap[p]];
      i = p;
    }
  };
  const pop = (): [number, number] => {
    const top = heap[0];
    const end = heap.pop()!;
    if (heap.length) {
      heap[0] = end;
      for (let i = 0; ; ) {
        const l = 2 * i + 1,
          r = l + 1;
        let s = i;
        if (l < heap.length && heap[l][0] < heap[s][0]) s = l;
        if (r < heap.length && heap[r][0] < heap[s][0]) s = r;
        if (s === i) break;
        [heap[s], heap[i]] = [heap[i], heap[s]];
        i = s;
      }
    }
    return top;
  };
  for (const [c, d] of seeds) {
    D[c] = d;
    push(d, c);
  }
  while (heap.length) {
    const [d, c] = pop();
    if (d > D[c]) continue;
    const x = c % g.nx,
      y = Math.floor(c / g.nx);
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        if (!dx && !dy) continue;
        const nx = x + dx,
          ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= g.nx || ny >= g.ny) continue;
        const k = ny * g.nx + nx;
        if (!ok[k] || (dx && dy && (!ok[y * g.nx + nx] || !ok[ny * g.nx + x]))) continue;
        const nd = d + (dx && dy ? Math.SQRT2 : 1) * g.cell;
        if (nd < D[k] - 1e-12) {
          D[k] = nd;
          push(nd, k);
        }
      }
    }
  }
  return D;
}

/** way_to: the relative heading to set off on (deg, + = left); null when the frames never showed the thing. */
export function readWayTo(m: ReaderMemory, name: ThingName): number | null {
  const last = lastSightingNamed(m, m.frames, name);
  const goal = last ? thingAt(m, last.id, last.frame.t)?.middle : undefined;
  if (!goal) return null;
  const now = frameNow(m);
  const g = m.grid;
  const space = new SeenCells(g, m.frames);
  const floor = new Uint8Array(space.n),
    blocked = new Uint8Array(space.n);
  for (let c = 0; c < space.n; c++) {
    floor[c] = space.floor[c] && !space.obstacle[c] ? 1 : 0;
    blocked[c] = space.obstacle[c];
  }
  for (const c of space.cellsUnder(
    bodyAt(m.job.body, { x: now.pose.x, y: now.pose.y, yaw_deg: now.pose.heading_deg }),
  )) {
    floor[c] = 1;
    blocked[c] = 0;
  }
  const seen = closed(g, floor, GAP_M / 2);
  const notFree = new Uint8Array(space.n);
  for (let c = 0; c < space.n; c++) notFree[c] = seen[c] && !blocked[c] ? 0 : 1;
  const room = distTo(g, notFree);
  const roomy = new Uint8Array(space.n);
  for (let c = 0; c < space.n; c++) roomy[c] = !notFree[c] && room[c] >= m.job.width_m / 2 - EPS ? 1 : 0;
  const R = m.job.reacquire_m;
  const seeds = new Map<number, number>();
  for (let c = 0; c < space.n; c++) {
    if (!roomy[c]) continue;
    const [x, y] = space.centre(c);
    const d = Math.hypot(x - goal[0], y - goal[1]);
    if (d <= R) seeds.set(c, d);
  }
  const D = routeLengths(g, roomy, seeds);
  /** D at a point: the best roomy cell within `reach` plus the straight step to it */
  const at = (x: number, y: number, reach = g.cell * Math.SQRT2): number => {
    let best = Infinity;
    const i0 = Math.max(0, Math.floor((x - reach - g.x0) / g.cell)),
      i1 = Math.min(g.nx - 1, Math.floor((x + reach - g.x0) / g.cell));
    const j0 = Math.max(0, Math.floor((y - reach - g.y0) / g.cell)),
      j1 = Math.min(g.ny - 1, Math.floor((y + reach - g.y0) / g.cell));
    for (let j = j0; j <= j1; j++) {
      for (let i = i0; i <= i1; i++) {
        const c = j * g.nx + i;
        if (!roomy[c] || D[c] === Infinity) continue;
        const dd = Math.hypot(g.x0 + (i + 0.5) * g.cell - x, g.y0 + (j + 0.5) * g.cell - y);
        if (dd <= reach + EPS) best = Math.min(best, D[c] + dd);
      }
    }
    return best;
  };
  const D0 = at(now.pose.x, now.pose.y, m.job.length_m / 2 + g.cell);
  if (D0 === Infinity) return null;
  const step = g.cell / 2;
  const n = Math.ceil(R / step);
  let best: { rel: number; gain: number } | null = null;
  for (let rel = -180; rel < 180; rel++) {
    const d = headingVector(normHeading(now.pose.heading_deg + rel));
    let ok = true,
      lastD = D0;
    for (let k = 1; k <= n; k++) {
      const s = Math.min(R, k * step);
      const x = now.pose.x + d[0] * s,
        y = now.pose.y + d[1] * s;
      const c = space.cellOf(x, y);
      if (c < 0 || !seen[c] || !roomy[c]) ok = false;
      const here = at(x, y);
      if (here !== Infinity) lastD = here;
    }
    if (!ok) continue;
    const end = at(now.pose.x + d[0] * R, now.pose.y + d[1] * R);
    const gain = D0 - (end !== Infinity ? end : lastD);
    if (!best || gain > best.gain + EPS || (Math.abs(gain - best.gain) <= EPS && Math.abs(rel) < Math.abs(best.rel)))
      best = { rel, gain };
  }
  return best ? best.rel : null;
}
