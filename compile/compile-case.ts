/**
 * One case, compiled: its look points (from the case id and the plan alone), each stop's three slots filled in the
 * job's order (harm first; within a slot, its families in an order drawn from the case id and the stop), then the
 * end questions after the last frame; the case file, its question rows (exactly
 * qid, text, answer_type) and its gold rows in the scorer's schema.
 */
import type { GoldRow } from '../formats/gold-row.ts';
import type { Family } from '../formats/gold-row.ts';
import type { JobSpec } from '../jobs/job-schema.ts';
import type { Place } from '../layouts/place-schema.ts';
import { stream, type Stream } from '../foundation/index.ts';
import type { CaseFile, QuestionRow } from '../formats/case-schema.ts';
import { caseBody, type CaseWindow } from './cases.ts';
import { fillSlot, type AskSite, type KeptQuestion } from './candidates.ts';
import { familyDef } from './family-registry.ts';
import { goldRow, type AskContext, type FrameView, type JobView, type WorldView } from './ask/index.ts';
import { caseFrameViews, gridOf } from './frame-views.ts';
import type { Funnel } from './funnel.ts';
import { lookPoints } from './look-points.ts';
import type { ScriptData } from './script-data.ts';
import type { Screen, ScreenContext } from './screens/index.ts';

export interface CompileEnv {
  seed: string;
  spec: JobSpec;
  view: JobView;
  world: WorldView;
  place: Place;
  funnel: Funnel;
  screens: readonly Screen[];
  /** draws a fresh qid (unique over the compile) */
  qid(cid: string): string;
}

export interface CompiledCase {
  file: CaseFile;
  questions: QuestionRow[];
  gold: GoldRow[];
  /** the kept questions, in file order (for the report) */
  kept: KeptQuestion[];
  lookPoints: number[];
}

/** A qid source: a seeded stream per case, unique over the whole compile. */
export function qidSource(seed: string): (cid: string) => string {
  const streams = new Map<string, Stream>();
  const used = new Set<string>();
  return (cid) => {
    let s = streams.get(cid);
    if (!s) streams.set(cid, (s = stream(seed, 'compile/qid', cid)));
    for (;;) {
      const id = s.hexId();
      if (!used.has(id)) {
        used.add(id);
        return id;
      }
    }
  };
}

/** The case frames the plan marks as decision frames (case indices). */
export function caseDecisions(data: ScriptData, scriptKs: readonly number[]): number[] {
  return scriptKs.flatMap((sk, k) => (data.plan.keyframes[sk].decision ? [k] : []));
}

export function compileCase(data: ScriptData, w: CaseWindow, env: CompileEnv): CompiledCase {
  const { spec } = env;
  const body = caseBody({
    plan: data.plan,
    steps: data.steps,
    window: w,
    job: spec.id,
    seed: env.seed,
  });
  const views = caseFrameViews(data, w);
  const scriptKs = body.frames.map((f) => f.script_k);
  const grid = gridOf(data);
  const lps = lookPoints(w.cid, views.length, caseDecisions(data, scriptKs), spec.look_points);
  const criticalOf = (f: FrameView) => new Set(data.plan.tasks[w.tasks[f.task]].things);
  const ask = (upTo: number): AskContext => ({
    job: env.view,
    world: env.world,
    grid,
    frames: views.slice(0, upTo + 1),
    critical: criticalOf(views[upTo]),
  });
  const context = (a: AskContext, k: number | null): ScreenContext => ({
    ask: a,
    window: views,
    job: spec,
    place: env.place,
    sid: w.sid,
    cid: w.cid,
    k,
    script_k: k === null ? null : scriptKs[k],
    log: { steps: body.frames.map((f) => f.step), assignments: body.tasks.map((t) => t.assignment) },
  });
  const kept: KeptQuestion[] = [];
  const asks: CaseFile['asks'] = [];
  const questions: QuestionRow[] = [];
  const gold: GoldRow[] = [];
  const add = (q: KeptQuestion): string => {
    const qid = env.qid(w.cid);
    kept.push(q);
    questions.push({ qid, text: q.text, answer_type: q.gold.answer_type });
    gold.push(
      goldRow(q.gold, {
        qid,
        job: spec.id as GoldRow['job'],
        layout: body.layout,
        split: body.split,
        sid: w.sid,
        cid: w.cid,
        length: w.length,
      }),
    );
    return qid;
  };
  // the families asked once a task (family.ts once_a_task), by the case task they were asked in
  const askedOnce = new Set<string>();
  const onceKey = (family: Family, k: number) => `${views[k].task}|${family}`;
  for (const k of lps) {
    const site: AskSite = {
      ctx: context(ask(k), k),
      rng: stream(env.seed, 'compile/candidates', `${w.cid}/${k}`),
      used: new Set(),
    };
    const qids: string[] = [];
    spec.look_points.slots.forEach((families, slot) => {
      // the slot tries its families in an order drawn from the case id and the stop (unless the job lists its order):
      // a family the slot lists later is not starved by one that can nearly always be asked (clear_path before the
      // people families)
      const how = spec.look_points.slot_order?.[slot] ?? 'drawn';
      const drawn = (xs: readonly Family[]) =>
        stream(env.seed, 'compile/slot-order', `${w.cid}/${k}/${slot}`).shuffle(xs);
      const order = (
        how === 'listed' ? families : how === 'first' ? [families[0], ...drawn(families.slice(1))] : drawn(families)
      ).filter((f) => !askedOnce.has(onceKey(f, k)));
      const q = fillSlot(order, site, slot, env.funnel, env.screens);
      if (!q) return;
      qids.push(add(q));
      if (familyDef(q.family).once_a_task) askedOnce.add(onceKey(q.family, k));
    });
    if (qids.length) asks.push({ k, qids });
  }
  const roomsOf = (windowTask: number) => {
    const t = data.plan.tasks[w.tasks[windowTask]];
    return env.place.rooms
      .filter((r) => t.rooms.includes(r.id))
      .map((r) => r.polygon.map((p) => [p[0], p[1]] as [number, number]));
  };
  /** The end questions' site after case frame k (the last frame of a task), for the task it ends. */
  const endSite = (k: number, id: string): AskSite => ({
    ctx: context(ask(k), k === views.length - 1 ? null : k),
    rng: stream(env.seed, 'compile/candidates', `${w.cid}/${id}`),
    used: new Set(),
    ...(spec.task_things.scope === 'rooms_cleaned' ? { roomsCleaned: roomsOf(views[k].task) } : {}),
  });
  // after every task but the last, the end questions asked of every task (their ask joins a look point's there)
  const everyTask = spec.end_questions.filter((eq) => eq.every_task);
  for (let t = 0; t < w.tasks.length - 1 && everyTask.length; t++) {
    const k = views.map((f) => f.task).lastIndexOf(t);
    if (k < 0) continue;
    const site = endSite(k, `task-end/${t}`);
    const qids: string[] = [];
    for (const eq of everyTask)
      for (let i = 0; i < eq.max; i++) {
        const q = fillSlot([eq.family], site, null, env.funnel, env.screens);
        if (!q) break;
        qids.push(add(q));
      }
    if (!qids.length) continue;
    const at = asks.find((a) => a.k === k);
    if (at) at.qids.push(...qids);
    else asks.push({ k, qids });
  }
  asks.sort((a, b) => a.k - b.k);
  const end = endSite(views.length - 1, 'end');
  const end_qids: string[] = [];
  for (const eq of spec.end_questions) {
    for (let i = 0; i < eq.max; i++) {
      const q = fillSlot([eq.family], end, null, env.funnel, env.screens);
      if (!q) break;
      end_qids.push(add(q));
    }
  }
  return { file: { ...body, asks, end_qids }, questions, gold, kept, lookPoints: lps };
}
