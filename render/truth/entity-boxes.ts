/** The axis-aligned 3-D box of every entity's solids at a moment: what the oracle reports as a detection's box. */
import { solidAabb } from '../../layouts/geometry/bvh.ts';
import type { V3 } from '../../layouts/camera.ts';
import type { Solid } from '../../layouts/solids.ts';

/** Box per truth id of the solids that carry one (id 0 left out); `truthIdOf` as in truthScene. */
export function entityBoxes(
  solids: readonly (Solid & { truth_id?: number })[],
  truthIdOf: (s: Solid & { truth_id?: number }) => number = (s) => s.truth_id ?? 0,
): Map<number, { min: V3; max: V3 }> {
  const out = new Map<number, { min: V3; max: V3 }>();
  for (const s of solids) {
    const id = truthIdOf(s);
    if (!id) continue;
    const b = solidAabb(s);
    // solidAabb pads by 1e-9; the records round to 0.1 mm
    const cur = out.get(id);
    if (!cur) out.set(id, { min: [b[0], b[1], b[2]], max: [b[3], b[4], b[5]] });
    else
      for (let i = 0; i < 3; i++) {
        cur.min[i] = Math.min(cur.min[i], b[i]);
        cur.max[i] = Math.max(cur.max[i], b[i + 3]);
      }
  }
  return out;
}
