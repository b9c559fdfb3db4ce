/**
 * perfect_reader, the ceiling: perfect memory of what the frames showed. It reads the frames' truth (the script's
 * visibility records and timeline, only up to the current frame) and answers through its own code: it reads the
 * question's form from its text (question-form.ts), finds what it names among what was seen, and computes the answer
 * with its own simple geometry. It never reads a gold file; wherever its answer and the gold disagree the check's
 * ceiling fails and names the question, which is what the instrument is for.
 *
 * Families it answers: object_where, person_mem, ego_now, ego_mem (from the sightings), way_to (unknown when the
 * thing was never seen, else the straight bearing to its last-seen middle), clear_path (the footprint sweep in the
 * true scene at the ask); the other families it answers unknown (listed in docs/check.md as not yet read).
 */
import { clearPath, type BodyFootprint, type Direction } from '../../layouts/geometry/index.ts';
import { personAt, solidsAt, type Timeline } from '../../layouts/timeline.ts';
import type { Solid } from '../../layouts/solids.ts';
import type { VisibilityRecord } from '../../render/truth/records.ts';
import type { InProcessSystem, CaseInfo } from '../harness/index.ts';
import { readCaseFile, scriptTruth } from './case-truth.ts';
import { bearingTo, DEG, offsetFrom } from './frame-math.ts';
import { questionForm, spoken, type QuestionForm } from './question-form.ts';

const UNKNOWN = { type: 'unknown' } as const;

interface Body {
  fp: BodyFootprint;
  band: [number, number];
}

function bodyOf(robot: unknown): Body | null {
  const b = (robot as { body?: { footprint?: Record<string, unknown>; height_m?: number; base_z_m?: number } })?.body;
  const f = b?.footprint;
  if (!f) return null;
  const z0 = Number(b.base_z_m ?? 0);
  const band: [number, number] = [z0 + 0.005, z0 + Number(b.height_m ?? 1)];
  if (f.shape === 'circle') return { fp: { shape: 'circle', radius: Number(f.diameter_m ?? 2 * Number(f.radius_m ?? 0)) / 2 }, band };
  return { fp: { shape: 'rect', length: Number(f.length_m), width: Number(f.width_m) }, band };
}

/** The middle of a thing's footprint at t (centre of its extent in its own frame), from the timeline's solids. */
function thingMiddle(tl: Timeline, id: string, t: number): [number, number] | null {
  const solids = solidsAt(tl, t).filter((s) => s.role === 'thing' && s.owner === id);
  if (!solids.length) return null;
  const yaw = (solids[0].yaw_deg ?? 0) * DEG;
  const c = Math.cos(yaw), s = Math.sin(yaw);
  let a0 = Infinity, a1 = -Infinity, b0 = Infinity, b1 = -Infinity;
  for (const so of solids) {
    const y2 = (so.yaw_deg ?? 0) * DEG, hx = so.size[0] / 2, hy = so.size[1] / 2;
    const pts: [number, number][] =
      so.shape === 'box'
        ? [[hx, hy], [-hx, hy], [-hx, -hy], [hx, -hy]].map(([u, v]) => [so.center[0] + Math.cos(y2) * u - Math.sin(y2) * v, so.center[1] + Math.sin(y2) * u + Math.cos(y2) * v])
        : [[so.center[0] + hx, so.center[1]], [so.center[0] - hx, so.center[1]], [so.center[0], so.center[1] + hx], [so.center[0], so.center[1] - hx]];
    for (const [x, y] of pts) {
      const a = c * x + s * y, b = -s * x + c * y;
      a0 = Math.min(a0, a); a1 = Math.max(a1, a); b0 = Math.min(b0, b); b1 = Math.max(b1, b);
    }
  }
  const am = (a0 + a1) / 2, bm = (b0 + b1) / 2;
  return [c * am - s * bm, s * am + c * bm];
}

/** The perfect reader's memory of one case. */
class Reader {
  private seen: VisibilityRecord[] = [];
  private readonly byK: Map<number, VisibilityRecord>;
  private readonly scriptK: number[];
  private readonly tl: Timeline | null;
  private body: Body | null = null;
  private turnDeg = 90;

  constructor(info: CaseInfo) {
    const c = readCaseFile(info.root, info.cid);
    const truth = scriptTruth(info.root, c.sid);
    this.byK = truth.visibility;
    this.tl = truth.timeline;
    this.scriptK = c.frames.map((f) => f.script_k);
  }

  start(robot: unknown): void {
    this.body = bodyOf(robot);
  }

  observe(k: number): void {
    const r = this.byK.get(this.scriptK[k]);
    if (r) this.seen.push(r);
  }

  private get now(): VisibilityRecord | undefined {
    return this.seen[this.seen.length - 1];
  }

  /** The place's thing ids named by colour and kind (spoken words). */
  private thingIds(name: { colour: string; kind: string }): Set<string> | null {
    if (!this.tl) return null;
    const want = `${name.colour} ${name.kind}`;
    return new Set(this.tl.place.things.filter((t) => `${spoken(t.colour)} ${spoken(t.kind)}` === want).map((t) => t.id));
  }

  /** The sightings (frame, entity record) of the named thing, oldest first. */
  private sightings(name: { colour: string; kind: string }) {
    const ids = this.thingIds(name);
    const out: { frame: VisibilityRecord; e: VisibilityRecord['entities'][number] }[] = [];
    for (const f of this.seen) {
      for (const e of f.entities) {
        if (e.role !== 'thing') continue;
        const match = ids ? ids.has(e.entity) : `${spoken(e.colour ?? '')} ${spoken(e.kind)}` === `${name.colour} ${name.kind}`;
        if (match) out.push({ frame: f, e });
      }
    }
    return out;
  }

  private middleAt(id: string, e: VisibilityRecord['entities'][number], t: number): [number, number] | null {
    if (this.tl) return thingMiddle(this.tl, id, t);
    const b = e.extent;
    return b ? [(b.min[0] + b.max[0]) / 2, (b.min[1] + b.max[1]) / 2] : null;
  }

  answer(form: QuestionForm | null): unknown {
    const now = this.now;
    if (!form || !now) return UNKNOWN;
    const cam = now.camera;
    switch (form.family) {
      case 'object_where':
      case 'way_to': {
        const s = this.sightings(form.thing!);
        if (!s.length) return UNKNOWN;
        const last = s[s.length - 1];
        const mid = this.middleAt(last.e.entity, last.e, last.frame.t);
        if (!mid) return UNKNOWN;
        if (form.family === 'object_where') return { type: 'place', x: mid[0], y: mid[1] };
        return { type: 'heading', deg: bearingTo(cam.position, cam.yaw_deg, mid) };
      }
      case 'ego_now': {
        const e = now.entities.find((x) => this.sightings(form.thing!).some((s) => s.frame === now && s.e === x));
        if (!e?.contact) return UNKNOWN;
        return { type: 'offset', ...offsetFrom(cam, e.contact.point) };
      }
      case 'ego_mem': {
        const s = this.sightings(form.thing!);
        if (!s.length) return UNKNOWN;
        const last = s[s.length - 1];
        if (!last.e.contact) return UNKNOWN;
        return { type: 'offset', ...offsetFrom(cam, last.e.contact.point) };
      }
      case 'person_mem': {
        if (!this.tl) return UNKNOWN;
        const ids = new Set(this.tl.place.people.filter((p) => spoken(p.colour) === form.person).map((p) => p.id));
        let last: { id: string; t: number } | null = null;
        for (const f of this.seen) for (const e of f.entities) if (ids.has(e.entity)) last = { id: e.entity, t: f.t };
        if (!last) return UNKNOWN;
        const p = personAt(this.tl.people[last.id] ?? [], last.t);
        return p ? { type: 'place', x: p.x, y: p.y } : UNKNOWN;
      }
      case 'clear_path': {
        if (!this.tl || !this.body) return UNKNOWN;
        const solids: Solid[] = solidsAt(this.tl, now.t);
        const base = this.basePose();
        if (!base) return UNKNOWN;
        const r = clearPath(solids, {
          pose: base,
          body: this.body.fp,
          zBand: this.body.band,
          roles: ['wall', 'door', 'fixed', 'thing'],
          maxDistance: 100,
          direction: form.template as Direction,
          turn_deg: this.turnDeg,
        });
        return { type: 'number', value: r.distance };
      }
      default:
        return UNKNOWN;
    }
  }

  /** The base pose of the current frame, from the last step (set by the session). */
  basePose(): { x: number; y: number; yaw_deg: number } | null {
    return this.pose;
  }
  pose: { x: number; y: number; yaw_deg: number } | null = null;

  setTurn(text: string): void {
    const m = /turned in place (\d+(?:\.\d+)?) degrees/.exec(text);
    if (m) this.turnDeg = Number(m[1]);
  }
}

export const perfectReader: InProcessSystem = {
  kind: 'in_process',
  name: 'perfect_reader',
  open(info) {
    const r = new Reader(info);
    return {
      async start(msg) {
        r.start(msg.robot);
      },
      async task() {},
      async observe(msg) {
        r.observe(msg.step.k);
        r.pose = { x: msg.step.pose.pos[0], y: msg.step.pose.pos[1], yaw_deg: msg.step.pose.heading_deg };
      },
      async ask(msg) {
        return {
          answers: msg.questions.map((q) => {
            r.setTurn(q.text);
            return { qid: q.qid, answer: r.answer(questionForm(q.text)) };
          }),
        };
      },
      async finish() {},
    };
  },
};
