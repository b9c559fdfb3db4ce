/**
 * Footprint sweeps of one body from one scene, many times (open_heading's 360 headings): the same result as
 * layouts' sweepFootprints, first contact and the earliest solid on ties, but an obstacle is tested exactly only
 * when the body's bounding circle, driven along the heading, can reach the obstacle's bounding circle before the
 * best contact so far (its exact contact cannot come earlier than that).
 */
import {
  contactDistance,
  footprintBounds,
  headingVector,
  type BodyFootprint,
  type Footprint,
  type Pose2,
  type SweepResult,
} from '../../layouts/geometry/index.ts';
import type { Solid } from '../../layouts/solids.ts';

/** Margin on the bounding circles (m): far above rounding, far below any contact that matters. */
const PAD = 1e-6;

export class DriveSweep {
  private readonly cx: Float64Array;
  private readonly cy: Float64Array;
  private readonly r: Float64Array;

  constructor(
    readonly items: readonly { solid: Solid; fp: Footprint }[],
    readonly body: BodyFootprint,
  ) {
    const rb = body.shape === 'circle' ? body.radius : Math.hypot(body.length / 2, body.width / 2);
    this.cx = new Float64Array(items.length);
    this.cy = new Float64Array(items.length);
    this.r = new Float64Array(items.length);
    items.forEach(({ fp }, i) => {
      if (fp.kind === 'poly') {
        // a tilted solid's polygon: the circle about its bounds' middle through its farthest corner
        const [x0, y0, x1, y1] = footprintBounds(fp);
        const mx = (x0 + x1) / 2,
          my = (y0 + y1) / 2;
        let r = 0;
        for (const [x, y] of fp.points) r = Math.max(r, Math.hypot(x - mx, y - my));
        this.cx[i] = mx;
        this.cy[i] = my;
        this.r[i] = rb + r + PAD;
        return;
      }
      this.cx[i] = fp.cx;
      this.cy[i] = fp.cy;
      this.r[i] = rb + (fp.kind === 'circle' ? fp.r : Math.hypot(fp.hx, fp.hy)) + PAD;
    });
  }

  /** How far the body at `pose` can drive along a map heading before touching a solid (as sweepFootprints). */
  run(pose: Pose2, heading_deg: number, maxDistance: number): SweepResult {
    const d = headingVector(heading_deg);
    let best = maxDistance;
    let hit: string | null = null;
    for (let i = 0; i < this.items.length; i++) {
      const fx = pose.x - this.cx[i],
        fy = pose.y - this.cy[i];
      const b = fx * d[0] + fy * d[1];
      const cc = fx * fx + fy * fy - this.r[i] * this.r[i];
      if (cc > 0) {
        // outside the reach circle: skip when the drive never enters it, or enters it no earlier than the best
        const disc = b * b - cc;
        if (b >= 0 || disc <= 0) continue;
        if (-b - Math.sqrt(disc) >= best) continue;
      }
      const t = contactDistance(this.body, pose, d, this.items[i].fp);
      if (t !== null && t < best) {
        best = t;
        hit = this.items[i].solid.name;
      }
    }
    return { distance: best, hit };
  }
}
