/**
 * The compiler on the shared fixture (a real Blender-rendered build): golds recomputed from timeline.json and
 * visibility.jsonl alone by the simple code below and tests/helpers/recompute-golds.ts (separate from compile/ and
 * from the perfect reader), and every unknown-gold thing had no pixel in its window.
 *
 * Every family the compiled questions hold is recomputed where its gold is knowable. The fixture's one-task,
 * 6-to-10-frame scripts rarely keep a knowable clear_path and never a way_to through the screens, so the second
 * test also asks the unscreened family functions (clear_path in all four directions, open_heading, way_to to every
 * thing seen before) at every look point of every case and recomputes those golds the same way.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileBuild } from '../../compile/compile.ts';
import { caseFrameViews, gridOf } from '../../compile/frame-views.ts';
import { clearPath, jobView, openHeading, wayTo, worldFromTimeline, type AskContext } from '../../compile/families/index.ts';
import { readScriptData } from '../../compile/script-data.ts';
import { getJob } from '../../jobs/load.ts';
import { solidsAt, type Timeline } from '../../layouts/timeline.ts';
import { caseIdsOf } from '../../pipeline/compile-hash.ts';
import { fixtureCopy } from '../fixture/build-fixture.ts';
import { basePose, clearPathGold, lastSeen, openHeadingGold, taskSpan, thingMiddle, wayToGold, type BodyJob, type Vis as FullVis } from '../helpers/recompute-golds.ts';

interface Vis { k: number; t: number; camera: { position: number[]; yaw_deg: number }; entities: { entity: string; role: string; pixels: number; contact: { point: number[] } | null }[] }
interface Gold { qid: string; family: string; knowable: boolean; value: unknown; evidence_frames: number[] }

let dir: string;
let build: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stbench-compile-fx-'));
  build = join(dir, 'build');
  await fixtureCopy(build);
  compileBuild(build, { seed: 'fixture-compile' });
}, 1_800_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const jsonl = <T>(p: string): T[] => readFileSync(p, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as T);
const json = <T>(p: string): T => JSON.parse(readFileSync(p, 'utf8')) as T;

/** (ahead, left) of a map point from a camera: plain trigonometry. */
function offset(cam: Vis['camera'], p: number[]): { ahead: number; left: number } {
  const a = (cam.yaw_deg * Math.PI) / 180;
  const dx = p[0] - cam.position[0], dy = p[1] - cam.position[1];
  return { ahead: dx * Math.cos(a) + dy * Math.sin(a), left: -dx * Math.sin(a) + dy * Math.cos(a) };
}

/** Where a person stands at t from their legs (linear along a leg). */
function personAt(legs: { t0: number; t1: number; from: number[]; to: number[] }[], t: number): number[] | undefined {
  for (const l of legs) if (t >= l.t0 && t <= l.t1) {
    const u = l.t1 > l.t0 ? (t - l.t0) / (l.t1 - l.t0) : 0;
    return [l.from[0] + u * (l.to[0] - l.from[0]), l.from[1] + u * (l.to[1] - l.from[1])];
  }
  return undefined;
}

/** Every case's questions with its gold, the case's frames' visibility and the timeline, joined simply. */
function cases() {
  return caseIdsOf(build).map((cid) => {
    const c = json<{ sid: string; job: string; length: string; script_tasks: number[]; frames: { script_k: number; step: { status: { task: number } } }[]; asks: { k: number; qids: string[] }[]; end_qids: string[] }>(join(build, 'private', cid, 'case.json'));
    const vis = jsonl<Vis>(join(build, 'private', c.sid, 'visibility.jsonl'));
    const tl = json<{ place: { things: { id: string; colour: string; kind: string; shape: string }[]; people: { id: string; colour: string }[] }; people: Record<string, { t0: number; t1: number; from: number[]; to: number[] }[]> }>(join(build, 'private', c.sid, 'timeline.json'));
    const questions = jsonl<{ qid: string; text: string }>(join(build, 'private', cid, 'questions.jsonl'));
    const gold = jsonl<Gold>(join(build, 'private', cid, 'gold.jsonl'));
    const frames = c.frames.map((f) => vis[f.script_k]);
    const askK = (qid: string) => c.asks.find((a) => a.qids.includes(qid))?.k ?? c.frames.length - 1;
    const full = frames as unknown as FullVis[];
    const timeline = tl as unknown as Timeline;
    const tasks = c.frames.map((f) => f.step.status.task);
    return { cid, c, frames, full, timeline, tasks, tl, rows: questions.map((q, i) => ({ q, g: gold[i], k: askK(q.qid) })) };
  });
}

/** The things of the place a question names (by colour word and kind; several things may share a name). */
function thingsNamed(text: string, things: { id: string; colour: string; kind: string }[]) {
  const name = (t: { colour: string; kind: string }) => `the ${t.colour.replace(/_/g, ' ')} ${t.kind.replace(/_/g, ' ')}`;
  const hits = things.filter((t) => text.includes(`${name(t)} `) || text.includes(`${name(t)}?`));
  const longest = Math.max(0, ...hits.map((t) => name(t).length));
  return hits.filter((t) => name(t).length === longest);
}

describe('compile on the shared fixture', () => {
  it('every unknown-gold thing had no pixel in its window up to the ask', () => {
    let n = 0;
    for (const { frames, tl, rows } of cases())
      for (const { q, g, k } of rows) {
        if (g.knowable || !['ego_mem', 'object_where', 'way_to'].includes(g.family)) continue;
        // every thing of that name (none for a made-up one) had no pixel up to the ask
        for (const t of thingsNamed(q.text, tl.place.things)) {
          n++;
          for (const f of frames.slice(0, k + 1)) expect(f.entities.some((e) => e.entity === t.id && e.pixels > 0)).toBe(false);
        }
      }
    expect(n).toBeGreaterThanOrEqual(0);
  });

  it('recomputes golds from timeline.json and visibility.jsonl alone', () => {
    const checked = new Map<string, number>();
    const present = new Set<string>();
    for (const { c, frames, full, timeline, tasks, tl, rows } of cases())
      for (const { q, g, k } of rows) {
        if (!g.knowable) continue;
        const spec = getJob(c.job);
        const bj = bodyJob(c.job);
        present.add(g.family);
        const upTo = frames.slice(0, k + 1);
        const last = (id: string) => [...upTo].reverse().find((f) => f.entities.some((e) => e.entity === id && e.pixels > 0));
        const seen = (f: Vis, id: string) => f.entities.find((e) => e.entity === id && e.pixels > 0)!;
        // of the things with the question's name, the one the window showed (the gold's thing)
        const named = () => thingsNamed(q.text, tl.place.things).find((t) => last(t.id))!;
        if (g.family === 'ego_now' || g.family === 'ego_mem') {
          const t = named();
          const f = last(t.id)!;
          const want = offset(frames[k].camera, seen(f, t.id).contact!.point);
          const v = g.value as { ahead: number; left: number };
          expect(v.ahead).toBeCloseTo(want.ahead, 3);
          expect(v.left).toBeCloseTo(want.left, 3);
        } else if (g.family === 'person_mem') {
          const p = tl.place.people.find((x) => q.text.includes(`the ${x.colour.replace(/_/g, ' ')} top`))!;
          const f = last(p.id)!;
          const at = personAt(tl.people[p.id], f.t)!;
          const v = g.value as { x: number; y: number };
          expect(v.x).toBeCloseTo(at[0], 2);
          expect(v.y).toBeCloseTo(at[1], 2);
        } else if (g.family === 'object_where') {
          const t = named();
          expect(t).toBeDefined();
          const i = frames.indexOf(last(t.id)!);
          expect(g.evidence_frames).toContain(i);
          const mid = thingMiddle(timeline, t.id, frames[i].t)!;
          const v = g.value as { x: number; y: number };
          expect(v.x).toBeCloseTo(mid[0], 3);
          expect(v.y).toBeCloseTo(mid[1], 3);
        } else if (g.family === 'clear_path') {
          const dir = q.text.includes('reversed') ? 'back' : q.text.includes('to your left') ? 'left' : q.text.includes('to your right') ? 'right' : 'ahead';
          const r = clearPathGold(timeline, bj, taskSpan(full, tasks, k), dir, spec.clear_path.turn_deg, cap(full[0]));
          expect(r.hit).not.toBeNull();
          expect(r.corridorSeen).toBe(true);
          expect(g.value as number).toBeCloseTo(r.run, 3);
        } else if (g.family === 'open_heading') {
          const r = openHeadingGold(timeline, bj, taskSpan(full, tasks, k), cap(full[0]));
          expect(g.value).toBe(r.rel);
          expect((g as unknown as { heading_table: { best_run_m: number } }).heading_table.best_run_m).toBeCloseTo(r.run, 3);
        } else if (g.family === 'way_to') {
          const t = named();
          const mid = thingMiddle(timeline, t.id, frames[frames.indexOf(last(t.id)!)].t)!;
          const r = wayToGold(bj, full.slice(0, k + 1), mid, spec.reacquire.value)!;
          expect(g.value).toBe(r.rel);
        } else if (g.family === 'tangle_ahead' || g.family === 'task_things') {
          const want = listGold(g.family, timeline, full, tasks, k, c.job);
          if (!want) continue;
          const v = (g.value as { x: number; y: number }[]).map((p) => `${p.x.toFixed(3)},${p.y.toFixed(3)}`).sort();
          for (const w of want.inside) expect(v).toContain(w);
          for (const w of want.outside) expect(v).not.toContain(w);
          expect(v.length).toBe(want.inside.length);
        } else continue;
        checked.set(g.family, (checked.get(g.family) ?? 0) + 1);
      }
    for (const f of present) expect(checked.get(f) ?? 0, f).toBeGreaterThan(0);
    expect(present.size).toBeGreaterThan(0);
  });

  it('recomputes clear_path, open_heading and way_to from the unscreened families at every look point', () => {
    const got = new Map<string, number>();
    const count = (f: string) => got.set(f, (got.get(f) ?? 0) + 1);
    for (const { cid, c, full, timeline, tasks } of cases()) {
      const spec = getJob(c.job);
      const bj = bodyJob(c.job);
      const data = readScriptData(build, c.sid);
      const views = caseFrameViews(data, { cid, sid: c.sid, length: c.length as 'short', tasks: c.script_tasks });
      const ctxAt = (k: number): AskContext => ({ job: jobView(spec), world: worldFromTimeline(data.timeline), grid: gridOf(data), frames: views.slice(0, k + 1) });
      for (const k of [...new Set([...c.asks.map((a) => a.k), full.length - 1])]) {
        const ctx = ctxAt(k);
        const span = taskSpan(full, tasks, k);
        // the family's pose is the plan's; the recomputation's is the camera's less the mount
        const b = basePose(bj, full[k].camera);
        expect(Math.hypot(b.x - views[k].pose.x, b.y - views[k].pose.y)).toBeLessThan(1e-3);
        for (const dir of ['ahead', 'back', 'left', 'right'] as const) {
          const o = clearPath(ctx, dir);
          if (!o.ok || !o.gold.knowable) continue;
          const r = clearPathGold(timeline, bj, span, dir, spec.clear_path.turn_deg, cap(full[0]));
          expect(r.corridorSeen).toBe(true);
          expect(o.gold.value as number).toBeCloseTo(r.run, 3);
          count('clear_path');
        }
        if (spec.families.includes('open_heading')) {
          const o = openHeading(ctx);
          if (o.ok && o.gold.knowable) {
            const r = openHeadingGold(timeline, bj, span, cap(full[0]));
            expect(o.gold.value).toBe(r.rel);
            count('open_heading');
          }
        }
        if (spec.families.includes('way_to')) {
          const seenBefore = [...new Set(full.slice(0, k + 1).flatMap((f) => f.entities.filter((e) => e.role === 'thing' && e.pixels > 0).map((e) => e.entity)))].sort().slice(0, 4);
          for (const id of seenBefore) {
            const o = wayTo(ctx, { id, colour: '', kind: '' } as never);
            if (!o.ok || !o.gold.knowable) continue;
            const mid = thingMiddle(timeline, id, full[lastSeen(full, id, k)].t)!;
            const r = wayToGold(bj, full.slice(0, k + 1), mid, spec.reacquire.value);
            expect(r).not.toBeNull();
            expect(o.gold.value).toBe(r!.rel);
            count('way_to');
          }
        }
      }
    }
    for (const f of ['clear_path', 'open_heading', 'way_to']) expect(got.get(f) ?? 0, f).toBeGreaterThan(0);
  });
});

/** The body, height band and camera mount of a job, as the recomputation reads them. */
function bodyJob(id: string): BodyJob {
  const j = getJob(id);
  const fp = j.body.footprint;
  return {
    body: fp.shape === 'circle' ? { shape: 'circle', diameter_m: fp.diameter_m } : { shape: 'rect', length_m: fp.length_m, width_m: fp.width_m },
    height_m: j.body.height_m,
    base_z_m: j.base_z_m.value,
    mount: { forward_m: j.camera.mount.forward_m, left_m: j.camera.mount.left_m },
  };
}

/** The longest drive measured: the seen grid's diagonal. */
const cap = (v: FullVis) => Math.hypot(v.seen.grid.nx * v.seen.grid.cell, v.seen.grid.ny * v.seen.grid.cell);

/**
 * The list golds, recomputed: the things seen during the ask's task (brush-catchable kinds for tangle_ahead),
 * resting on the floor, at their last-seen middle; those more than a cell inside the region must be listed, those
 * more than a cell outside must not (the band between is the don't-care). tangle_ahead's region: ahead of the body
 * from its centre to ahead_m beyond its front, half_width_m each side; task_things' (route scope): within
 * distance_m of the path the base drove. The vacuum's rooms_cleaned scope needs the plan's rooms: not recomputed.
 */
function listGold(family: string, tl: Timeline, full: FullVis[], tasks: number[], k: number, job: string) {
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
      const al = (x - b.x) * Math.cos(a) + (y - b.y) * Math.sin(a), lat = -(x - b.x) * Math.sin(a) + (y - b.y) * Math.cos(a);
      const ex = Math.max(-al, al - far), ey = Math.abs(lat) - half;
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
        const p = path[i], q = path[Math.min(i + 1, path.length - 1)];
        const dx = q.x - p.x, dy = q.y - p.y, L = dx * dx + dy * dy;
        const u = L > 0 ? Math.max(0, Math.min(1, ((x - p.x) * dx + (y - p.y) * dy) / L)) : 0;
        best = Math.min(best, Math.hypot(x - p.x - u * dx, y - p.y - u * dy));
      }
      return best - r;
    };
  }
  const floorOnly = family === 'tangle_ahead' || spec.task_things.floor_only;
  const inside: string[] = [], outside: string[] = [];
  const ids = [...new Set(span.flatMap((f) => f.entities.filter((e) => e.role === 'thing' && e.pixels > 0).map((e) => e.entity)))];
  for (const id of ids) {
    const thing = tl.place.things.find((t) => t.id === id)!;
    if (kinds && !kinds.has(thing.kind)) continue;
    const at = span[lastSeen(span, id)].t;
    const mid = thingMiddle(tl, id, at);
    if (!mid) continue;
    const bottom = Math.min(...solidsOf(tl, id, at).map((s) => s.center[2] - s.size[2] / 2));
    if (floorOnly && bottom > bj.base_z_m + 0.03) continue;
    const d = sd(mid[0], mid[1]);
    const key = `${mid[0].toFixed(3)},${mid[1].toFixed(3)}`;
    if (d < -cell - 1e-6) inside.push(key);
    else if (d > cell + 1e-6) outside.push(key);
  }
  return { inside, outside };
}

const solidsOf = (tl: Timeline, id: string, t: number) => solidsAt(tl, t).filter((s) => s.owner === id && s.role === 'thing');
