/**
 * The shared fixture build: every job with at least two complete scripts, rendered at the cameras' 640x480, with a
 * walking person, cords on the floor and a look-alike pair in view, and nothing half written.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { personAt } from '../../../layouts/timeline.ts';
import { readVisibility } from '../../../render/truth/index.ts';
import { fixtureBuild } from '../../helpers/shared-build.ts';

describe('test fixture build', () => {
  it('holds every job, rendered and complete, with the situations later tests need', async () => {
    const fx = await fixtureBuild();
    expect(Object.keys(fx.byJob).sort()).toEqual(['amr/1', 'drone/1', 'helper/1', 'vacuum/2']);
    for (const sids of Object.values(fx.byJob)) expect(sids.length).toBeGreaterThanOrEqual(2);
    expect(JSON.parse(readFileSync(join(fx.dir, '.stbench', 'render.json'), 'utf8')).complete).toBe(true);
    let walking = 0;
    let cords = 0;
    const lookalikePairs = new Set<string>();
    for (const sid of fx.sids) {
      const log = JSON.parse(readFileSync(join(fx.dir, 'private', sid, 'render_log.json'), 'utf8'));
      expect(log.camera).toMatchObject({ width: 640, height: 480 });
      const tl = JSON.parse(readFileSync(join(fx.dir, 'private', sid, 'timeline.json'), 'utf8'));
      const things = new Map<string, { shape: string; lookalike_group?: string }>(
        tl.place.things.map((t: { id: string }) => [t.id, t]),
      );
      for (const rec of readVisibility(join(fx.dir, 'private', sid, 'visibility.jsonl'))) {
        const groups = new Map<string, number>();
        for (const e of rec.entities) {
          if (e.role === 'person' && personAt(tl.people[e.entity] ?? [], rec.t)?.walking) walking++;
          const th = things.get(e.entity);
          if (th?.shape === 'cord') cords++;
          if (th?.lookalike_group) groups.set(th.lookalike_group, (groups.get(th.lookalike_group) ?? 0) + 1);
        }
        for (const [g, n] of groups) if (n >= 2) lookalikePairs.add(`${sid}/${g}`);
      }
    }
    expect(walking).toBeGreaterThan(0);
    expect(cords).toBeGreaterThan(0);
    expect(lookalikePairs.size).toBeGreaterThan(0);
  }, 1_200_000);
});
