/**
 * The apartment generator (layouts/generate/apartment.ts) at 20 seeds: each place loads through the place loader
 * and passes its rules (checkPlace), has the sites and rooms vacuum/2 and helper/1 need, and joins every pair of
 * their stops (the vacuum's dock, call spot and a spot in every room; the helper's parking and every pick and place
 * surface) by a route that exists, keeps the body clear and keeps C where the place leaves room
 * (tests/helpers/place-routes.ts, as places-routes.test.ts checks apartment_a). The same seed gives the same bytes,
 * other seeds other plans, and `stbench place new --kind apartment` writes the file.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from '../../../foundation/index.ts';
import { robotNeeds } from '../../../jobs/camera.ts';
import { getJob } from '../../../jobs/load.ts';
import { APARTMENT_GENERATOR_VERSION, apartmentId, generateApartment } from '../../../layouts/generate/index.ts';
import { type LoadedPlace, readPlaceFile } from '../../../layouts/load.ts';
import { Place } from '../../../layouts/place-schema.ts';
import { sitesForRole } from '../../../layouts/sites.ts';
import { checkLegs, exactDistance, routeSetup } from '../../helpers/place-routes.ts';

const SEEDS = Array.from({ length: 20 }, (_, i) => (i % 4 === 3 ? `apartment seed ${i}` : String(i * 41 + 3)));
const BIN = join(REPO_ROOT, 'pipeline/bin/stbench.mjs');
const JOBS = ['vacuum/2', 'helper/1'].map((id) => getJob(id));
const robot = robotNeeds(getJob('helper/1'));
const dir = mkdtempSync(join(tmpdir(), 'stbench-generate-apartment-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The roles a job names: its home, its task kinds' sites and surfaces, its hand-off site. */
const rolesOf = (job: (typeof JOBS)[number]) => [
  job.tasks.home,
  ...job.tasks.kinds.flatMap((k) => [...('sites' in k ? k.sites : []), ...('surfaces' in k ? k.surfaces : [])]),
  ...(job.tasks.handoff ? [job.tasks.handoff.site] : []),
];

describe.each(SEEDS)('the apartment of seed %j', (seed) => {
  let yaml: string;
  let issues: string[];
  let loaded: LoadedPlace;
  beforeAll(() => {
    const g = generateApartment(seed, robot);
    yaml = g.yaml;
    const file = join(dir, `${g.id}.yaml`);
    writeFileSync(file, yaml);
    const read = readPlaceFile(file);
    issues = read.issues.map((i) => `${i.path}: ${i.message}`);
    if (!read.place) throw new Error(`seed ${seed}: ${issues.join('; ')}`);
    loaded = read.place;
  }, 60_000);

  it('loads through the place loader, passes the place rules, and says it is generated, by which version, from what', () => {
    expect(issues).toEqual([]);
    expect(loaded.place.id).toBe(apartmentId(seed));
    expect(loaded.place.id).toMatch(/^apartment_g_[0-9a-f]{8}$/);
    expect(loaded.place.kind).toBe('apartment');
    const header = yaml.split('\n')[0];
    expect(header).toContain(`generator version ${APARTMENT_GENERATOR_VERSION}`);
    expect(header).toContain(`seed ${JSON.stringify(seed)}`);
  });

  it('has the six rooms, a site for every role the apartment jobs name, and things for both jobs', () => {
    const p = loaded.place;
    expect(p.rooms.map((r) => r.id).sort()).toEqual(
      ['bathroom', 'bedroom', 'hallway', 'kitchen', 'living_room', 'study'].sort(),
    );
    for (const job of JOBS)
      for (const role of rolesOf(job)) expect(sitesForRole(p, role).length, `${job.id} ${role}`).toBeGreaterThan(0);
    expect(sitesForRole(p, 'pick_surfaces').length).toBeGreaterThanOrEqual(3);
    expect(sitesForRole(p, 'place_surfaces').length).toBeGreaterThanOrEqual(3);
    // things to carry on the surfaces, things with a home to return to, cords for the vacuum's brush
    const onSites = new Set(p.sites.map((s) => s.fixed).filter(Boolean));
    expect(p.things.filter((t) => onSites.has(t.rests_on)).length).toBeGreaterThanOrEqual(5);
    expect(p.things.filter((t) => t.home).length).toBeGreaterThanOrEqual(2);
    expect(p.things.filter((t) => t.shape === 'cord' && t.hazard).length).toBeGreaterThanOrEqual(4);
    expect(p.things.filter((t) => t.loose).length).toBeGreaterThanOrEqual(10);
    // a thing is named by its colour and kind: no two alike
    const names = p.things.filter((t) => t.shape !== 'cord').map((t) => `${t.colour} ${t.kind}`);
    expect(new Set(names).size).toBe(names.length);
    // the furniture is built by the asset library
    for (const f of p.fixed.filter((x) => x.kind !== 'shelving')) expect(f.asset?.kind, f.id).toBeDefined();
  });

  it.each(JOBS.map((j) => j.id))(
    'joins every pair of the stops of %s by a route that keeps C where there is room',
    (id) => {
      const job = JOBS.find((j) => j.id === id)!;
      const st = routeSetup(job, loaded.place, { handoff: true });
      for (const s of st.stops) expect(exactDistance(st, s.at) - st.body.radius, s.id).toBeGreaterThanOrEqual(0);
      const legs = checkLegs(st);
      expect(legs.failures).toEqual([]);
      expect(legs.routed).toBe((st.stops.length * (st.stops.length - 1)) / 2);
      expect(legs.keepC).toEqual([]);
      // the room rule is not vacuous: much of the route length has room for C
      expect(legs.roomPts / legs.allPts).toBeGreaterThan(0.3);
    },
  );
});

describe('the generator', () => {
  it('gives the same bytes for the same seed', () => {
    for (const seed of SEEDS.slice(0, 5))
      expect(generateApartment(seed, robot).yaml).toBe(generateApartment(seed, robot).yaml);
  });

  it('gives other places for other seeds, varying the sizes, the rooms’ order and the turn of the plan', () => {
    const made = SEEDS.map((s) => generateApartment(s, robot));
    expect(new Set(made.map((g) => g.id)).size).toBe(SEEDS.length);
    const places = made.map((g) => Place.parse(parse(g.yaml)));
    const distinct = (f: (p: (typeof places)[number]) => string | number) => new Set(places.map(f)).size;
    expect(distinct((p) => `${p.bounds.x_max} x ${p.bounds.y_max}`)).toBeGreaterThan(10);
    expect(distinct((p) => p.name)).toBeGreaterThan(5);
    // the hallway runs along x in some places and along y in others, its front door at either end
    const along = (p: (typeof places)[number]) => {
      const h = p.rooms.find((r) => r.id === 'hallway')!.polygon;
      const xs = h.map((q) => q[0]);
      const ys = h.map((q) => q[1]);
      return Math.max(...xs) - Math.min(...xs) > Math.max(...ys) - Math.min(...ys) ? 'x' : 'y';
    };
    expect(distinct(along)).toBe(2);
    expect(distinct((p) => p.sites.find((s) => s.role === 'dock')!.heading)).toBeGreaterThanOrEqual(3);
  });

  it('sizes the ways from the robot it is given: a robot that needs more room than a flat has is refused', () => {
    expect(() => generateApartment(SEEDS[0], { ...robot, clearance: 0.6 })).toThrow(/robot/);
  });
});

describe('stbench place new --kind apartment', () => {
  it('writes DIR/<id>.yaml, the generator bytes, which validate reads', () => {
    const run = (...a: string[]) => spawnSync(process.execPath, [BIN, ...a], { encoding: 'utf8', cwd: dir });
    const out = join(dir, 'cli');
    const r = run('place', 'new', '--kind', 'apartment', '--seed', 'cli test', '--out', out);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const file = join(out, `${apartmentId('cli test')}.yaml`);
    expect(readFileSync(file, 'utf8')).toBe(generateApartment('cli test', robot).yaml);
    const v = run('validate', file);
    expect(v.status, v.stderr).toBe(0);
  });
});
