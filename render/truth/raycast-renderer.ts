/**
 * The ray-cast truth renderer: depth (planar, millimetres, 65535 = no return) and entity ids for any camera,
 * computed from the world model's solids with exact ray casts through the pixel centres, as Blender writes its
 * depth and index passes (first sample, pixel centre). It makes release-shaped frames without Blender (their
 * reports must say they were ray-cast) and cross-checks Blender's passes (`compareTruth`).
 */
import type { CameraPose, Intrinsics } from '../../layouts/camera.ts';
import { isTilted, type Solid } from '../../layouts/solids.ts';
import { solidAabb } from '../../layouts/geometry/bvh.ts';
import { type RayScene, raycastAll, rayScene, raySceneSolid } from '../../layouts/geometry/raycast.ts';
import { NO_RETURN, frameRays } from './frame.ts';

/** Depth and ids of one frame, one value a pixel, row-major. */
export interface DepthIds {
  width: number;
  height: number;
  depth: Uint16Array;
  ids: Uint16Array;
}

/** A scene prepared for repeated frames: the ray hierarchy and each solid's truth id. */
export interface TruthScene {
  rays: RayScene;
  truthIds: Uint16Array;
}

/**
 * Prepare solids for ray-cast frames. A solid's truth id (0 = structure or background) comes from `truthIdOf`:
 * a function, or a map from owner to id (owners it does not list get 0); without it, from the solid's own
 * `truth_id` field (a shot list's objects carry one), 0 when absent.
 */
export function truthScene(
  solids: readonly (Solid & { truth_id?: number })[],
  truthIdOf?: ((s: Solid, index: number) => number) | ReadonlyMap<string, number>,
): TruthScene {
  const of =
    typeof truthIdOf === 'function'
      ? truthIdOf
      : truthIdOf
        ? (s: Solid) => truthIdOf.get(s.owner) ?? 0
        : (s: Solid & { truth_id?: number }) => s.truth_id ?? 0;
  const truthIds = new Uint16Array(solids.length);
  solids.forEach((s, i) => {
    const id = of(s, i);
    if (!Number.isInteger(id) || id < 0 || id > 65535)
      throw new Error(`solid ${s.name}: truth id ${id} is not in 0..65535`);
    truthIds[i] = id;
  });
  return { rays: rayScene(solids), truthIds };
}

/**
 * Depth (mm, rounded to the nearest) and ids seen by a camera, at the intrinsics' full resolution. Each solid is
 * cast only through the pixels its projected bounds cover (a z-buffer of exact ray hits); the result equals
 * `raycastFrameAll`'s, which casts every ray through the whole hierarchy.
 */
export function raycastFrame(k: Intrinsics, cam: CameraPose, scene: TruthScene): DepthIds {
  const { width: W, height: H } = k;
  const n = W * H;
  const rays = frameRays(k, cam);
  const best = new Float64Array(n).fill(Infinity);
  const which = new Int32Array(n).fill(-1);
  const [ox, oy, oz] = cam.position;
  const solids = scene.rays.solids;
  for (let si = 0; si < solids.length; si++) {
    const s = solids[si];
    const r = screenRect(k, cam, solidAabb(s));
    if (!r) continue;
    const [i0, j0, i1, j1, near] = r;
    // a hit's ray parameter is its planar depth, never below the box's nearest corner: a pixel already holding a
    // nearer hit cannot change (the margin covers rounding in the slab test)
    const skip = near - 1e-7;
    if (s.shape === 'box' && !isTilted(s)) {
      boxPass(s, cam, rays, W, i0, j0, i1, j1, best, which, si, skip);
      continue;
    }
    for (let j = j0; j <= j1; j++) {
      const rx = rays.rowX[j];
      const ry = rays.rowY[j];
      const rz = rays.rowZ[j];
      for (let i = i0; i <= i1; i++) {
        const p = j * W + i;
        if (best[p] < skip) continue;
        const h = raySceneSolid(
          scene.rays,
          si,
          ox,
          oy,
          oz,
          rx + rays.colX[i],
          ry + rays.colY[i],
          rz + rays.colZ[i],
          0,
          best[p],
        );
        if (h) {
          best[p] = h[0];
          which[p] = si;
        }
      }
    }
  }
  return toDepthIds(W, H, best, which, scene.truthIds);
}

/**
 * The rays of a pixel rectangle against one oriented box (the slab test of layouts' raySolid, without allocation):
 * a ray starting inside the box does not hit it, and a hit must be nearer than the pixel's best so far.
 */
function boxPass(
  s: Solid,
  cam: CameraPose,
  rays: ReturnType<typeof frameRays>,
  W: number,
  i0: number,
  j0: number,
  i1: number,
  j1: number,
  best: Float64Array,
  which: Int32Array,
  si: number,
  skip: number,
): void {
  const yaw = ((s.yaw_deg ?? 0) * Math.PI) / 180;
  const co = Math.cos(yaw);
  const sn = Math.sin(yaw);
  const px = cam.position[0] - s.center[0];
  const py = cam.position[1] - s.center[1];
  const lox = co * px + sn * py;
  const loy = -sn * px + co * py;
  const loz = cam.position[2] - s.center[2];
  const hx = s.size[0] / 2;
  const hy = s.size[1] / 2;
  const hz = s.size[2] / 2;
  for (let j = j0; j <= j1; j++) {
    const rx = rays.rowX[j];
    const ry = rays.rowY[j];
    const rz = rays.rowZ[j];
    for (let i = i0, p = j * W + i0; i <= i1; i++, p++) {
      if (best[p] < skip) continue;
      const dx = rx + rays.colX[i];
      const dy = ry + rays.colY[i];
      const ldx = co * dx + sn * dy;
      const ldy = -sn * dx + co * dy;
      const ldz = rz + rays.colZ[i];
      let tE = -Infinity;
      let tL = Infinity;
      let hit = true;
      // x slab
      if (Math.abs(ldx) < 1e-18) {
        if (Math.abs(lox) >= hx) hit = false;
      } else {
        const a = (-hx - lox) / ldx;
        const b = (hx - lox) / ldx;
        tE = a < b ? a : b;
        tL = a < b ? b : a;
      }
      if (hit) {
        if (Math.abs(ldy) < 1e-18) {
          if (Math.abs(loy) >= hy) hit = false;
        } else {
          const a = (-hy - loy) / ldy;
          const b = (hy - loy) / ldy;
          const lo = a < b ? a : b;
          const hi = a < b ? b : a;
          if (lo > tE) tE = lo;
          if (hi < tL) tL = hi;
        }
      }
      if (hit && tE <= tL) {
        if (Math.abs(ldz) < 1e-18) {
          if (Math.abs(loz) >= hz) hit = false;
        } else {
          const a = (-hz - loz) / ldz;
          const b = (hz - loz) / ldz;
          const lo = a < b ? a : b;
          const hi = a < b ? b : a;
          if (lo > tE) tE = lo;
          if (hi < tL) tL = hi;
        }
      }
      if (!hit || tE > tL || tE === -Infinity || tE < 0) continue;
      if (tE < best[p]) {
        best[p] = tE;
        which[p] = si;
      }
    }
  }
}

/** Camera-space depth below which a box corner counts as behind the camera (the box is clipped there). */
const NEAR = 1e-6;

/**
 * Pixel index range [i0, j0, i1, j1] (inclusive) whose centres may see an axis-aligned box, and the box's least
 * planar depth (0 when it reaches the camera's plane); null when the box lies wholly behind the camera. The box is
 * clipped at the camera's plane first: its image is bounded by its corners in front and the points where its
 * edges cross that plane.
 */
function screenRect(
  k: Intrinsics,
  cam: CameraPose,
  b: readonly number[],
): [number, number, number, number, number] | null {
  const cx = new Float64Array(8);
  const cy = new Float64Array(8);
  const cz = new Float64Array(8);
  let front = 0;
  for (let c = 0; c < 8; c++) {
    const x = (c & 1 ? b[3] : b[0]) - cam.position[0];
    const y = (c & 2 ? b[4] : b[1]) - cam.position[1];
    const z = (c & 4 ? b[5] : b[2]) - cam.position[2];
    cz[c] = x * cam.forward[0] + y * cam.forward[1] + z * cam.forward[2];
    cx[c] = -(x * cam.left[0] + y * cam.left[1] + z * cam.left[2]);
    cy[c] = -(x * cam.up[0] + y * cam.up[1] + z * cam.up[2]);
    if (cz[c] > NEAR) front++;
  }
  if (front === 0) return null;
  let umin = Infinity;
  let umax = -Infinity;
  let vmin = Infinity;
  let vmax = -Infinity;
  let near = Infinity;
  const add = (right: number, down: number, depth: number) => {
    const u = k.cx + (k.f * right) / depth;
    const v = k.cy + (k.f * down) / depth;
    if (u < umin) umin = u;
    if (u > umax) umax = u;
    if (v < vmin) vmin = v;
    if (v > vmax) vmax = v;
    if (depth < near) near = depth;
  };
  for (let c = 0; c < 8; c++) {
    if (cz[c] > NEAR) add(cx[c], cy[c], cz[c]);
    // the box's edges from this corner (to the corner differing in one axis bit) crossing the camera's plane
    for (let bit = 1; bit < 8; bit <<= 1) {
      const o = c | bit;
      if (o === c) continue;
      const a = cz[c] > NEAR,
        q = cz[o] > NEAR;
      if (a === q) continue;
      const t = (NEAR - cz[c]) / (cz[o] - cz[c]);
      add(cx[c] + t * (cx[o] - cx[c]), cy[c] + t * (cy[o] - cy[c]), NEAR);
    }
  }
  if (front < 8) near = 0;
  // pixel i sees u = i + 0.5; widen by a pixel against rounding
  const i0 = Math.max(0, Math.floor(umin - 0.5) - 1);
  const j0 = Math.max(0, Math.floor(vmin - 0.5) - 1);
  const i1 = Math.min(k.width - 1, Math.ceil(umax - 0.5) + 1);
  const j1 = Math.min(k.height - 1, Math.ceil(vmax - 0.5) + 1);
  if (i0 > i1 || j0 > j1) return null;
  return [i0, j0, i1, j1, near];
}

function toDepthIds(W: number, H: number, t: Float64Array, index: Int32Array, truthIds: Uint16Array): DepthIds {
  const n = W * H;
  const depth = new Uint16Array(n).fill(NO_RETURN);
  const ids = new Uint16Array(n);
  for (let p = 0; p < n; p++) {
    const i = index[p];
    if (i < 0) continue;
    const mm = Math.round(t[p] * 1000);
    depth[p] = mm >= NO_RETURN ? NO_RETURN : mm;
    ids[p] = truthIds[i];
  }
  return { width: W, height: H, depth, ids };
}

/** The same frame as `raycastFrame`, every pixel's ray cast through the solids' hierarchy (layouts' raycastAll). */
export function raycastFrameAll(k: Intrinsics, cam: CameraPose, scene: TruthScene): DepthIds {
  const { width: W, height: H } = k;
  const n = W * H;
  const rays = frameRays(k, cam);
  const origins = new Float64Array(3 * n);
  const dirs = new Float64Array(3 * n);
  for (let v = 0, p = 0; v < H; v++) {
    for (let u = 0; u < W; u++, p++) {
      origins[3 * p] = cam.position[0];
      origins[3 * p + 1] = cam.position[1];
      origins[3 * p + 2] = cam.position[2];
      // forward component 1: the ray parameter is the planar depth
      dirs[3 * p] = rays.rowX[v] + rays.colX[u];
      dirs[3 * p + 1] = rays.rowY[v] + rays.colY[u];
      dirs[3 * p + 2] = rays.rowZ[v] + rays.colZ[u];
    }
  }
  const hit = raycastAll(scene.rays, origins, dirs);
  return toDepthIds(W, H, hit.t, hit.index, scene.truthIds);
}

/** How far two frames' truth agree. */
export interface TruthAgreement {
  pixels: number;
  /** share of pixels whose ids are equal */
  ids: number;
  /** share of pixels whose depths are within the tolerance (both no-return counts as agreeing) */
  depth: number;
  /** share of pixels agreeing on both: the cross-check's figure */
  both: number;
}

/** Compare two frames' depth and ids (default tolerance 10 mm). */
export function compareTruth(a: DepthIds, b: DepthIds, tolMm = 10): TruthAgreement {
  if (a.width !== b.width || a.height !== b.height)
    throw new Error(`compareTruth: ${a.width}x${a.height} vs ${b.width}x${b.height}`);
  const n = a.width * a.height;
  let ids = 0;
  let dep = 0;
  let both = 0;
  for (let p = 0; p < n; p++) {
    const idOk = a.ids[p] === b.ids[p];
    const da = a.depth[p];
    const db = b.depth[p];
    const dOk = da === db || (da !== NO_RETURN && db !== NO_RETURN && Math.abs(da - db) <= tolMm);
    if (idOk) ids++;
    if (dOk) dep++;
    if (idOk && dOk) both++;
  }
  return { pixels: n, ids: ids / n, depth: dep / n, both: both / n };
}
