/**
 * A cord as it lies on the floor: a flat-oval cable (its width by its height, the edges rounded by half the smaller)
 * along the thing's path, each corner of the path bent round an arc as a cable bends, not kinked. Built as a chain
 * of upright rounded boxes (rbox) along the bent path, every joint overlapped by half the width so that the rounded
 * ends close the outside of each small turn. Upright parts only: the ray-caster's and the sweeps' upright fast
 * paths read them, and the renderer builds the same rounded boxes.
 */
import type { Solid } from '../solids.ts';

type V2 = [number, number];

/** The radius a corner of a cord's path is bent round (m), less where the path's pieces are too short for it. */
export const CORD_BEND_RADIUS = 0.08;
/** A heading (degrees) in [-180, 180). */
const turned = (deg: number) => ((((deg + 180) % 360) + 360) % 360) - 180;

/** The largest turn (degrees) between two parts of a bend. */
const BEND_STEP_DEG = 15;

/**
 * The path with each corner bent round an arc: the arc meets both pieces tangentially, no farther from the corner
 * than half of either piece, its points every BEND_STEP_DEG at most.
 */
export function bentPath(pts: readonly V2[], radius = CORD_BEND_RADIUS): V2[] {
  const p = pts.filter((q, i) => i === 0 || Math.hypot(q[0] - pts[i - 1][0], q[1] - pts[i - 1][1]) > 1e-9);
  if (p.length < 3) return p.map((q) => [q[0], q[1]]);
  const out: V2[] = [[p[0][0], p[0][1]]];
  for (let i = 1; i + 1 < p.length; i++) {
    const [a, b, c] = [p[i - 1], p[i], p[i + 1]];
    const lin = Math.hypot(b[0] - a[0], b[1] - a[1]),
      lout = Math.hypot(c[0] - b[0], c[1] - b[1]);
    const u: V2 = [(b[0] - a[0]) / lin, (b[1] - a[1]) / lin],
      v: V2 = [(c[0] - b[0]) / lout, (c[1] - b[1]) / lout];
    const cross = u[0] * v[1] - u[1] * v[0];
    const turn = Math.atan2(cross, u[0] * v[0] + u[1] * v[1]);
    const half = Math.abs(turn) / 2;
    if (half < 1e-6 || half > Math.PI / 2 - 1e-6) {
      out.push([b[0], b[1]]);
      continue;
    }
    const r = Math.min(radius, Math.min(lin, lout) / 2 / Math.tan(half));
    const t = r * Math.tan(half);
    const start: V2 = [b[0] - u[0] * t, b[1] - u[1] * t];
    // the arc's centre: a radius to the side the path turns
    const side = Math.sign(cross);
    const centre: V2 = [start[0] - side * u[1] * r, start[1] + side * u[0] * r];
    const steps = Math.max(1, Math.ceil(Math.abs(turn) / ((BEND_STEP_DEG * Math.PI) / 180) - 1e-9));
    const a0 = Math.atan2(start[1] - centre[1], start[0] - centre[0]);
    for (let k = 0; k <= steps; k++) {
      const ang = a0 + (turn * k) / steps;
      out.push([centre[0] + r * Math.cos(ang), centre[1] + r * Math.sin(ang)]);
    }
  }
  const last = p[p.length - 1];
  out.push([last[0], last[1]]);
  return out;
}

/**
 * A cord's parts: along its path (the thing's own frame) bent at its corners, each piece an rbox of the cord's width
 * and height standing on the floor, overlapping the next by half the width at every joint, then put at the thing's
 * pose. The pieces are sized in the thing's own frame, so a cord that is moved or turned keeps every part's size.
 */
export function cordSolids(
  id: string,
  path: readonly V2[],
  pose: { x: number; y: number; z: number; yaw: number },
  width: number,
  height: number,
  material: string,
): Solid[] {
  const q = bentPath(path);
  const out: Solid[] = [];
  const radius = Math.min(width, height) / 2;
  const yaw = (pose.yaw * Math.PI) / 180;
  const c = Math.cos(yaw),
    s = Math.sin(yaw);
  for (let i = 0; i + 1 < q.length; i++) {
    const [a, b] = [q[i], q[i + 1]];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (len < 1e-9) continue;
    const d: V2 = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
    // past each joint by half the width (its rounded end closes the turn), never past the cord's own ends
    const back = i > 0 ? width / 2 : 0,
      ahead = i + 2 < q.length ? width / 2 : 0;
    const mx = (a[0] + b[0]) / 2 + (d[0] * (ahead - back)) / 2,
      my = (a[1] + b[1]) / 2 + (d[1] * (ahead - back)) / 2;
    out.push({
      name: `thing:${id}/seg${out.length}`,
      owner: id,
      role: 'thing',
      material,
      shape: 'rbox',
      center: [pose.x + c * mx - s * my, pose.y + s * mx + c * my, pose.z + height / 2],
      size: [Math.max(len + back + ahead, 2 * radius), width, height],
      radius,
      yaw_deg: turned(pose.yaw + (Math.atan2(d[1], d[0]) * 180) / Math.PI),
    });
  }
  return out;
}
