/**
 * The downtown generator (layouts/generate/downtown.ts): at 20 seeds each place loads through the place loader and
 * passes its rules (checkPlace) and has the base and drop points drone/1 needs, every drop point out of every
 * building's footprint at the drone's flight height; and every pair of the drone's stops (its base and every drop
 * point) is joined by a route that exists, keeps the body clear and keeps C where the place leaves room
 * (tests/helpers/place-routes.ts, as places-routes.test.ts checks downtown_a). The same seed gives the same bytes,
 * other seeds other districts, and `stbench place new --kind downtown` writes the file.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from '../../../foundation/index.ts';
import { robotNeeds } from '../../../jobs/camera.ts';
import { getJob } from '../../../jobs/load.ts';
import { DOWNTOWN_GENERATOR_VERSION, downtownId, generateDowntown } from '../../../layouts/generate/index.ts';
import { readPlaceText } from '../../../layouts/load.ts';
import { Place } from '../../../layouts/place-schema.ts';
import { sitesForRole } from '../../../layouts/sites.ts';
import { checkLegs, exactDistance, routeSetup } from '../../helpers/place-routes.ts';

const SEEDS = Array.from({ length: 20 }, (_, i) => (i % 4 === 3 ? `downtown seed ${i}` : String(i * 43 + 7)));
const BIN = join(REPO_ROOT, 'pipeline/bin/stbench.mjs');
const job = getJob('drone/1');
const robot = robotNeeds(job);
const dir = mkdtempSync(join(tmpdir(), 'stbench-generate-downtown-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const load = (seed: string) => {
  const g = generateDowntown(seed, robot);
  const read = readPlaceText(g.yaml, `${g.id}.yaml`);
  return { g, read };
};

describe.each(SEEDS)('the downtown of seed %j', (seed) => {
  it('loads through the place loader, passes the place rules, says what made it, and has the drone’s sites', () => {
    const { g, read } = load(seed);
    expect(read.issues.map((i) => `${i.path}: ${i.message}`)).toEqual([]);
    const p = read.place!.place;
    expect(p.id).toBe(downtownId(seed));
    expect(p.id).toMatch(/^downtown_g_[0-9a-f]{8}$/);
    expect(p.kind).toBe('downtown');
    expect(g.yaml.split('\n')[0]).toContain(`generator version ${DOWNTOWN_GENERATOR_VERSION}`);
    expect(sitesForRole(p, 'base')).toHaveLength(1);
    const drops = sitesForRole(p, 'drop_points');
    expect(drops.length).toBeGreaterThanOrEqual(6);
    expect(new Set(drops.map((s) => s.kind))).toEqual(new Set(['yard', 'porch', 'rooftop']));
    // every building is taller than the drone flies (it cannot fly over one) and built by the asset library
    const buildings = p.fixed.filter((f) => f.kind === 'building');
    expect(buildings.length).toBeGreaterThanOrEqual(8);
    for (const b of buildings) {
      expect(b.size[2], b.id).toBeGreaterThan(job.base_z_m.value + 5);
      expect(b.asset?.kind).toBe('building');
    }
    // the streets are rooms, every one at least the drone's lane wide
    const lane = 2 * (Math.hypot(robot.length, robot.width) / 2 + robot.clearance);
    const streets = p.rooms.filter((r) => r.id.startsWith('street_'));
    expect(streets.length).toBeGreaterThanOrEqual(12);
    for (const r of streets) {
      const xs = r.polygon.map((q) => q[0]);
      const ys = r.polygon.map((q) => q[1]);
      expect(Math.min(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)), r.id).toBeGreaterThan(
        lane,
      );
    }
  });
});

describe.each(SEEDS)('the drone’s routes in the downtown of seed %j', (seed) => {
  it('joins every pair of its base and drop points by a route that keeps the body clear and keeps C where there is room', () => {
    const place = load(seed).read.place!.place;
    const st = routeSetup(job, place, { handoff: true });
    for (const s of st.stops) expect(exactDistance(st, s.at) - st.body.radius, s.id).toBeGreaterThanOrEqual(0);
    const legs = checkLegs(st);
    expect(legs.failures).toEqual([]);
    expect(legs.routed).toBe((st.stops.length * (st.stops.length - 1)) / 2);
    expect(legs.keepC).toEqual([]);
    expect(legs.roomPts / legs.allPts).toBeGreaterThan(0.3);
  }, 180_000);
});

describe('the generator', () => {
  it('gives the same bytes for the same seed, other districts for other seeds', () => {
    for (const seed of SEEDS.slice(0, 3))
      expect(generateDowntown(seed, robot).yaml).toBe(generateDowntown(seed, robot).yaml);
    const places = SEEDS.map((s) => Place.parse(parse(generateDowntown(s, robot).yaml)));
    expect(new Set(places.map((p) => p.id)).size).toBe(SEEDS.length);
    const distinct = (f: (p: Place) => string | number) => new Set(places.map(f)).size;
    expect(distinct((p) => `${p.bounds.x_max} x ${p.bounds.y_max}`)).toBeGreaterThan(10);
    expect(distinct((p) => p.rooms.filter((r) => r.id.startsWith('block_')).length)).toBeGreaterThan(1);
    expect(distinct((p) => p.sites.find((s) => s.role === 'base')!.position.join())).toBeGreaterThan(5);
  });

  it('refuses a robot that needs wider streets than a district has', () => {
    expect(() => generateDowntown(SEEDS[0], { ...robot, clearance: 8 })).toThrow(/robot/);
  });

  it('is written by stbench place new --kind downtown', () => {
    const out = join(dir, 'cli');
    const r = spawnSync(process.execPath, [BIN, 'place', 'new', '--kind', 'downtown', '--seed', 'cli', '--out', out], {
      encoding: 'utf8',
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(readFileSync(join(out, `${downtownId('cli')}.yaml`), 'utf8')).toBe(generateDowntown('cli', robot).yaml);
  });
});
