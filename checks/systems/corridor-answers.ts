/**
 * A system that answers the corridor questions (clear_path and open_heading) by sweeping the robot's body at its
 * last pose through maps it holds instead of looking: the map reader (one public map) and the layout prior (many
 * generated places of the kind) are both this. Every other question: unknown; no map for a case: unknown throughout.
 * With several maps, clear_path answers the median distance over them, and open_heading the heading (every 5
 * degrees) with the largest mean distance over them.
 */
import { clearPath, openHeading, type BodyFootprint, type Direction } from '../../layouts/geometry/index.ts';
import type { Solid, SolidRole } from '../../layouts/solids.ts';
import type { CaseInfo, InProcessSystem, SystemRole } from '../harness/index.ts';
import { wrapDeg } from '../../compile/reader/frame-math.ts';
import { questionForm } from '../../compile/question-form.ts';

/** The body as robot.json gives it: its footprint and the height band it sweeps. */
export function bodyOf(robot: unknown): { fp: BodyFootprint; band: [number, number] } | null {
  const b = (robot as { body?: { footprint?: Record<string, unknown>; height_m?: number; base_z_m?: number } })?.body;
  const f = b?.footprint;
  if (!f) return null;
  const z0 = Number(b.base_z_m ?? 0);
  const band: [number, number] = [z0 + 0.005, z0 + Number(b.height_m ?? 1)];
  if (f.shape === 'circle')
    return { fp: { shape: 'circle', radius: Number(f.diameter_m ?? 2 * Number(f.radius_m ?? 0)) / 2 }, band };
  return { fp: { shape: 'rect', length: Number(f.length_m), width: Number(f.width_m) }, band };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export interface CorridorSystemSpec {
  name: string;
  role: SystemRole;
  /** the maps the system holds for a case (null or none: it answers unknown) */
  maps(info: CaseInfo): readonly (readonly Solid[])[] | null;
  /** the roles of the maps' solids that stop the body (default: every role but the floor) */
  roles?: readonly SolidRole[];
}

export function corridorSystem(spec: CorridorSystemSpec): InProcessSystem {
  return {
    kind: 'in_process',
    name: spec.name,
    role: spec.role,
    open(info) {
      const maps = spec.maps(info) ?? [];
      let body: ReturnType<typeof bodyOf> = null;
      let pose: { x: number; y: number; yaw_deg: number } | null = null;
      return {
        async start(msg) {
          body = bodyOf(msg.robot);
        },
        async task() {},
        async observe(msg) {
          pose = { x: msg.step.pose.pos[0], y: msg.step.pose.pos[1], yaw_deg: msg.step.pose.heading_deg };
        },
        async ask(msg) {
          return {
            answers: msg.questions.map((q) => {
              const f = questionForm(q.text);
              if (!f || !maps.length || !body || !pose) return { qid: q.qid, answer: { type: 'unknown' } };
              const req = {
                pose,
                body: body.fp,
                zBand: body.band,
                ...(spec.roles ? { roles: spec.roles } : {}),
                maxDistance: 100,
              };
              if (f.family === 'clear_path') {
                const turn = Number(/turned in place (\d+(?:\.\d+)?) degrees/.exec(q.text)?.[1] ?? 90);
                const d = maps.map(
                  (m) => clearPath(m, { ...req, direction: f.template as Direction, turn_deg: turn }).distance,
                );
                return { qid: q.qid, answer: { type: 'number', value: median(d) } };
              }
              if (f.family === 'open_heading') {
                let heading: number;
                if (maps.length === 1) heading = openHeading(maps[0], req).heading_deg;
                else {
                  const sum = new Map<number, number>();
                  for (const m of maps)
                    for (const r of openHeading(m, { ...req, step_deg: 5 }).runs)
                      sum.set(r.heading_deg, (sum.get(r.heading_deg) ?? 0) + r.distance);
                  heading = [...sum].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
                }
                return { qid: q.qid, answer: { type: 'heading', deg: wrapDeg(heading - pose.yaw_deg) } };
              }
              return { qid: q.qid, answer: { type: 'unknown' } };
            }),
          };
        },
        async finish() {},
      };
    },
  };
}
