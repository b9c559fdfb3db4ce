/**
 * What the people families share: a person's gap to the body (the disc they stand on against the body's
 * footprint, swept forward over the legs of a seated person, 0 when they overlap), their sightings, and the
 * constant-velocity extrapolation of the seen track with the check that the true path stays within p of it (so a
 * perfect reader of the frames can predict it).
 */
import type { V3 } from '../../layouts/camera.ts';
import { bodyAt, pointToFootprint } from '../../layouts/geometry/index.ts';
import { pixelSizeOr, poseOfRecord } from '../pixel-size.ts';
import type { Footprint } from '../../layouts/geometry/footprint.ts';
import { seatedReach } from '../../layouts/person-figure.ts';
import type { Place } from '../../layouts/place-schema.ts';
import type { AskContext, BasePose, FrameView, PersonInfo } from './inputs.ts';
import { sightingsOf, type Sighting } from './sightings.ts';

/** Two sightings at most this far apart (s) make a track. */
export const TRACK_GAP_S = 10;
/** Time step (s) of the checks over the horizon. */
export const HORIZON_STEP_S = 0.1;

/** The people of a place as the families and the reader know them: a seated person's disc reaches over their legs. */
export function peopleInfo(place: Place): PersonInfo[] {
  return place.people.map((p) => {
    const info: PersonInfo = { id: p.id, colour: p.colour, radius_m: p.shoulder_width / 2 };
    const reach = seatedReach(place, p);
    if (reach) info.reach = reach;
    return info;
  });
}

/** Steps (m) along a seated person's reach at which their disc is measured. */
const REACH_STEP_M = 0.02;

/**
 * The gap (m) between a person (the disc at xy, swept over their reach when seated) and a body footprint: 0 when
 * they touch or overlap.
 */
export function gapToPerson(fp: Footprint, xy: { x: number; y: number }, person: PersonInfo): number {
  const [rx, ry] = person.reach ?? [0, 0];
  const n = Math.ceil(Math.hypot(rx, ry) / REACH_STEP_M);
  let d = Infinity;
  for (let i = 0; i <= n; i++) {
    const f = n ? i / n : 0;
    d = Math.min(d, pointToFootprint(xy.x + rx * f, xy.y + ry * f, fp).distance);
  }
  return Math.max(0, d - person.radius_m);
}

/** The gap (m) between a person at xy and the body at a pose: 0 when they touch or overlap. */
export function personGap(ctx: AskContext, pose: BasePose, xy: { x: number; y: number }, person: PersonInfo): number {
  return gapToPerson(bodyAt(ctx.job.body, { x: pose.x, y: pose.y, yaw_deg: pose.heading_deg }), xy, person);
}

/** The people (ids) with pixels in a frame. */
export function peopleInView(f: FrameView): string[] {
  return f.entities.filter((e) => e.role === 'person' && e.pixels > 0).map((e) => e.entity);
}

/** p of a person gap: at the person's floor contact point of a sighting, for the gap to the body at `pose`. */
export function personPixel(ctx: AskContext, s: Sighting, pose: BasePose, person: PersonInfo): number {
  const at = ctx.world.personAt(s.seen.entity, s.frame.t);
  const point: V3 = s.seen.contact?.point ?? [at?.x ?? 0, at?.y ?? 0, 0];
  return pixelSizeOr(
    ctx.job.intr,
    poseOfRecord(s.frame.camera),
    point,
    (q) => personGap(ctx, pose, { x: q[0], y: q[1] }, person),
    ctx.grid.cell,
  );
}

/**
 * The smallest gap over [t0, t0 + horizon] between the body held at `pose` and the person's true path, when the
 * person's last two sightings (at most TRACK_GAP_S apart, in `frames`) extrapolate at constant velocity to within
 * `tol` of the true path from the last sighting to the horizon's end, the person present throughout; else a reason.
 */
export function predictedApproach(
  ctx: AskContext,
  frames: readonly FrameView[],
  id: string,
  pose: BasePose,
  t0: number,
  tol: number,
): { ok: true; gap: number; last: Sighting } | { ok: false; reason: string } {
  const person = ctx.world.person(id);
  if (!person) return { ok: false, reason: `no person ${id}` };
  const s = sightingsOf(frames, id);
  if (s.length < 2) return { ok: false, reason: 'the person was seen fewer than twice' };
  const [a, b] = s.slice(-2);
  if (b.frame.t - a.frame.t > TRACK_GAP_S || b.frame.t <= a.frame.t) return { ok: false, reason: 'no recent track' };
  const pa = ctx.world.personAt(id, a.frame.t),
    pb = ctx.world.personAt(id, b.frame.t);
  if (!pa || !pb) return { ok: false, reason: 'the person was absent at a sighting' };
  const vx = (pb.x - pa.x) / (b.frame.t - a.frame.t),
    vy = (pb.y - pa.y) / (b.frame.t - a.frame.t);
  const t1 = t0 + ctx.job.horizon_s;
  let gap = Infinity;
  const n = Math.ceil((t1 - b.frame.t) / HORIZON_STEP_S);
  for (let i = 0; i <= n; i++) {
    const t = Math.min(t1, b.frame.t + i * HORIZON_STEP_S);
    const truth = ctx.world.personAt(id, t);
    if (!truth) return { ok: false, reason: 'the person leaves before the horizon ends' };
    const ex = pb.x + vx * (t - b.frame.t),
      ey = pb.y + vy * (t - b.frame.t);
    if (Math.hypot(truth.x - ex, truth.y - ey) > tol + 1e-9)
      return { ok: false, reason: 'the true path leaves the extrapolated track' };
    if (t >= t0) gap = Math.min(gap, personGap(ctx, pose, truth, person));
  }
  return { ok: true, gap, last: b };
}
