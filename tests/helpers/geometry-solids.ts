/** Small Solid builders for the geometry tests. */
import type { Solid, SolidRole } from '../../layouts/solids.ts';

export function box(
  name: string,
  center: [number, number, number],
  size: [number, number, number],
  yaw_deg = 0,
  role: SolidRole = 'fixed',
): Solid {
  return { name, owner: name, role, shape: 'box', center, size, yaw_deg, material: 'grey' };
}

export function cylinder(
  name: string,
  center: [number, number, number],
  diameter: number,
  height: number,
  role: SolidRole = 'fixed',
): Solid {
  return {
    name,
    owner: name,
    role,
    shape: 'cylinder',
    center,
    size: [diameter, diameter, height],
    yaw_deg: 0,
    material: 'grey',
  };
}

export function sphere(
  name: string,
  center: [number, number, number],
  diameter: number,
  role: SolidRole = 'thing',
): Solid {
  return {
    name,
    owner: name,
    role,
    shape: 'sphere',
    center,
    size: [diameter, diameter, diameter],
    yaw_deg: 0,
    material: 'grey',
  };
}

/** A wall from (x0, y0) to (x1, y1) (axis-aligned rectangle given by its corners), 2.5 m high. */
export function wallRect(name: string, x0: number, y0: number, x1: number, y1: number): Solid {
  return box(name, [(x0 + x1) / 2, (y0 + y1) / 2, 1.25], [Math.abs(x1 - x0), Math.abs(y1 - y0), 2.5], 0, 'wall');
}

/** Two rooms 0..10 x 0..6 split by a 1 m thick wall at x 4.5..5.5 with a gap centred on y = 3 of the given width. */
export function twoRooms(gap: number): Solid[] {
  const t = 0.1;
  const lo = 3 - gap / 2,
    hi = 3 + gap / 2;
  const s = [
    wallRect('wall_s', -t, -t, 10 + t, 0),
    wallRect('wall_n', -t, 6, 10 + t, 6 + t),
    wallRect('wall_w', -t, 0, 0, 6),
    wallRect('wall_e', 10, 0, 10 + t, 6),
    wallRect('wall_mid_s', 4.5, 0, 5.5, lo),
    wallRect('wall_mid_n', 4.5, hi, 5.5, 6),
    box('floor', [5, 3, -0.005], [10.2, 6.2, 0.01], 0, 'floor'),
  ];
  return s;
}

/** A lathe standing with its bottom at `bottom` (map [x, y, z]); size from the profile's largest radius and top. */
export function lathe(
  name: string,
  bottom: [number, number, number],
  profile: [number, number][],
  wall?: number,
  role: SolidRole = 'fixed',
  yaw_deg = 0,
): Solid {
  const R = Math.max(...profile.map((p) => p[0]));
  const H = profile[profile.length - 1][1];
  return {
    name,
    owner: name,
    role,
    shape: 'lathe',
    center: [bottom[0], bottom[1], bottom[2] + H / 2],
    size: [2 * R, 2 * R, H],
    yaw_deg,
    material: 'grey',
    profile,
    ...(wall !== undefined ? { wall } : {}),
  };
}

/** A rounded box (full extents `size`, edges and corners rounded by `radius`). */
export function rbox(
  name: string,
  center: [number, number, number],
  size: [number, number, number],
  radius: number,
  yaw_deg = 0,
  role: SolidRole = 'fixed',
): Solid {
  return { name, owner: name, role, shape: 'rbox', center, size, yaw_deg, material: 'grey', radius };
}
