/**
 * Per-frame visibility of every entity with pixels in the id mask: pixel count, box, distance from the frame's
 * edge, brightness (from the RGB), colour word (from the albedo, else the RGB), 3-D centroid and extent of its visible points, and the nearest visible
 * point where it meets its support (the floor or the top of the surface it rests on).
 *
 * Pixel (i, j) covers [i, i+1) x [j, j+1); its depth and id are those of the ray through its centre. A box is
 * [u0, v0, u1, v1] in pixel edges (u1, v1 exclusive: width = u1 - u0), so the edge margin
 * min(u0, v0, W - u1, H - v1) is 0 for an entity touching the frame's edge.
 */
import type { V3 } from '../../layouts/camera.ts';
import { type Palette, luma709, lutIndex, nearestLinearIndex, paletteLut, SRGB8_TO_LINEAR } from './colour.ts';
import { NO_RETURN, type TruthFrame, checkFrame, frameRays } from './frame.ts';

/** What an entity rests on: the floor (top 0) or a fixed surface with its top height. */
export interface Support {
  kind: 'floor' | 'surface';
  /** height of the supporting top in the map frame, metres */
  top_z: number;
  /** the fixed furniture id for a surface */
  on?: string;
}

/** The truth about one id of the mask. */
export interface EntityInfo {
  truth_id: number;
  /** the world-model id (thing id, person id) */
  entity: string;
  /** 'thing' or 'person' (or another role the truth cares about) */
  role: string;
  /** the thing's kind (e.g. "remote"); "person" for people */
  kind: string;
  /** the entity's colour word in the world model, null when it has none */
  colour: string | null;
  support: Support | null;
  /** axis-aligned extent of the entity's solids, when known (the oracle prefers it to the visible extent) */
  box?: { min: V3; max: V3 };
}

export type EntityTable = ReadonlyMap<number, EntityInfo>;

/** Height tolerance for "at the support's top" (contact points) and "at floor level" (seen floor), metres. */
export const CONTACT_TOL_M = 0.03;

export interface VisibilityOptions {
  /** height tolerance for the contact band, metres (default CONTACT_TOL_M) */
  contactTolM?: number;
  /** the place's colour words; without it `colour` is null */
  palette?: Palette;
  /** what to do with an id missing from the table: throw (default) or skip its pixels */
  unknownIds?: 'error' | 'ignore';
}

export interface ContactPoint {
  /** the point on the support's top (z = top_z), map frame */
  point: V3;
  /** the pixel it was seen at */
  pixel: [number, number];
  /** horizontal distance from the camera, metres */
  range_m: number;
}

export interface EntityVisibility {
  truth_id: number;
  entity: string;
  role: string;
  kind: string;
  pixels: number;
  bbox: [number, number, number, number];
  edge_margin_px: number;
  /** mean Rec.709 luma of its pixels (sRGB, 0..255); null without RGB */
  brightness: number | null;
  /** colour word nearest the mean linear colour of its interior pixels, read from the albedo (each surface's own
   * colour) when the frame has one, else from the RGB; null without either or without a palette */
  colour: string | null;
  /** share of the voting pixels that named `colour` */
  colour_share: number | null;
  /** mean of its visible 3-D points; null when none has a depth */
  centroid: V3 | null;
  /** axis-aligned extent of its visible 3-D points */
  extent: { min: V3; max: V3 } | null;
  contact: ContactPoint | null;
}

interface Acc {
  info: EntityInfo;
  n: number;
  u0: number;
  v0: number;
  u1: number;
  v1: number;
  luma: number;
  n3: number;
  sx: number;
  sy: number;
  sz: number;
  min: V3;
  max: V3;
  contactH2: number;
  contact: V3 | null;
  contactPx: [number, number] | null;
  votesInner: Uint32Array | null;
  votesAll: Uint32Array | null;
  /** sums of linear R, G, B over the interior pixels and over all pixels, and the interior count */
  linInner: [number, number, number];
  linAll: [number, number, number];
  nInner: number;
}

/** Visibility of every entity in one frame, sorted by truth id. */
export function frameVisibility(
  frame: TruthFrame,
  table: EntityTable,
  opts: VisibilityOptions = {},
): EntityVisibility[] {
  checkFrame(frame);
  const tol = opts.contactTolM ?? CONTACT_TOL_M;
  const { width: W, height: H } = frame.intrinsics;
  const { depth, ids, rgb } = frame;
  // colour words from each surface's own colour when the frame has it (no dependence on light or samples)
  const colourSrc = frame.albedo ?? rgb;
  const rays = frameRays(frame.intrinsics, frame.camera);
  const [px, py, pz] = frame.camera.position;
  const palette = colourSrc ? opts.palette : undefined;
  const lut = palette ? paletteLut(palette) : null;
  const nColours = palette ? palette.names.length : 0;
  const slotOf = new Int32Array(65536).fill(-1);
  const accs: Acc[] = [];
  const unknownIgnore = opts.unknownIds === 'ignore';

  for (let v = 0; v < H; v++) {
    const rx = rays.rowX[v];
    const ry = rays.rowY[v];
    const rz = rays.rowZ[v];
    const rowOff = v * W;
    for (let u = 0; u < W; u++) {
      const p = rowOff + u;
      const id = ids[p];
      if (id === 0) continue;
      let s = slotOf[id];
      if (s < 0) {
        const info = table.get(id);
        if (!info) {
          if (unknownIgnore) continue;
          throw new Error(`frame ${frame.k}: id ${id} in the mask is not in the entity table`);
        }
        s = accs.length;
        slotOf[id] = s;
        accs.push({
          info,
          n: 0,
          u0: u,
          v0: v,
          u1: u + 1,
          v1: v + 1,
          luma: 0,
          n3: 0,
          sx: 0,
          sy: 0,
          sz: 0,
          min: [Infinity, Infinity, Infinity],
          max: [-Infinity, -Infinity, -Infinity],
          contactH2: Infinity,
          contact: null,
          contactPx: null,
          votesInner: lut ? new Uint32Array(nColours) : null,
          votesAll: lut ? new Uint32Array(nColours) : null,
          linInner: [0, 0, 0],
          linAll: [0, 0, 0],
          nInner: 0,
        });
      }
      const a = accs[s];
      a.n++;
      if (u < a.u0) a.u0 = u;
      if (u + 1 > a.u1) a.u1 = u + 1;
      if (v + 1 > a.v1) a.v1 = v + 1;
      if (rgb) a.luma += luma709(rgb[p * 3], rgb[p * 3 + 1], rgb[p * 3 + 2]);
      if (lut) {
        const r = colourSrc![p * 3];
        const g = colourSrc![p * 3 + 1];
        const b = colourSrc![p * 3 + 2];
        const c = lutIndex(lut, r, g, b);
        const lr = SRGB8_TO_LINEAR[r];
        const lg = SRGB8_TO_LINEAR[g];
        const lb = SRGB8_TO_LINEAR[b];
        a.votesAll![c]++;
        a.linAll[0] += lr;
        a.linAll[1] += lg;
        a.linAll[2] += lb;
        if (
          u > 0 &&
          u < W - 1 &&
          v > 0 &&
          v < H - 1 &&
          ids[p - 1] === id &&
          ids[p + 1] === id &&
          ids[p - W] === id &&
          ids[p + W] === id
        ) {
          a.votesInner![c]++;
          a.linInner[0] += lr;
          a.linInner[1] += lg;
          a.linInner[2] += lb;
          a.nInner++;
        }
      }
      const dmm = depth[p];
      if (dmm === NO_RETURN || dmm === 0) continue;
      const d = dmm / 1000;
      const dx = d * (rx + rays.colX[u]);
      const dy = d * (ry + rays.colY[u]);
      const x = px + dx;
      const y = py + dy;
      const z = pz + d * (rz + rays.colZ[u]);
      a.n3++;
      a.sx += x;
      a.sy += y;
      a.sz += z;
      if (x < a.min[0]) a.min[0] = x;
      if (y < a.min[1]) a.min[1] = y;
      if (z < a.min[2]) a.min[2] = z;
      if (x > a.max[0]) a.max[0] = x;
      if (y > a.max[1]) a.max[1] = y;
      if (z > a.max[2]) a.max[2] = z;
      const sup = a.info.support;
      if (sup && Math.abs(z - sup.top_z) <= tol) {
        const h2 = dx * dx + dy * dy;
        if (h2 < a.contactH2) {
          a.contactH2 = h2;
          a.contact = [x, y, sup.top_z];
          a.contactPx = [u, v];
        }
      }
    }
  }

  const out: EntityVisibility[] = accs.map((a) => {
    let colour: string | null = null;
    let share: number | null = null;
    if (palette && a.votesAll) {
      // the word is the palette colour nearest the mean linear colour of the interior pixels (all pixels when none
      // is interior). From the albedo it is the surface's own colour, as a careful reader names a colour whatever
      // the light; from the RGB, render noise is zero-mean in linear light, so the mean is steadier than a
      // per-pixel vote. The share says how many pixels alone would have named it.
      const inner = a.nInner > 0;
      const sum = inner ? a.linInner : a.linAll;
      const n = inner ? a.nInner : a.n;
      const best = nearestLinearIndex(palette, sum[0] / n, sum[1] / n, sum[2] / n);
      const votes = inner ? a.votesInner! : a.votesAll;
      colour = palette.names[best];
      share = votes[best] / n;
    }
    return {
      truth_id: a.info.truth_id,
      entity: a.info.entity,
      role: a.info.role,
      kind: a.info.kind,
      pixels: a.n,
      bbox: [a.u0, a.v0, a.u1, a.v1],
      edge_margin_px: Math.min(a.u0, a.v0, W - a.u1, H - a.v1),
      brightness: rgb ? a.luma / a.n : null,
      colour,
      colour_share: share,
      centroid: a.n3 ? [a.sx / a.n3, a.sy / a.n3, a.sz / a.n3] : null,
      extent: a.n3 ? { min: a.min, max: a.max } : null,
      contact: a.contact ? { point: a.contact, pixel: a.contactPx!, range_m: Math.sqrt(a.contactH2) } : null,
    };
  });
  out.sort((x, y) => x.truth_id - y.truth_id);
  return out;
}
