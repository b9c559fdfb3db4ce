/**
 * Every compiled gold of a build recomputed from timeline.json and visibility.jsonl alone, by the plain code of
 * tests/helpers/recompute-golds.ts (written apart from compile/ and the perfect reader): ego_now and ego_mem from the
 * recorded contact point, person_mem from the person's legs, object_where as the thing's middle at its last
 * sighting (its evidence the last clear sighting there), clear_path and open_heading by the vertex-against-edge
 * drive, way_to by its brute-force field, tangle_ahead and task_things (route scope) as the seen things inside /
 * outside their regions. Each disagreement is
 * one line; the fixture's integration test and the release-shaped benchmark read the same list.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getJob } from '../../jobs/load.ts';
import { solidsAt, type Timeline } from '../../layouts/timeline.ts';
import { extentAlong } from '../../layouts/solids.ts';
import { caseIdsOf } from '../../formats/compile-hash.ts';
import {
  approachMemGold,
  basePose,
  clearPathGold,
  closestApproachGold,
  closestPersonGold,
  lastSeen,
  personPlace,
  openHeadingGold,
  stepPose,
  taskSpan,
  thingMiddle,
  wayToGold,
  type BodyJob,
  type Vis as FullVis,
} from './recompute-golds.ts';

interface Vis {
  k: number;
  t: number;
  camera: { position: number[]; yaw_deg: number };
  entities: {
    entity: string;
    role: string;
    pixels: number;
    brightness: number | null;
    edge_margin_px: number;
    contact: { point: number[] } | null;
  }[];
}
interface Gold {
  qid: string;
  family: string;
  knowable: boolean;
  value: unknown;
  evidence_frames: number[];
}
type Legs = { t0: number; t1: number; from: number[]; to: number[] }[];
interface Tl {
  place: {
    things: { id: string; colour: string; kind: string; shape: string }[];
    people: { id: string; colour: string }[];
  };
  people: Record<string, Legs>;
}

const jsonl = <T>(p: string): T[] =>
  readFileSync(p, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);
const json = <T>(p: string): T => JSON.parse(readFileSync(p, 'utf8')) as T;

/** (ahead, left) of a map point from a camera: plain trigonometry. */
function offset(cam: Vis['camera'], p: number[]): { ahead: number; left: number } {
  const a = (cam.yaw_deg * Math.PI) / 180;
  const dx = p[0] - cam.position[0],
    dy = p[1] - cam.position[1];
  return { ahead: dx * Math.cos(a) + dy * Math.sin(a), left: -dx * Math.sin(a) + dy * Math.cos(a) };
}

/** The body, height band and camera mount of a job, as the recomputation reads them. */
export function bodyJob(id: string): BodyJob {
  const j = getJob(id);
  const fp = j.body.footprint;
  return {
    body:
      fp.shape === 'circle'
        ? { shape: 'circle', diameter_m: fp.diameter_m }
        : { shape: 'rect', length_m: fp.length_m, width_m: fp.width_m },
    height_m: j.body.height_m,
    base_z_m: j.base_z_m.value,
    mount: { forward_m: j.camera.mount.forward_m, left_m: j.camera.mount.left_m },
  };
}

/** The longest drive measured: the seen grid's diagonal. */
export const cap = (v: FullVis) => Math.hypot(v.seen.grid.nx * v.seen.grid.cell, v.seen.grid.ny * v.seen.grid.cell);

/** The things of the place a question names (by colour word and kind; several things may share a name). */
export function thingsNamed(text: string, things: { id: string; colour: string; kind: string }[]) {
  const name = (t: { colour: string; kind: string }) =>
    `the ${t.colour.replace(/_/g, ' ')} ${t.kind.replace(/_/g, ' ')}`;
  const hits = things.filter((t) => text.includes(`${name(t)} `) || text.includes(`${name(t)}?`));
  const longest = Math.max(0, ...hits.map((t) => name(t).length));
  return hits.filter((t) => name(t).length === longest);
}

/** A compiled case with its questions, gold, frames' visibility and timeline, joined simply. */
export interface RecomputeCase {
  cid: string;
  c: {
    sid: string;
    job: string;
    length: string;
    script_tasks: number[];
    frames: { script_k: number; step: { status: { task: number }; pose: { pos: number[]; heading_deg: number } } }[];
    asks: { k: number; qids: string[] }[];
    end_qids: string[];
  };
  frames: Vis[];
  full: FullVis[];
  timeline: Timeline;
  tasks: number[];
  tl: Tl;
  rows: { q: { qid: string; text: string }; g: Gold; k: number }[];
}

/** Every compiled case of a build, joined. */
export function casesOf(build: string): RecomputeCase[] {
  const vis = new Map<string, Vis[]>();
  const tls = new Map<string, Tl>();
  return caseIdsOf(build).map((cid) => {
    const c = json<RecomputeCase['c']>(join(build, 'private', cid, 'case.json'));
    if (!vis.has(c.sid)) vis.set(c.sid, jsonl<Vis>(join(build, 'private', c.sid, 'visibility.jsonl')));
    if (!tls.has(c.sid)) tls.set(c.sid, json<Tl>(join(build, 'private', c.sid, 'timeline.json')));
    const all = vis.get(c.sid)!;
    const tl = tls.get(c.sid)!;
    const questions = jsonl<{ qid: string; text: string }>(join(build, 'private', cid, 'questions.jsonl'));
    const gold = new Map(jsonl<Gold>(join(build, 'private', cid, 'gold.jsonl')).map((g) => [g.qid, g]));
    const frames = c.frames.map((f) => all[f.script_k]);
    const askK = (qid: string) => c.asks.find((a) => a.qids.includes(qid))?.k ?? c.frames.length - 1;
    return {
      cid,
      c,
      frames,
      full: frames as unknown as FullVis[],
      timeline: tl as unknown as Timeline,
      tasks: c.frames.map((f) => f.step.status.task),
      tl,
      rows: questions.map((q) => ({ q, g: gold.get(q.qid)!, k: askK(q.qid) })),
    };
  });
}

export interface Recomputed {
  /** family -> golds recomputed and compared */
  checked: Map<string, number>;
  /** families a knowable gold was found for */
  present: Set<string>;
  /** one line per disagreement */
  mismatches: string[];
}

const close = (a: number, b: number, digits: number) => Math.abs(a - b) < 10 ** -digits / 2;

/** Recompute every knowable compiled gold of a build and compare. */
export function recomputeBuild(build: string): Recomputed {
  const out: Recomputed = { checked: new Map(), present: new Set(), mismatches: [] };
  for (const { cid, c, frames, full, timeline, tasks, tl, rows } of casesOf(build))
    for (const { q, g, k } of rows) {
      if (!g.knowable) continue;
      const spec = getJob(c.job);
      const bj = bodyJob(c.job);
      out.present.add(g.family);
      const where = `${c.job} ${cid} ${q.qid} ${g.family}`;
      const bad = (what: string) => out.mismatches.push(`${where}: ${what}`);
      const upTo = frames.slice(0, k + 1);
      const last = (id: string) =>
        [...upTo].reverse().find((f) => f.entities.some((e) => e.entity === id && e.pixels > 0));
      const seen = (f: Vis, id: string) => f.entities.find((e) => e.entity === id && e.pixels > 0)!;
      // of the things with the question's name, the one the window showed (the gold's thing)
      const named = () => thingsNamed(q.text, tl.place.things).find((t) => last(t.id));
      if (g.family === 'ego_now' || g.family === 'ego_mem') {
        const t = named();
        if (!t) {
          bad('no thing of its name was seen');
          continue;
        }
        const want = offset(frames[k].camera, seen(last(t.id)!, t.id).contact!.point);
        const v = g.value as { ahead: number; left: number };
        if (!close(v.ahead, want.ahead, 3) || !close(v.left, want.left, 3))
          bad(`offset ${JSON.stringify(v)}, recomputed ${JSON.stringify(want)}`);
      } else if (g.family === 'person_mem') {
        const p = tl.place.people.find((x) => q.text.includes(`the ${x.colour.replace(/_/g, ' ')} top`))!;
        const at = personPlace(tl.people[p.id], last(p.id)!.t)!;
        const v = g.value as { x: number; y: number };
        if (!close(v.x, at[0], 2) || !close(v.y, at[1], 2))
          bad(`place ${JSON.stringify(v)}, recomputed ${at.join(', ')}`);
      } else if (g.family === 'object_where') {
        const t = named();
        if (!t) {
          bad('no thing of its name was seen');
          continue;
        }
        const i = frames.indexOf(last(t.id)!);
        const mid = thingMiddle(timeline, t.id, frames[i].t)!;
        const v = g.value as { x: number; y: number };
        if (!close(v.x, mid[0], 3) || !close(v.y, mid[1], 3))
          bad(`middle ${JSON.stringify(v)}, recomputed ${mid.join(', ')}`);
        // the evidence: a sighting a reader could pick it out in (1,024 px, lit, 8 px clear of the edge) with the
        // thing's middle where the last sighting had it, else the last sighting
        const clearThere = (j: number) => {
          const e = frames[j].entities.find((x) => x.entity === t.id && x.pixels > 0);
          if (!e || e.pixels < 1024 || (e.brightness ?? 0) < 30 || e.edge_margin_px < 8) return false;
          const m = thingMiddle(timeline, t.id, frames[j].t)!;
          return Math.hypot(m[0] - mid[0], m[1] - mid[1]) <= 1e-6;
        };
        const any = frames.slice(0, i + 1).some((_, j) => clearThere(j));
        const ev = g.evidence_frames;
        if (ev.length !== 1 || (any ? !clearThere(ev[0]) : ev[0] !== i))
          bad(
            `evidence ${ev.join(',')} is not a clear sighting at its last-seen place (${any ? 'one exists' : `last ${i}`})`,
          );
      } else if (g.family === 'clear_path') {
        const dir = q.text.includes('reversed')
          ? 'back'
          : q.text.includes('to your left')
            ? 'left'
            : q.text.includes('to your right')
              ? 'right'
              : 'ahead';
        const r = clearPathGold(
          timeline,
          bj,
          taskSpan(full, tasks, k),
          dir,
          spec.clear_path.turn_deg,
          cap(full[0]),
          stepPose(c.frames[k].step),
        );
        if (!r.hit || !r.corridorSeen) bad(`recomputed: ${r.hit ? 'corridor not seen' : 'no contact'}`);
        else if (!close(g.value as number, r.run, 3)) bad(`run ${g.value}, recomputed ${r.run}`);
      } else if (g.family === 'open_heading') {
        const r = openHeadingGold(timeline, bj, taskSpan(full, tasks, k), cap(full[0]), stepPose(c.frames[k].step));
        const best = (g as unknown as { heading_table: { best_run_m: number } }).heading_table.best_run_m;
        if (g.value !== r.rel || !close(best, r.run, 3))
          bad(`heading ${g.value} (${best} m), recomputed ${r.rel} (${r.run} m)`);
      } else if (g.family === 'way_to') {
        const t = named();
        if (!t) {
          bad('no thing of its name was seen');
          continue;
        }
        const mid = thingMiddle(timeline, t.id, frames[frames.indexOf(last(t.id)!)].t)!;
        const r = wayToGold(bj, full.slice(0, k + 1), mid, spec.reacquire.value);
        if (!r || g.value !== r.rel) bad(`heading ${g.value}, recomputed ${r?.rel}`);
      } else if (g.family === 'closest_person' || g.family === 'closest_approach' || g.family === 'approach_mem') {
        const span = taskSpan(full, tasks, k),
          horizon = spec.closest_approach.horizon_s;
        const who = () =>
          tl.place.people.find((x) => q.text.includes(`the ${x.colour.replace(/_/g, ' ')} top`))?.id ?? '';
        const want =
          g.family === 'closest_person'
            ? closestPersonGold(timeline, bj, span)
            : g.family === 'closest_approach'
              ? closestApproachGold(timeline, bj, full[k], horizon)
              : approachMemGold(timeline, bj, span, who(), horizon);
        if (want === undefined) bad('recomputed: no person in view');
        else if (!close(g.value as number, want, 3)) bad(`gap ${g.value}, recomputed ${want}`);
      } else if (g.family === 'tangle_ahead' || g.family === 'task_things') {
        const want = listGold(g.family, timeline, full, tasks, k, c.job);
        if (!want) continue;
        const v = (g.value as { x: number; y: number }[]).map((p) => `${p.x.toFixed(3)},${p.y.toFixed(3)}`).sort();
        // points to 3 decimals: one that lies on a rounding boundary may print a thousandth apart
        const near = (a: string, b: string) =>
          a.split(',').every((x, i) => Math.abs(Number(x) - Number(b.split(',')[i])) <= 1.5e-3);
        const missing = want.inside.filter((w) => !v.some((x) => near(x, w)));
        const extra = want.outside.filter((w) => v.some((x) => near(x, w)));
        if (missing.length || extra.length || v.length !== want.inside.length)
          bad(`list ${v.join(' ')}; recomputed inside ${want.inside.join(' ')}, outside ${want.outside.join(' ')}`);
      } else continue;
      out.checked.set(g.family, (out.checked.get(g.family) ?? 0) + 1);
    }
  return out;
}

/**
 * The list golds, recomputed: the things seen during the ask's task (brush-catchable kinds for tangle_ahead),
 * resting on the floor where the job lists only floor things, at their last-seen middle; those more than a cell
 * inside the region must be listed, those more than a cell outside must not (the band between is the don't-care).
 * tangle_ahead's region: ahead of the body from its centre to ahead_m beyond its front, half_width_m each side;
 * task_things' (route scope): within distance_m of the path the base drove. The vacuum's rooms_cleaned scope needs
 * the plan's rooms: not recomputed.
 */
export function listGold(family: string, tl: Timeline, full: FullVis[], tasks: number[], k: number, job: string) {
  const spec = getJob(job);
  const bj = bodyJob(job);
  const span = taskSpan(full, tasks, k);
  const cell = full[0].seen.grid.cell;
  let sd: (x: number, y: number) => number;
  let kinds: Set<string> | null = null;
  if (family === 'tangle_ahead') {
    const b = basePose(bj, full[k].camera);
    const a = (b.yaw * Math.PI) / 180;
    const far = (bj.body.shape === 'circle' ? bj.body.diameter_m : bj.body.length_m) / 2 + spec.tangle_ahead!.ahead_m;
    const half = spec.tangle_ahead!.half_width_m;
    sd = (x, y) => {
      const al = (x - b.x) * Math.cos(a) + (y - b.y) * Math.sin(a),
        lat = -(x - b.x) * Math.sin(a) + (y - b.y) * Math.cos(a);
      const ex = Math.max(-al, al - far),
        ey = Math.abs(lat) - half;
      return ex > 0 || ey > 0 ? Math.hypot(Math.max(ex, 0), Math.max(ey, 0)) : Math.max(ex, ey);
    };
    kinds = new Set(spec.hazards!.brush_catches);
  } else {
    if (spec.task_things.scope !== 'route') return null;
    const path = span.map((f) => basePose(bj, f.camera));
    const r = spec.task_things.distance_m!;
    sd = (x, y) => {
      let best = Infinity;
      for (let i = 0; i < path.length; i++) {
        const p = path[i],
          q = path[Math.min(i + 1, path.length - 1)];
        const dx = q.x - p.x,
          dy = q.y - p.y,
          L = dx * dx + dy * dy;
        const u = L > 0 ? Math.max(0, Math.min(1, ((x - p.x) * dx + (y - p.y) * dy) / L)) : 0;
        best = Math.min(best, Math.hypot(x - p.x - u * dx, y - p.y - u * dy));
      }
      return best - r;
    };
  }
  const floorOnly = family === 'tangle_ahead' || spec.task_things.floor_only;
  const inside: string[] = [],
    outside: string[] = [];
  const ids = [
    ...new Set(span.flatMap((f) => f.entities.filter((e) => e.role === 'thing' && e.pixels > 0).map((e) => e.entity))),
  ];
  for (const id of ids) {
    const thing = (tl as unknown as Tl).place.things.find((t) => t.id === id)!;
    if (kinds && !kinds.has(thing.kind)) continue;
    const at = span[lastSeen(span, id)].t;
    const mid = thingMiddle(tl, id, at);
    if (!mid) continue;
    // each part's exact reach up and down (a cylinder rolled on its side reaches its radius, not half its length)
    const bottom = Math.min(...solidsOf(tl, id, at).map((s) => s.center[2] + extentAlong(s, 0, 0, 1)[0]));
    const top = Math.max(...solidsOf(tl, id, at).map((s) => s.center[2] + extentAlong(s, 0, 0, 1)[1]));
    if (floorOnly && bottom > bj.base_z_m + 0.03) continue;
    // task_things: a thing the body drives over is not in its way
    if (family === 'task_things' && top <= bj.base_z_m + spec.task_things.drives_over_m) continue;
    const d = sd(mid[0], mid[1]);
    const key = `${mid[0].toFixed(3)},${mid[1].toFixed(3)}`;
    if (d < -cell - 1e-6) inside.push(key);
    else if (d > cell + 1e-6) outside.push(key);
  }
  return { inside, outside };
}

const solidsOf = (tl: Timeline, id: string, t: number) =>
  solidsAt(tl, t).filter((s) => s.owner === id && s.role === 'thing');
