/**
 * Walls as solids: each wall is a box along its centreline, trimmed or extended at its ends so that walls meeting
 * at a corner or a T do not overlap (the earlier wall in the file runs through a corner, the later one stops at
 * its face; a wall ending inside another always stops at its face), and split around its openings (full-height
 * pieces beside an opening, a lintel above it, a sill below a window). Door leaves are boxes in their state.
 */
import type { Door, DoorState, Place, Wall } from './place-schema.ts';
import type { Solid } from './solids.ts';

const EPS = 1e-6;
/** gap between a door leaf and its jambs, floor and lintel */
export const DOOR_GAP = 0.005;
const OPEN_ANGLE: Record<DoorState, number> = { closed: 0, ajar: 30, open: 90 };

export interface WallAxis {
  wall: Wall;
  /** unit direction from `from` to `to` */
  ux: number;
  uy: number;
  /** centreline length from `from` to `to` */
  length: number;
  /** the box's extent along the axis, measured from `from` (may be < 0 or > length when extended) */
  s0: number;
  s1: number;
  yaw: number;
}

function axisOf(w: Wall): { ux: number; uy: number; length: number } {
  const dx = w.to[0] - w.from[0];
  const dy = w.to[1] - w.from[1];
  const length = Math.hypot(dx, dy);
  return { ux: dx / length, uy: dy / length, length };
}

/** Where each wall's box starts and ends along its axis after corner and T-join handling. */
export function wallAxes(place: Place): WallAxis[] {
  const walls = place.walls;
  const axes = walls.map(axisOf);
  return walls.map((w, j) => {
    const a = axes[j];
    const ends: [number, number] = [0, a.length];
    for (const endIdx of [0, 1] as const) {
      const P = endIdx === 0 ? w.from : w.to;
      const Q = endIdx === 0 ? w.to : w.from;
      let trimTo: number | undefined;
      let extend = false;
      walls.forEach((other, i) => {
        if (i === j) return;
        const b = axes[i];
        if (Math.abs(a.ux * b.uy - a.uy * b.ux) < 1e-3) return; // parallel
        const nx = -b.uy;
        const ny = b.ux;
        const dP = (P[0] - other.from[0]) * nx + (P[1] - other.from[1]) * ny;
        const along = (P[0] - other.from[0]) * b.ux + (P[1] - other.from[1]) * b.uy;
        if (Math.abs(dP) > other.thickness / 2 + EPS) return;
        if (along < -other.thickness / 2 - EPS || along > b.length + other.thickness / 2 + EPS) return;
        const atEnd = along < w.thickness / 2 + EPS || along > b.length - w.thickness / 2 - EPS;
        if (atEnd && i > j) {
          extend = true;
          return;
        }
        // stop at the face of the other wall on the side of this wall's far end
        const dQ = (Q[0] - other.from[0]) * nx + (Q[1] - other.from[1]) * ny;
        const face = Math.sign(dQ) * (other.thickness / 2);
        const f = (face - dQ) / (dP - dQ); // fraction from Q towards P
        const s = endIdx === 0 ? a.length * (1 - f) : a.length * f;
        trimTo = s;
      });
      if (trimTo !== undefined) ends[endIdx] = trimTo;
      else if (extend) ends[endIdx] = endIdx === 0 ? -w.thickness / 2 : a.length + w.thickness / 2;
    }
    return {
      wall: w,
      ux: a.ux,
      uy: a.uy,
      length: a.length,
      s0: ends[0],
      s1: ends[1],
      yaw: (Math.atan2(a.uy, a.ux) * 180) / Math.PI,
    };
  });
}

function piece(ax: WallAxis, k: number, sa: number, sb: number, z0: number, z1: number): Solid {
  const w = ax.wall;
  const sm = (sa + sb) / 2;
  return {
    name: `wall:${w.id}/${k}`,
    owner: w.id,
    role: 'wall',
    shape: 'box',
    center: [w.from[0] + ax.ux * sm, w.from[1] + ax.uy * sm, (z0 + z1) / 2],
    size: [sb - sa, w.thickness, z1 - z0],
    yaw_deg: ax.yaw,
    material: w.material,
  };
}

/** The wall's pieces: full height between openings, lintels above, sills below windows. */
export function wallSolids(ax: WallAxis): Solid[] {
  const w = ax.wall;
  const out: Solid[] = [];
  const ops = [...w.openings].sort((a, b) => a.offset - b.offset);
  let cursor = ax.s0;
  let k = 0;
  for (const o of ops) {
    const a = Math.max(o.offset, ax.s0);
    const b = Math.min(o.offset + o.width, ax.s1);
    if (a - cursor > EPS) out.push(piece(ax, k++, cursor, a, 0, w.height));
    if (b - a > EPS) {
      if (w.height - o.height > EPS) out.push(piece(ax, k++, a, b, o.height, w.height));
      if (o.sill > EPS) out.push(piece(ax, k++, a, b, 0, o.sill));
    }
    cursor = Math.max(cursor, b);
  }
  if (ax.s1 - cursor > EPS) out.push(piece(ax, k++, cursor, ax.s1, 0, w.height));
  return out;
}

/** The leaf of a door in a state: centred in the wall when closed, swung outside the wall's face otherwise. */
export function doorLeaf(place: Place, door: Door, state: DoorState): Solid {
  const wall = place.walls.find((w) => w.id === door.wall);
  const o = wall?.openings.find((x) => x.id === door.opening);
  if (!wall || !o) throw new Error(`door ${door.id}: no opening ${door.wall}/${door.opening}`);
  const { ux, uy } = axisOf(wall);
  const nx = -uy;
  const ny = ux;
  const side = door.swing === 'left' ? 1 : -1;
  const width = o.width - 2 * DOOR_GAP;
  const z0 = o.sill + DOOR_GAP * 2;
  const z1 = o.height - DOOR_GAP;
  const t = door.leaf_thickness;
  const wallYaw = (Math.atan2(uy, ux) * 180) / Math.PI;
  const base = {
    name: `door:${door.id}`,
    owner: door.id,
    role: 'door' as const,
    shape: 'box' as const,
    material: door.material,
  };
  // the hinge's position along the wall, and the direction from the hinge into the opening
  const sHinge = door.hinge === 'start' ? o.offset + DOOR_GAP : o.offset + o.width - DOOR_GAP;
  const dirIn = door.hinge === 'start' ? 1 : -1;
  const hx = wall.from[0] + ux * sHinge;
  const hy = wall.from[1] + uy * sHinge;
  const theta = (OPEN_ANGLE[state] * Math.PI) / 180;
  if (theta === 0) {
    const sm = sHinge + (dirIn * width) / 2;
    return {
      ...base,
      center: [wall.from[0] + ux * sm, wall.from[1] + uy * sm, (z0 + z1) / 2],
      size: [width, t, z1 - z0],
      yaw_deg: wallYaw,
    };
  }
  // pivot on the swing-side face; the leaf runs along d, its thickness along e (both away from the wall)
  const px = hx + nx * side * (wall.thickness / 2 + DOOR_GAP);
  const py = hy + ny * side * (wall.thickness / 2 + DOOR_GAP);
  const dx = ux * dirIn * Math.cos(theta) + nx * side * Math.sin(theta);
  const dy = uy * dirIn * Math.cos(theta) + ny * side * Math.sin(theta);
  // e: d turned by 90 degrees towards the swing side's normal
  let ex = -dy;
  let ey = dx;
  if (ex * nx * side + ey * ny * side < 0) {
    ex = -ex;
    ey = -ey;
  }
  const cx = px + (dx * width) / 2 + (ex * t) / 2;
  const cy = py + (dy * width) / 2 + (ey * t) / 2;
  return {
    ...base,
    center: [cx, cy, (z0 + z1) / 2],
    size: [width, t, z1 - z0],
    yaw_deg: (Math.atan2(dy, dx) * 180) / Math.PI,
  };
}
