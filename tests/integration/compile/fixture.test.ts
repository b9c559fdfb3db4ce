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
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileBuild } from '../../../compile/compile.ts';
import { caseFrameViews, gridOf } from '../../../compile/frame-views.ts';
import { jobView, worldFromTimeline, type AskContext } from '../../../compile/ask/index.ts';
import { clearPath } from '../../../compile/families/clear-path.ts';
import { openHeading } from '../../../compile/families/open-heading.ts';
import { wayTo } from '../../../compile/families/way-to.ts';
import { readScriptData } from '../../../compile/script-data.ts';
import { getJob } from '../../../jobs/load.ts';
import { fixtureCopy } from '../../helpers/shared-build.ts';
import { bodyJob, cap, casesOf, recomputeBuild, thingsNamed } from '../../helpers/recompute-build.ts';
import {
  basePose,
  clearPathGold,
  lastSeen,
  openHeadingGold,
  taskSpan,
  thingMiddle,
  wayToGold,
} from '../../helpers/recompute-golds.ts';

let dir: string;
let build: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stbench-compile-fx-'));
  build = join(dir, 'build');
  await fixtureCopy(build);
  compileBuild(build, { seed: 'fixture-compile' });
}, 1_800_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('compile on the shared fixture', () => {
  it('every unknown-gold thing had no pixel in its window up to the ask', () => {
    let n = 0;
    for (const { frames, tl, rows } of casesOf(build))
      for (const { q, g, k } of rows) {
        if (g.knowable || !['ego_mem', 'object_where', 'way_to'].includes(g.family)) continue;
        // every thing of that name (none for a made-up one) had no pixel up to the ask
        for (const t of thingsNamed(q.text, tl.place.things)) {
          n++;
          for (const f of frames.slice(0, k + 1))
            expect(f.entities.some((e) => e.entity === t.id && e.pixels > 0)).toBe(false);
        }
      }
    expect(n).toBeGreaterThanOrEqual(0);
  });

  it('recomputes golds from timeline.json and visibility.jsonl alone', () => {
    const r = recomputeBuild(build);
    expect(r.mismatches).toEqual([]);
    for (const f of r.present) expect(r.checked.get(f) ?? 0, f).toBeGreaterThan(0);
    expect(r.present.size).toBeGreaterThan(0);
  });

  it('recomputes clear_path, open_heading and way_to from the unscreened families at every look point', () => {
    const got = new Map<string, number>();
    const count = (f: string) => got.set(f, (got.get(f) ?? 0) + 1);
    for (const { cid, c, full, timeline, tasks } of casesOf(build)) {
      const spec = getJob(c.job);
      const bj = bodyJob(c.job);
      const data = readScriptData(build, c.sid);
      const views = caseFrameViews(data, { cid, sid: c.sid, length: c.length as 'short', tasks: c.script_tasks });
      const ctxAt = (k: number): AskContext => ({
        job: jobView(spec),
        world: worldFromTimeline(data.timeline),
        grid: gridOf(data),
        frames: views.slice(0, k + 1),
      });
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
          const seenBefore = [
            ...new Set(
              full
                .slice(0, k + 1)
                .flatMap((f) => f.entities.filter((e) => e.role === 'thing' && e.pixels > 0).map((e) => e.entity)),
            ),
          ]
            .sort()
            .slice(0, 4);
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
