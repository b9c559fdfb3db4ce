/**
 * The compiler on the shared fixture (a real Blender-rendered build): golds recomputed from timeline.json and
 * visibility.jsonl alone by the simple code below (separate from compile/), and every unknown-gold thing had no
 * pixel in its window.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileBuild } from '../../compile/compile.ts';
import { caseIdsOf } from '../../pipeline/compile-hash.ts';
import { fixtureCopy } from '../fixture/build-fixture.ts';

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
    const c = json<{ sid: string; frames: { script_k: number }[]; asks: { k: number; qids: string[] }[]; end_qids: string[] }>(join(build, 'private', cid, 'case.json'));
    const vis = jsonl<Vis>(join(build, 'private', c.sid, 'visibility.jsonl'));
    const tl = json<{ place: { things: { id: string; colour: string; kind: string; shape: string }[]; people: { id: string; colour: string }[] }; people: Record<string, { t0: number; t1: number; from: number[]; to: number[] }[]> }>(join(build, 'private', c.sid, 'timeline.json'));
    const questions = jsonl<{ qid: string; text: string }>(join(build, 'private', cid, 'questions.jsonl'));
    const gold = jsonl<Gold>(join(build, 'private', cid, 'gold.jsonl'));
    const frames = c.frames.map((f) => vis[f.script_k]);
    const askK = (qid: string) => c.asks.find((a) => a.qids.includes(qid))?.k ?? c.frames.length - 1;
    return { cid, c, frames, tl, rows: questions.map((q, i) => ({ q, g: gold[i], k: askK(q.qid) })) };
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
    for (const { frames, tl, rows } of cases())
      for (const { q, g, k } of rows) {
        if (!g.knowable) continue;
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
          expect(g.evidence_frames).toContain(frames.indexOf(last(t.id)!));
        } else continue;
        checked.set(g.family, (checked.get(g.family) ?? 0) + 1);
      }
    for (const f of ['ego_now', 'ego_mem', 'person_mem', 'object_where']) if (present.has(f)) expect(checked.get(f) ?? 0, f).toBeGreaterThan(0);
  });
});
