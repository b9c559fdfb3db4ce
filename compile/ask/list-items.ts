/**
 * List items as last seen: the things of a window that pass a test on their last-seen middle, each with its map
 * place, its pixel size and its hazard flag; things whose middle lies within one seen-grid cell of the region's
 * boundary become don't-care circles (radius half the matching radius) instead, since a reader cannot tell on which
 * side they are.
 */
import type { ListThing } from '../../formats/gold-row.ts';
import type { AskContext, FrameView } from './inputs.ts';
import { clearestSighting, lastSighting, pixelAt, thingState, type Sighting } from './sightings.ts';

export interface ListGold {
  things: ListThing[];
  dontCare: { x: number; y: number; radius: number }[];
  /** the sightings that place the listed things best (clearestSighting) */
  evidence: Sighting[];
}

/**
 * `inside(xy)` gives the signed distance of a point from the region's boundary (negative inside). Candidates are
 * thing ids; `hazard(id)` flags the job's own hazards; a thing whose top is no higher than `drivesOver` above the
 * floor (a cable the body drives over) is left out. `placedBy` picks the sighting an item's pixel size and
 * evidence come from: the last (the default) or the clearest (clearestSighting).
 */
export function listThings(
  ctx: AskContext,
  frames: readonly FrameView[],
  candidates: readonly string[],
  signedDistance: (xy: [number, number]) => number,
  hazard: (id: string) => boolean,
  floorOnly: boolean,
  opts: { drivesOver?: number; placedBy?: 'last' | 'clearest' } = {},
): ListGold {
  const drivesOver = opts.drivesOver ?? 0;
  const out: ListGold = { things: [], dontCare: [], evidence: [] };
  const band = ctx.grid.cell;
  const radius = (ctx.job.match_m ?? ctx.job.reacquire_m) / 2;
  for (const id of candidates) {
    const last = lastSighting(frames, id);
    if (!last) continue;
    const st = thingState(ctx.world, id, last.frame.t);
    if (!st) continue;
    if (floorOnly && st.bottom_z > ctx.job.baseZ_m + 0.03) continue;
    if (st.top_z <= ctx.job.baseZ_m + drivesOver) continue;
    const sd = signedDistance(st.middle);
    if (Math.abs(sd) <= band) {
      out.dontCare.push({ x: st.middle[0], y: st.middle[1], radius });
      continue;
    }
    if (sd > 0) continue;
    const best =
      opts.placedBy === 'clearest'
        ? clearestSighting(ctx, frames, id, st)
        : { sighting: last, p: pixelAt(ctx, last, st) };
    out.things.push({ x: st.middle[0], y: st.middle[1], pixel_m: best.p, hazard: hazard(id) });
    out.evidence.push(best.sighting);
  }
  return out;
}

/** Thing ids that had pixels in the frames (sorted). */
export function thingsSeen(frames: readonly FrameView[]): string[] {
  const s = new Set<string>();
  for (const f of frames) for (const e of f.entities) if (e.role === 'thing' && e.pixels > 0) s.add(e.entity);
  return [...s].sort();
}

/** Signed distance from a point to a polyline's tube of radius r (negative inside). */
export function tubeDistance(path: readonly [number, number][], r: number): (xy: [number, number]) => number {
  return ([x, y]) => {
    let best = Infinity;
    for (let i = 0; i < path.length; i++) {
      const a = path[i],
        b = path[Math.min(i + 1, path.length - 1)];
      const abx = b[0] - a[0],
        aby = b[1] - a[1];
      const l2 = abx * abx + aby * aby;
      const t = l2 > 0 ? Math.max(0, Math.min(1, ((x - a[0]) * abx + (y - a[1]) * aby) / l2)) : 0;
      best = Math.min(best, Math.hypot(x - a[0] - t * abx, y - a[1] - t * aby));
    }
    return best - r;
  };
}

/** Signed distance (approximate outside corners: the larger axis excess) from a point to polygons' union. */
export function polygonsDistance(polys: readonly (readonly [number, number][])[]): (xy: [number, number]) => number {
  return (q) => {
    let best = Infinity;
    for (const poly of polys) {
      let inside = false,
        edge = Infinity;
      for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
        const [xi, yi] = poly[i],
          [xj, yj] = poly[j];
        if (yi > q[1] !== yj > q[1] && q[0] < ((xj - xi) * (q[1] - yi)) / (yj - yi) + xi) inside = !inside;
        const abx = xi - xj,
          aby = yi - yj,
          l2 = abx * abx + aby * aby;
        const t = l2 > 0 ? Math.max(0, Math.min(1, ((q[0] - xj) * abx + (q[1] - yj) * aby) / l2)) : 0;
        edge = Math.min(edge, Math.hypot(q[0] - xj - t * abx, q[1] - yj - t * aby));
      }
      best = Math.min(best, inside ? -edge : edge);
    }
    return best;
  };
}
