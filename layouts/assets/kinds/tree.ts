/**
 * A tree: a trunk (a root flare, a lathe, under an upright cylinder), branches (tilted cylinders leaving the trunk's
 * side, each towards a leaf cluster of the ring and stopping short of it) and a crown of leaf clusters (spheres: a
 * top cluster on the trunk's axis and a ring of three to five around it, touching it and standing apart from each
 * other). Foliage is a solid cluster: the truth sees no light through leaves.
 */
import { z } from 'zod';
import type { Vec3 } from '../../solids.ts';
import {
  type AssetDef,
  type AssetIssue,
  clamp,
  cylinder,
  drawCoin,
  drawNum,
  drawPick,
  lathe,
  type Part,
  sphere,
} from '../asset.ts';

const Params = z
  .object({
    /** leaf clusters in the ring about the top one */
    clusters: z.number().int().min(3).max(5).optional(),
    /** branches from the trunk towards the ring's clusters */
    branches: z.boolean().optional(),
  })
  .strict();
type Params = z.infer<typeof Params>;

/** Least gap (metres) kept between a branch and any cluster or the trunk: apart, never into. */
const GAP = 0.01;

interface Ball {
  c: Vec3;
  r: number;
}

/** Distance from a point to the segment a-b. */
function segDist(p: Vec3, a: Vec3, b: Vec3): number {
  const ab = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const ap = [p[0] - a[0], p[1] - a[1], p[2] - a[2]];
  const t = clamp((ab[0] * ap[0] + ab[1] * ap[1] + ab[2] * ap[2]) / (ab[0] ** 2 + ab[1] ** 2 + ab[2] ** 2), 0, 1);
  return Math.hypot(ap[0] - t * ab[0], ap[1] - t * ab[1], ap[2] - t * ab[2]);
}

export const asset: AssetDef<Params> = {
  kind: 'tree',
  summary: 'a flared trunk, branches and a crown of leaf clusters (a top one and a ring of three to five)',
  params: Params,
  sizes: () => ({ min: [1.5, 1.5, 3], max: [10, 10, 20] }),
  issues: (size): AssetIssue[] => {
    const out: AssetIssue[] = [];
    if (Math.abs(size[0] - size[1]) > 0.001)
      out.push({ path: ['size', 1], message: `a tree is round: its width equals its length (${size[0]})` });
    return out;
  },
  variants: [{}, { clusters: 3, branches: true }, { clusters: 5, branches: false }, { clusters: 4 }],
  build([L, , H], p, rng) {
    const k = drawPick(rng, [3, 4, 5] as const, p.clusters as 3 | 4 | 5 | undefined);
    const withBranches = drawCoin(rng, 0.8, p.branches);
    const half = L / 2;
    const rt = drawNum(rng, 0.04, 0.055) * L; // trunk radius
    const spin = drawNum(rng, 0, (2 * Math.PI) / k);
    // the ring's clusters stand apart (a chord of the ring at least their diameter) and clear of the trunk
    let r1 = Math.min(half / (1 + 1 / Math.sin(Math.PI / k)), (half - rt - 0.05) / 2) * drawNum(rng, 0.85, 0.98);
    let r0 = drawNum(rng, 0.55, 0.8) * half;
    const drops = Array.from({ length: k }, () => drawNum(rng, 0, 0.3));
    const gap = 0.002;
    let rho = 0,
      z0 = 0,
      z1 = 0;
    // the crown takes at most 58% of the height (its clusters clear a person under them on a 7 m tree): shrink the clusters until it does
    for (let it = 0; it < 20; it++) {
      rho = half - r1;
      z0 = H - r0;
      z1 = z0 - Math.sqrt(Math.max(0, (r0 + r1 + gap) ** 2 - rho * rho));
      const bottom = z1 - r1 - 0.3 * r1;
      if (bottom >= 0.42 * H) break;
      r0 *= 0.9;
      r1 *= 0.9;
    }
    const parts: Part[] = [];
    const hf = Math.min(drawNum(rng, 0.25, 0.5), 0.1 * H);
    parts.push(
      lathe('root', 'bark', 0, 0, 0, [
        [rt * 1.7, 0],
        [rt * 1.25, hf * 0.4],
        [rt, hf],
      ]),
    );
    const zt = z0 - r0 - 0.005;
    parts.push(cylinder('trunk', 'bark', 0, 0, hf, zt, 2 * rt));
    const balls: Ball[] = [{ c: [0, 0, z0], r: r0 }];
    parts.push(sphere('crown_top', 'body', [0, 0, z0], 2 * r0));
    for (let i = 0; i < k; i++) {
      const a = spin + (2 * Math.PI * i) / k;
      const c: Vec3 = [rho * Math.cos(a), rho * Math.sin(a), z1 - drops[i] * r1];
      balls.push({ c, r: r1 });
      parts.push(sphere(`crown_${i + 1}`, 'body', c, 2 * r1));
    }
    if (withBranches) {
      const rb = rt * drawNum(rng, 0.3, 0.45);
      for (let i = 0; i < k; i++) {
        const target = balls[i + 1];
        const a = Math.atan2(target.c[1], target.c[0]);
        const zb = drawNum(rng, 0.45, 0.7) * (target.c[2] - target.r);
        // the base's centre stands off the trunk by the end disc's reach towards it (rb cos pitch) and a gap
        let off = rt + rb + GAP;
        let pitch = 0;
        for (let j = 0; j < 3; j++) {
          pitch = Math.atan2(rho - off, target.c[2] - zb);
          off = rt + rb * Math.cos(pitch) + GAP;
        }
        const u: Vec3 = [Math.sin(pitch) * Math.cos(a), Math.sin(pitch) * Math.sin(a), Math.cos(pitch)];
        const base: Vec3 = [off * Math.cos(a), off * Math.sin(a), zb];
        if (zb - rb < hf + GAP) continue;
        // the longest branch (towards its cluster) whose axis keeps r + rb + GAP from every cluster
        const dist = Math.hypot(target.c[0] - base[0], target.c[1] - base[1], target.c[2] - base[2]);
        let len = dist - target.r - rb - GAP;
        const end = (l: number): Vec3 => [base[0] + u[0] * l, base[1] + u[1] * l, base[2] + u[2] * l];
        while (len > 0.15 && balls.some((b) => segDist(b.c, base, end(len)) < b.r + rb + GAP)) len -= 0.02;
        if (len <= 0.15) continue;
        const e = end(len);
        // within the bounds: the axis's end plus the end disc's reach
        if (Math.hypot(e[0], e[1]) + rb > half || e[2] + rb > H) continue;
        parts.push({
          name: `branch_${i + 1}`,
          material: 'bark',
          shape: 'cylinder',
          center: [base[0] + (u[0] * len) / 2, base[1] + (u[1] * len) / 2, zb + (u[2] * len) / 2],
          size: [2 * rb, 2 * rb, len],
          yaw_deg: (a * 180) / Math.PI,
          pitch_deg: (pitch * 180) / Math.PI,
        });
      }
    }
    return { parts };
  },
};
