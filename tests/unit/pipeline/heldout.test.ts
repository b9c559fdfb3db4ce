/**
 * The held-out split: the build's secret (drawn once, kept, a different one refused), the places drawn from it (same
 * secret, same places byte for byte; another secret, other places), the release preset's batches (per job whose kind
 * has a generator, 2 places of 4 scripts; none for a kind without one), a held-out script (its robot.json names the
 * generated place and the split, and its sid is not the dev script's), the check's place for a held-out row and
 * `--select split=`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSelect } from '../../../checks/eval.ts';
import { REPO_ROOT, UsageError } from '../../../foundation/index.ts';
import { checkPlace } from '../../../formats/split.ts';
import { devPlace } from '../../../jobs/places.ts';
import { getJob } from '../../../jobs/load.ts';
import { PlaceKind } from '../../../layouts/place-schema.ts';
import { presetBatches } from '../../../pipeline/build.ts';
import { PRESETS } from '../../../pipeline/build-presets.ts';
import { PLACE_GENERATORS } from '../../../layouts/generate/index.ts';
import { canHoldOut, HELDOUT_DIR, heldoutPlaces, heldoutSecret } from '../../../pipeline/heldout-places.ts';
import { planBatch, runBatch } from '../../../script/batch.ts';

const dirs: string[] = [];
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'stbench-heldout-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const placeFiles = (build: string) => {
  const dir = join(build, HELDOUT_DIR, 'places');
  return readdirSync(dir)
    .sort()
    .map((f) => [f, readFileSync(join(dir, f), 'utf8')]);
};

describe('the held-out secret', () => {
  it('is drawn once per build and kept; a different one is refused', () => {
    const b = fresh();
    const drawn = heldoutSecret(b);
    expect(drawn).toMatch(/^[0-9a-f]{64}$/);
    expect(heldoutSecret(b)).toBe(drawn);
    expect(heldoutSecret(b, drawn)).toBe(drawn);
    expect(() => heldoutSecret(b, 'another')).toThrow(UsageError);
    // another build draws another
    expect(heldoutSecret(fresh())).not.toBe(drawn);
  });
});

describe('held-out places', () => {
  const kinds = PlaceKind.options.filter(canHoldOut);

  it('a kind that can be held out has a generator; at least the warehouse', () => {
    expect(kinds).toContain('warehouse');
  });

  for (const kind of kinds)
    it(`the same secret draws the same ${kind} places, byte for byte; another secret others`, () => {
      const [a, b, c] = [fresh(), fresh(), fresh()];
      const pa = heldoutPlaces(a, kind, 2, 'secret-1');
      const pb = heldoutPlaces(b, kind, 2, 'secret-1');
      const pc = heldoutPlaces(c, kind, 2, 'secret-2');
      expect(pa.map((p) => p.id)).toEqual(pb.map((p) => p.id));
      expect(new Set(pa.map((p) => p.id)).size).toBe(2);
      for (const p of pa) expect(p.id).toMatch(new RegExp(`^${kind}_g_[0-9a-f]{8}$`));
      expect(placeFiles(a)).toEqual(placeFiles(b));
      expect(pc.map((p) => p.id).some((id) => pa.some((p) => p.id === id))).toBe(false);
      // drawing again from the same build keeps its files
      expect(heldoutPlaces(a, kind, 2, 'secret-1').map((p) => p.id)).toEqual(pa.map((p) => p.id));
    });

  for (const kind of PlaceKind.options.filter((k) => !canHoldOut(k)))
    it(`${kind} places are not held out: generated but marked so, or refused without a generator`, () => {
      const gen = PLACE_GENERATORS[kind];
      if (gen) expect(gen.heldOut).toBe(false);
      else expect(() => heldoutPlaces(fresh(), kind, 1, 's')).toThrow(UsageError);
    });
});

describe("the release preset's batches", () => {
  it('adds per job of a kind with a generator 2 generated places of 4 scripts; others keep dev alone', () => {
    const b = fresh();
    const log: string[] = [];
    const batches = presetBatches(PRESETS.release, b, { heldoutSecret: 'secret-1', log: (l) => log.push(l) });
    for (const jobId of new Set(batches.map((o) => o.job.id))) {
      const mine = batches.filter((o) => o.job.id === jobId);
      const dev = mine.filter((o) => o.split === 'dev');
      const held = mine.filter((o) => o.split === 'heldout');
      expect(dev.length).toBeGreaterThan(0);
      expect(dev.every((o) => !o.place.id.includes('_g_') && o.count === PRESETS.release.scriptsPerJob)).toBe(true);
      if (canHoldOut(getJob(jobId).place_kind)) {
        expect(held.map((o) => o.count)).toEqual([4, 4]);
        expect(held.every((o) => o.place.id.startsWith(`${getJob(jobId).place_kind}_g_`))).toBe(true);
      } else {
        expect(held).toEqual([]);
        expect(log.some((l) => l.startsWith(`script ${jobId}: no held-out split`))).toBe(true);
      }
    }
    expect(batches.some((o) => o.split === 'heldout')).toBe(true);
    // the preset without a held-out split draws no secret
    const c = fresh();
    expect(presetBatches(PRESETS.demo, c).every((o) => o.split === 'dev')).toBe(true);
    expect(existsSync(join(c, HELDOUT_DIR))).toBe(false);
  });
});

describe('a held-out script', () => {
  it("names its generated place and split, and is not the dev script's", () => {
    const b = fresh();
    const job = getJob('amr/1');
    const [place] = heldoutPlaces(b, job.place_kind, 1, 'secret-1');
    const o = { job, seed: 's', count: 1, tasks: 1, maxFrames: 40 };
    const [held] = runBatch(b, { ...o, place, split: 'heldout' });
    const [dev] = planBatch({ ...o, place: devPlace(job), split: 'dev' });
    expect(held.sid).not.toBe(dev.sid);
    const robot = JSON.parse(readFileSync(join(b, 'scripts', held.sid, 'robot.json'), 'utf8'));
    expect(robot).toMatchObject({ job: 'amr/1', layout: place.id, split: 'heldout' });
    const timeline = JSON.parse(readFileSync(join(b, 'private', held.sid, 'timeline.json'), 'utf8'));
    expect(timeline.place_id).toBe(place.id);
  });
});

describe('reading the held-out split apart', () => {
  it('the check gates held-out rows per kind of place, never with the dev place', () => {
    expect(checkPlace({ layout: 'warehouse_a', split: 'dev' })).toBe('warehouse_a');
    expect(checkPlace({ layout: 'warehouse_g_31328ccc', split: 'heldout' })).toBe('heldout:warehouse');
    expect(checkPlace({ layout: 'heldout:warehouse' })).toBe('heldout:warehouse');
  });

  it('eval selects a split by name and refuses another word', () => {
    expect(parseSelect(['split=heldout']).get('split')).toEqual(new Set(['heldout']));
    expect(() => parseSelect(['split=test'])).toThrow(/split= takes dev or heldout/);
  });
});

describe('validate on a place named alone', () => {
  const validate = (file: string) =>
    spawnSync(process.execPath, [join(REPO_ROOT, 'pipeline/bin/stbench.mjs'), 'validate', file], { encoding: 'utf8' });

  it("checks a generated place against its kind's jobs (jobs run on it), not a showroom (they never do)", () => {
    const b = fresh();
    const [place] = heldoutPlaces(b, 'warehouse', 1, 'secret-1');
    const file = join(b, HELDOUT_DIR, 'places', `${place.id}.yaml`);
    expect(validate(file).status).toBe(0);
    writeFileSync(file, readFileSync(file, 'utf8').replace('role: charger', 'role: base'));
    const r = validate(file);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`amr-1.yaml:`);
    expect(r.stderr).toContain(`place ${place.id} has no site playing the role "charger"`);
    // a showroom of downtown assets has no drop points, and no job runs there
    expect(validate(join(REPO_ROOT, 'tests/inputs/places/downtown_s.yaml')).status).toBe(0);
  });
});
