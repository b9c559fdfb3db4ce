/** Synthetic scenes for the truth tests: a floor, boxes and a camera, ray-cast into depth and ids. */
import { type CameraPose, type V3, cameraPose, intrinsics } from '../../layouts/camera.ts';
import type { Solid } from '../../layouts/solids.ts';
import type { TruthFrame } from '../../render/truth/frame.ts';
import { raycastFrame, truthScene } from '../../render/truth/raycast-renderer.ts';
import type { EntityInfo } from '../../render/truth/visibility.ts';

export const K = intrinsics(640, 480, 80);
export const BOUNDS = { x_min: -1, x_max: 9, y_min: -5, y_max: 5 };

export function box(name: string, owner: string, role: Solid['role'], center: V3, size: V3, yaw_deg = 0): Solid {
  return { name, owner, role, shape: 'box', center, size, yaw_deg, material: 'plastic' };
}

/** The floor: a slab whose top is z = 0 over the bounds. */
export const FLOOR = box('floor', 'structure', 'floor', [4, 0, -0.05], [10, 10, 0.1]);

export function thing(
  truth_id: number,
  entity: string,
  support: EntityInfo['support'],
  colour: string | null = 'red',
): EntityInfo {
  return { truth_id, entity, role: 'thing', kind: 'box', colour, support };
}

/** Ray-cast a frame of the solids (truth ids by owner). */
export function renderFrame(
  solids: Solid[],
  ids: Record<string, number>,
  cam: CameraPose = cameraPose([0, 0, 1.2], 0, -30),
  k = 0,
): TruthFrame {
  const scene = truthScene(solids, new Map(Object.entries(ids)));
  const r = raycastFrame(K, cam, scene);
  return { k, t: k * 0.5, intrinsics: K, camera: cam, depth: r.depth, ids: r.ids };
}
