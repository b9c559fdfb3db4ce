/** Hand-built candidates and contexts for the screen tests: a small place of things, frames of seen entities. */
import type { JobSpec } from '../../jobs/job-schema.ts';
import type { Place, Thing } from '../../layouts/place-schema.ts';
import type { Step } from '../../formats/step.ts';
import type { FrameView, SeenEntity } from '../../compile/ask/inputs.ts';
import type { GoldCore } from '../../compile/ask/outcome.ts';
import type { ThingRef } from '../../compile/ask/thing-ref.ts';
import type { Family } from '../../formats/gold-row.ts';
import type { ScreenCandidate, ScreenContext } from '../../compile/screens/index.ts';
import type { FunnelReport } from '../../compile/funnel.ts';

export function thing(id: string, kind: string, colour: string, extra: Partial<Thing> = {}): Thing {
  return {
    id,
    kind,
    colour,
    shape: 'box',
    size: [0.4, 0.3, 0.3],
    rests_on: 'floor',
    position: { x: 0, y: 0, yaw: 0 },
    light_furniture: false,
    hazard: false,
    brush_catchable: false,
    ...extra,
  } as Thing;
}

export const THINGS: Thing[] = [
  thing('brown_bag', 'bag', 'brown', { lookalike_group: 'bag_box' }),
  thing('brown_box', 'box', 'brown', { lookalike_group: 'bag_box' }),
  thing('blue_box', 'box', 'blue', { lookalike_group: 'bag_box' }),
  thing('grey_remote', 'remote', 'grey'),
  thing('grey_remote_2', 'remote', 'grey'),
  thing('green_plate', 'plate', 'green'),
  thing('table_lamp', 'lamp', 'beige', { light_furniture: true }),
];

export const PLACE = { id: 'test_place', things: THINGS, people: [] } as unknown as Place;
export const JOB = { id: 'helper/1', layout: 'test_place' } as unknown as JobSpec;

/** A clear, lit, well-framed sighting (overrides per test). */
export function seen(entity: string, o: Partial<SeenEntity> = {}): SeenEntity {
  const t = THINGS.find((x) => x.id === entity);
  return {
    entity,
    role: 'thing',
    kind: t?.kind ?? 'thing',
    pixels: 5000,
    edge_margin_px: 40,
    brightness: 120,
    colour: t?.colour ?? null,
    contact: { point: [1, 0, 0], range_m: 1 },
    ...o,
  };
}

export function frame(k: number, entities: SeenEntity[], task = 0): FrameView {
  return {
    k,
    t: k * 2,
    task,
    pose: { x: 0, y: 0, z: 0, heading_deg: 0 },
    camera: { position: [0, 0, 1.3], yaw_deg: 0, pitch_deg: -30 },
    entities,
    seen: { floor: [], obstacle: [] },
  };
}

export function step(k: number, subgoal: string, task = 0): Step {
  return {
    k,
    clock: '2026-01-01T08:00:00.0',
    pose: { pos: [0, 0, 0], heading_deg: 0 },
    velocity: [0, 0],
    camera: { pitch_deg: -30 },
    status: { phase: 'navigating', task, battery_pct: 90 },
    subgoal,
  };
}

/** A context asking after the last of `frames` (or at the end when k is null). */
export function ctxOf(frames: FrameView[], o: Partial<ScreenContext> = {}): ScreenContext {
  const k = o.k === undefined ? frames[frames.length - 1].k : o.k;
  const upTo = k === null ? frames : frames.filter((f) => f.k <= k);
  return {
    ask: { job: {} as never, world: {} as never, grid: { x0: 0, y0: 0, cell: 0.1, nx: 10, ny: 10 }, frames: upTo },
    window: frames,
    job: JOB,
    place: PLACE,
    sid: '0'.repeat(16),
    cid: '1'.repeat(16),
    k,
    script_k: k,
    ...o,
  };
}

export function gold(o: Partial<GoldCore> = {}): GoldCore {
  return {
    family: 'object_where',
    kind: 'reuse',
    ability: 'memory',
    column: 'memory',
    answer_type: 'place',
    knowable: true,
    value: { x: 1, y: 0 },
    evidence_frames: [0],
    age_s: 2,
    age_band: 'recent',
    task_critical: false,
    clearance_m: 0.15,
    reacquire_m: 1,
    match_m: 0.5,
    pixel_m: 0.01,
    harmful_side: 'none',
    catastrophe: null,
    ...o,
  } as GoldCore;
}

export function thingQ(family: Family, ref: ThingRef, g: Partial<GoldCore> = {}, trick = false): ScreenCandidate {
  return {
    family,
    target: { type: 'thing', ref },
    trick,
    text: `a question about the ${ref.colour} ${ref.kind}`,
    gold: gold({ family, ...g }),
  };
}

export const ref = (id: string): ThingRef => {
  const t = THINGS.find((x) => x.id === id)!;
  return { id, colour: t.colour, kind: t.kind };
};

/** candidates = kept + the sum of drops, for every (job, family). */
export function funnelAddsUp(r: FunnelReport): string[] {
  const bad: string[] = [];
  for (const c of r.counts) {
    const drops = Object.values(c.drops).reduce((a, b) => a + b, 0);
    if (c.candidates !== c.kept + drops) bad.push(`${c.job} ${c.family}: ${c.candidates} != ${c.kept} + ${drops}`);
    const listed = r.dropped.filter((d) => d.job === c.job && d.family === c.family).length;
    if (listed !== drops) bad.push(`${c.job} ${c.family}: ${listed} dropped listed, ${drops} counted`);
  }
  return bad;
}
