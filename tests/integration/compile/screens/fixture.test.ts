/**
 * The screens on the shared fixture build (real Blender): compiled with every screen, the kept questions are checked
 * here from the build's files alone (case.json, gold.jsonl, questions.jsonl, visibility.jsonl, timeline.json),
 * through code separate from the screens: every kept ego and object question's thing passes every screen at its
 * evidence frames; no unknown-gold question has a same-coloured look-alike glimpsed in its window; the trick share
 * per job is in the band wherever it applies; the funnel adds up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixtureCopy } from '../../../helpers/shared-build.ts';
import { compileBuild } from '../../../../compile/compile.ts';
import type { Thing } from '../../../../layouts/place-schema.ts';
import { funnelAddsUp } from '../../../helpers/screens-fixture.ts';

const ROOT = mkdtempSync(join(tmpdir(), 'stbench-screens-'));
let dir = '';

// the thresholds, restated (docs/questions.md)
const MIN_PX = 1024,
  LIT = 30,
  EDGE = 8,
  TRICK_MIN = 0.15,
  TRICK_MAX = 0.25,
  TRICK_N = 20;
const WHERE_IS = ['ego_mem', 'object_where', 'way_to'];

interface Ent {
  entity: string;
  role: string;
  pixels: number;
  edge_margin_px: number;
  brightness: number | null;
  colour: string | null;
  contact: unknown;
}
interface Vis {
  k: number;
  entities: Ent[];
}
interface Kept {
  job: string;
  sid: string;
  cid: string;
  family: string;
  text: string;
  knowable: boolean;
  evidence: number[];
  upTo: number[];
  evidenceSk: number[];
}

const readJsonl = <T>(f: string): T[] =>
  readFileSync(f, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);
const words = (s: string) => s.replace(/_/g, ' ');
const clear = (e: Ent | undefined) =>
  !!e && e.pixels >= MIN_PX && e.brightness !== null && e.brightness >= LIT && e.edge_margin_px >= EDGE;

const kept: Kept[] = [];
const vis = new Map<string, Vis[]>();
const things = new Map<string, Thing[]>();
let report: { funnel: Parameters<typeof funnelAddsUp>[0] };

beforeAll(async () => {
  dir = (await fixtureCopy(join(ROOT, 'build'))).dir;
  compileBuild(dir, { seed: 'screens-fixture' });
  report = JSON.parse(readFileSync(join(dir, 'compile_report.json'), 'utf8'));
  for (const cid of readdirSync(join(dir, 'private'))) {
    let c;
    try {
      c = JSON.parse(readFileSync(join(dir, 'private', cid, 'case.json'), 'utf8'));
    } catch {
      continue;
    }
    if (!vis.has(c.sid)) {
      vis.set(c.sid, readJsonl<Vis>(join(dir, 'private', c.sid, 'visibility.jsonl')));
      things.set(c.sid, JSON.parse(readFileSync(join(dir, 'private', c.sid, 'timeline.json'), 'utf8')).place.things);
    }
    const qs = new Map(
      readJsonl<{ qid: string; text: string }>(join(dir, 'private', cid, 'questions.jsonl')).map((q) => [
        q.qid,
        q.text,
      ]),
    );
    const askOf = new Map<string, number>();
    for (const a of c.asks) for (const q of a.qids) askOf.set(q, a.k);
    for (const g of readJsonl<{ qid: string; family: string; knowable: boolean; evidence_frames: number[] }>(
      join(dir, 'private', cid, 'gold.jsonl'),
    )) {
      const askK = askOf.get(g.qid) ?? c.frames.length - 1;
      kept.push({
        job: c.job,
        sid: c.sid,
        cid,
        family: g.family,
        text: qs.get(g.qid)!,
        knowable: g.knowable,
        evidence: g.evidence_frames,
        upTo: c.frames.slice(0, askK + 1).map((f: { script_k: number }) => f.script_k),
        evidenceSk: g.evidence_frames.map((k) => c.frames[k].script_k),
      });
    }
  }
}, 1_800_000);

afterAll(() => rmSync(ROOT, { recursive: true, force: true }));

/** The place thing a question names (the one of that name seen in its window, else any). */
function namedThing(q: Kept): Thing | undefined {
  const all = things.get(q.sid)!.filter((t) => q.text.includes(`the ${words(t.colour)} ${words(t.kind)}`));
  const frames = vis.get(q.sid)!;
  return all.find((t) => q.upTo.some((sk) => frames[sk].entities.some((e) => e.entity === t.id))) ?? all[0];
}

describe('the screens on the fixture build', () => {
  it('compiles questions and a funnel that adds up', () => {
    expect(kept.length).toBeGreaterThan(0);
    expect(funnelAddsUp(report.funnel)).toEqual([]);
  });

  it("every kept ego and object question's thing passes every screen at its evidence frames", () => {
    const problems: string[] = [];
    let checked = 0;
    for (const q of kept.filter((x) => ['ego_now', 'ego_mem', 'object_where'].includes(x.family) && x.knowable)) {
      const t = namedThing(q);
      if (!t) {
        problems.push(`${q.cid} ${q.family}: names no thing: ${q.text}`);
        continue;
      }
      checked++;
      const frames = vis.get(q.sid)!;
      const place = things.get(q.sid)!;
      if (t.light_furniture) problems.push(`${q.cid}: ${t.id} is light furniture`);
      for (const sk of q.evidenceSk) {
        const e = frames[sk].entities.find((x) => x.entity === t.id);
        if (!clear(e))
          problems.push(
            `${q.cid} ${q.family} ${t.id} at ${sk}: not recognizable ${JSON.stringify(e && [e.pixels, e.brightness, e.edge_margin_px])}`,
          );
        if (!e?.contact) problems.push(`${q.cid} ${q.family} ${t.id} at ${sk}: no contact point`);
        const look = place.filter((x) => x.id !== t.id && t.lookalike_group && x.lookalike_group === t.lookalike_group);
        for (const l of look)
          if (frames[sk].entities.some((x) => x.entity === l.id))
            problems.push(`${q.cid} ${t.id} at ${sk}: look-alike ${l.id} in sight`);
      }
      const votes = new Map<string, number>();
      const seen = q.upTo.map((sk) => frames[sk].entities.find((x) => x.entity === t.id)).filter((e): e is Ent => !!e);
      const big = seen.filter((e) => e.pixels >= MIN_PX);
      for (const e of big.length ? big : seen) if (e.colour) votes.set(e.colour, (votes.get(e.colour) ?? 0) + 1);
      const ranked = [...votes].sort((a, b) => b[1] - a[1]);
      if (!ranked.length || ranked[0][0] !== t.colour || (ranked[1] && ranked[1][1] === ranked[0][1]))
        problems.push(`${q.cid} ${t.id}: colour votes ${JSON.stringify(ranked)}`);
    }
    expect(problems).toEqual([]);
    // (the count checked is reported, not asserted: the fixture's frames decide it)
    console.log(`screens-fixture: ${checked} kept ego/object questions checked`);
  });

  it('no unknown-gold question has a same-coloured look-alike glimpsed in its window', () => {
    const problems: string[] = [];
    for (const q of kept.filter((x) => !x.knowable && WHERE_IS.includes(x.family))) {
      const place = things.get(q.sid)!;
      // the named colour and kind: any palette colour word and kind of the place that the text names
      const colours = [...new Set(place.map((t) => t.colour))].filter((c) => q.text.includes(`the ${words(c)} `));
      const kinds = [...new Set(place.map((t) => t.kind))].filter((k) =>
        colours.some((c) => q.text.includes(`the ${words(c)} ${words(k)}`)),
      );
      for (const colour of colours)
        for (const kind of kinds) {
          if (!q.text.includes(`the ${words(colour)} ${words(kind)}`)) continue;
          const groups = new Set(
            place.filter((t) => t.kind === kind && t.lookalike_group).map((t) => t.lookalike_group),
          );
          const alike = place.filter((t) => t.kind === kind || (t.lookalike_group && groups.has(t.lookalike_group)));
          const frames = vis.get(q.sid)!;
          for (const a of alike) {
            const s = q.upTo
              .map((sk) => frames[sk].entities.find((e) => e.entity === a.id))
              .filter((e): e is Ent => !!e);
            if (!s.length || s.some(clear)) continue;
            if (a.colour === colour || s.some((e) => e.colour === colour))
              problems.push(`${q.cid} ${q.family} "${q.text}": ${a.id} only glimpsed`);
          }
        }
    }
    expect(problems).toEqual([]);
  });

  it('the trick share per job is within 15-25% wherever a job has at least 20 where-is questions', () => {
    const jobs = [...new Set(kept.map((q) => q.job))];
    for (const job of jobs) {
      const w = kept.filter((q) => q.job === job && WHERE_IS.includes(q.family));
      if (w.length < TRICK_N) continue;
      // a trick names a thing never shown: its gold is unknown and no thing of that name had a pixel in the window
      const tricks = w.filter((q) => !q.knowable).length;
      expect(tricks / w.length, job).toBeGreaterThanOrEqual(TRICK_MIN);
      expect(tricks / w.length, job).toBeLessThanOrEqual(TRICK_MAX);
    }
  });
});
