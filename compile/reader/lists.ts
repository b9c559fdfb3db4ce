/**
 * The list families as a perfect reader answers them: the things the task's frames showed whose middle, as last
 * seen, lies in the asked region. A thing within a grid cell of the region's edge is left out (the gold makes it
 * a don't-care circle: listing it or not is the same). tangle_ahead says unknown where the frames did not observe
 * every floor cell of its region.
 */
import { bodyAt, footprints } from '../../layouts/geometry/index.ts';
import { DEG } from '../../layouts/geometry/index.ts';
import { currentTask, frameNow, idsSeen, sightings, type ReaderFrame, type ReaderMemory } from './memory.ts';
import { SeenCells } from './seen-grid.ts';
import { thingAt } from './things.ts';

type Place = { x: number; y: number };

/** The things among `ids` whose last-seen middle lies inside a region (signed distance < −cell), but those no taller
 * than `drivesOver` above the floor (the body drives over them). */
function inside(
  m: ReaderMemory,
  frames: readonly ReaderFrame[],
  ids: readonly string[],
  sd: (x: number, y: number) => number,
  floorOnly: boolean,
  drivesOver = 0,
): Place[] {
  const out: Place[] = [];
  for (const id of ids) {
    const s = sightings(frames, id);
    const last = s[s.length - 1];
    if (!last) continue;
    const st = thingAt(m, id, last.frame.t);
    if (!st || (floorOnly && st.bottom > m.job.baseZ_m + 0.03)) continue;
    if (st.top <= m.job.baseZ_m + drivesOver) continue;
    if (sd(st.middle[0], st.middle[1]) < -m.grid.cell) out.push({ x: st.middle[0], y: st.middle[1] });
  }
  return out;
}

const kindOf = (m: ReaderMemory, id: string) => m.world.things.find((t) => t.id === id)?.kind ?? '';

/** Distance from a point to a polyline (a single point when it has one vertex). */
function polylineDistance(path: readonly [number, number][], x: number, y: number): number {
  let best = Infinity;
  for (let i = 0; i < path.length; i++) {
    const a = path[i],
      b = path[Math.min(i + 1, path.length - 1)];
    const ux = b[0] - a[0],
      uy = b[1] - a[1];
    const l2 = ux * ux + uy * uy;
    const t = l2 > 0 ? Math.min(1, Math.max(0, ((x - a[0]) * ux + (y - a[1]) * uy) / l2)) : 0;
    best = Math.min(best, Math.hypot(x - a[0] - t * ux, y - a[1] - t * uy));
  }
  return best;
}

/** Signed distance to a union of polygons: minus the distance to the nearest edge inside one, plus it outside. */
function polygonsSigned(polys: readonly (readonly (readonly [number, number])[])[], x: number, y: number): number {
  let best = Infinity;
  for (const poly of polys) {
    let odd = false,
      edge = Infinity;
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
      const [xi, yi] = poly[i],
        [xj, yj] = poly[j];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
      const ux = xi - xj,
        uy = yi - yj,
        l2 = ux * ux + uy * uy;
      const t = l2 > 0 ? Math.min(1, Math.max(0, ((x - xj) * ux + (y - yj) * uy) / l2)) : 0;
      edge = Math.min(edge, Math.hypot(x - xj - t * ux, y - yj - t * uy));
    }
    best = Math.min(best, odd ? -edge : edge);
  }
  return best;
}

/** The rooms an assignment names ("clean the kitchen and the hall"), longest names first. */
export function roomsNamed(m: ReaderMemory, assignment: string): (readonly (readonly [number, number])[])[] {
  let text = assignment;
  const out: (readonly (readonly [number, number])[])[] = [];
  for (const r of [...m.world.rooms].sort((a, b) => b.name.length - a.name.length)) {
    const words = `the ${r.name}`;
    if (text.includes(words)) {
      out.push(r.polygon);
      text = text.split(words).join(' ');
    }
  }
  return out;
}

/** task_things: the things near the route driven (or in the rooms cleaned) during the current task. */
export function readTaskThings(m: ReaderMemory): Place[] {
  const frames = currentTask(m);
  const tt = m.job.taskThings;
  let ids = idsSeen(frames, 'thing');
  if (tt.scope === 'route') {
    const path = frames.map((f): [number, number] => [f.pose.x, f.pose.y]);
    const r = tt.distance_m ?? 0;
    return inside(m, frames, ids, (x, y) => polylineDistance(path, x, y) - r, tt.floor_only, tt.drives_over_m);
  }
  const rooms = roomsNamed(m, m.assignments[frameNow(m).task] ?? '');
  if (!rooms.length) return [];
  ids = ids.filter((id) => m.job.brushCatches.includes(kindOf(m, id)));
  return inside(m, frames, ids, (x, y) => polygonsSigned(rooms, x, y), tt.floor_only);
}

/** tangle_ahead: the brush-catchable floor things in the region ahead, or null where it was not all observed. */
export function readTangleAhead(m: ReaderMemory): Place[] | null {
  const tg = m.job.tangle;
  if (!tg) return null;
  const now = frameNow(m);
  const frames = currentTask(m);
  const a = now.pose.heading_deg * DEG;
  const ux = Math.cos(a),
    uy = Math.sin(a);
  const far = m.job.length_m / 2 + tg.ahead_m;
  const sd = (x: number, y: number) => {
    const dx = x - now.pose.x,
      dy = y - now.pose.y;
    const along = dx * ux + dy * uy,
      across = Math.abs(-dx * uy + dy * ux);
    const ex = Math.max(-along, along - far),
      ey = across - tg.half_width_m;
    return ex > 0 || ey > 0 ? Math.hypot(Math.max(ex, 0), Math.max(ey, 0)) : Math.max(ex, ey);
  };
  const space = new SeenCells(m.grid, frames);
  const skip = space.cellsUnder(bodyAt(m.job.body, { x: now.pose.x, y: now.pose.y, yaw_deg: now.pose.heading_deg }));
  for (const o of footprints(m.world.solidsAt(now.t), { zBand: m.job.band, roles: ['wall', 'door', 'fixed', 'thing'] }))
    space.cellsUnder(o.fp, skip);
  for (let c = 0; c < space.n; c++) {
    if (skip.has(c) || space.observed(c)) continue;
    const [x, y] = space.centre(c);
    if (sd(x, y) < 0) return null;
  }
  const ids = idsSeen(frames, 'thing').filter((id) => m.job.brushCatches.includes(kindOf(m, id)));
  return inside(m, frames, ids, sd, true);
}
