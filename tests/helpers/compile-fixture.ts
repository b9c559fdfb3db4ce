/** Small hand-built asks for the compile family tests: a job from jobs/, static solids, frames with a simple seen space. */
import { cameraFromBase, project } from '../../layouts/camera.ts';
import { footprints, footprintSignedDistance } from '../../layouts/geometry/index.ts';
import type { Solid } from '../../layouts/solids.ts';
import { getJob } from '../../jobs/load.ts';
import { encodeRuns } from '../../render/truth/seen-space.ts';
import { jobView } from '../../compile/ask/job-view.ts';
import type { AskContext, FloorGridView, FrameView, JobView, SeenEntity, WorldView } from '../../compile/ask/inputs.ts';

export function job(id: string): JobView {
  return jobView(getJob(id));
}

export function box(
  name: string,
  center: [number, number, number],
  size: [number, number, number],
  role: Solid['role'] = 'fixed',
  owner = name,
): Solid {
  return { name, owner, role, shape: 'box', center, size, yaw_deg: 0, material: 'grey' };
}

/** A 6 x 6 m room (walls outside 0..6) and a floor slab. */
export function room(): Solid[] {
  const h = 2.5,
    t = 0.1;
  return [
    box('wall_s', [3, -t / 2, h / 2], [6 + 2 * t, t, h], 'wall'),
    box('wall_n', [3, 6 + t / 2, h / 2], [6 + 2 * t, t, h], 'wall'),
    box('wall_w', [-t / 2, 3, h / 2], [t, 6, h], 'wall'),
    box('wall_e', [6 + t / 2, 3, h / 2], [t, 6, h], 'wall'),
    box('floor', [3, 3, -0.005], [6.2, 6.2, 0.01], 'floor'),
  ];
}

export const GRID: FloorGridView = { x0: 0, y0: 0, cell: 0.1, nx: 60, ny: 60 };

export function world(solids: Solid[], opts: Partial<WorldView> = {}): WorldView {
  return {
    solidsAt: () => solids,
    personAt: () => undefined,
    thing: (id) => ({ id, kind: id.split('_')[1] ?? 'thing', colour: id.split('_')[0] }),
    person: (id) => ({ id, colour: 'red', radius_m: 0.2 }),
    ...opts,
  };
}

/**
 * The seen space a camera gets in this fixture: every grid cell whose centre (on the floor) projects into the
 * image within `range` m is seen; as an obstacle when an obstacle standing on the floor covers its centre.
 * (No occlusion: enough for hand-checked geometry.)
 */
export function viewSeen(
  j: JobView,
  cam: ReturnType<typeof cameraFromBase>,
  solids: Solid[],
  range = 8,
): FrameView['seen'] {
  const fl = new Uint8Array(GRID.nx * GRID.ny),
    ob = new Uint8Array(GRID.nx * GRID.ny);
  const obst = footprints(solids, { zBand: [0, 2], roles: ['wall', 'door', 'fixed', 'thing'] }).filter(
    (o) => o.solid.center[2] - o.solid.size[2] / 2 <= 0.03,
  );
  for (let iy = 0; iy < GRID.ny; iy++)
    for (let ix = 0; ix < GRID.nx; ix++) {
      const x = GRID.x0 + (ix + 0.5) * GRID.cell,
        y = GRID.y0 + (iy + 0.5) * GRID.cell;
      if (Math.hypot(x - cam.position[0], y - cam.position[1]) > range) continue;
      const p = project(j.intr, cam, [x, y, 0]);
      if (!p || p.u < 0 || p.u >= j.intr.width || p.v < 0 || p.v >= j.intr.height) continue;
      const c = iy * GRID.nx + ix;
      if (obst.some((o) => footprintSignedDistance(x, y, o.fp) < 0)) ob[c] = 1;
      else fl[c] = 1;
    }
  return { floor: encodeRuns(fl), obstacle: encodeRuns(ob) };
}

export interface FrameSpec {
  x: number;
  y: number;
  heading: number;
  t?: number;
  task?: number;
  entities?: SeenEntity[];
  /** seen space: computed from the view (default), or none */
  seen?: 'view' | 'none';
}

export function frames(j: JobView, solids: Solid[], specs: FrameSpec[]): FrameView[] {
  return specs.map((s, k) => {
    const pose = { x: s.x, y: s.y, z: j.baseZ_m, heading_deg: s.heading };
    const cam = cameraFromBase(pose, j.mount);
    return {
      k,
      t: s.t ?? k * 2,
      task: s.task ?? 0,
      pose,
      camera: { position: cam.position, yaw_deg: cam.yawDeg, pitch_deg: cam.pitchDeg },
      entities: s.entities ?? [],
      seen: s.seen === 'none' ? { floor: [], obstacle: [] } : viewSeen(j, cam, solids),
    };
  });
}

export function ctx(j: JobView, w: WorldView, fs: FrameView[], critical?: Set<string>): AskContext {
  return { job: j, world: w, grid: GRID, frames: fs, critical };
}
