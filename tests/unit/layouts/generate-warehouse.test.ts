/**
 * The warehouse generator (layouts/generate/warehouse.ts) at 20 seeds: each place loads through the place loader
 * and passes its rules (checkPlace), has the sites the AMR's roles name, and joins every pair of them (its charger,
 * shelves, packing tables and hand-off spot) by a route that exists, keeps the body clear, keeps C where the place
 * leaves room and keeps the AMR's 0.45 m in every aisle (tests/helpers/place-routes.ts, as places-routes.test.ts
 * checks the authored places). The same seed gives the same bytes, other seeds other places, and `stbench place
 * new` writes the file, refuses to overwrite it and refuses a kind of place it does not know.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from '../../../foundation/index.ts';
import { robotNeeds } from '../../../jobs/camera.ts';
import { getJob } from '../../../jobs/load.ts';
import { generateWarehouse, WAREHOUSE_GENERATOR_VERSION, warehouseId } from '../../../layouts/generate/index.ts';
import { type LoadedPlace, readPlaceFile } from '../../../layouts/load.ts';
import { Place } from '../../../layouts/place-schema.ts';
import { sitesForRole } from '../../../layouts/sites.ts';
import { aisleFailures, checkLegs, exactDistance, type RouteSetup, routeSetup } from '../../helpers/place-routes.ts';

const SEEDS = Array.from({ length: 20 }, (_, i) => (i % 4 === 3 ? `warehouse seed ${i}` : String(i * 37 + 5)));
const BIN = join(REPO_ROOT, 'pipeline/bin/stbench.mjs');
const job = getJob('amr/1');
const robot = robotNeeds(job);
const dir = mkdtempSync(join(tmpdir(), 'stbench-generate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The job's roles: its home, its task kinds' sites, its hand-off site. */
const ROLES = [
  job.tasks.home,
  ...job.tasks.kinds.flatMap((k) => ('sites' in k ? k.sites : [])),
  ...(job.tasks.handoff ? [job.tasks.handoff.site] : []),
];

/** The YAML without its header comments: the place itself. */
const body = (yaml: string) =>
  yaml
    .split('\n')
    .filter((l) => !l.startsWith('#'))
    .join('\n');

describe.each(SEEDS)('the warehouse of seed %j', (seed) => {
  let yaml: string;
  let issues: string[];
  let loaded: LoadedPlace;
  let st: RouteSetup;
  let legs: ReturnType<typeof checkLegs>;
  beforeAll(() => {
    const g = generateWarehouse(seed, robot);
    yaml = g.yaml;
    const file = join(dir, `${g.id}.yaml`);
    writeFileSync(file, yaml);
    // the loader `stbench validate` uses: the schema, then every rule of checkPlace
    const read = readPlaceFile(file);
    issues = read.issues.map((i) => `${i.path}: ${i.message}`);
    if (!read.place) throw new Error(`seed ${seed}: ${issues.join('; ')}`);
    loaded = read.place;
    st = routeSetup(job, loaded.place, { handoff: true });
    legs = checkLegs(st);
  }, 120_000);

  it('loads through the place loader, passes the place rules, and says it is generated, by which version, from what', () => {
    expect(issues).toEqual([]);
    expect(loaded.place.id).toBe(warehouseId(seed));
    expect(loaded.place.id).toMatch(/^warehouse_g_[0-9a-f]{8}$/);
    expect(loaded.place.kind).toBe('warehouse');
    const header = yaml.split('\n')[0];
    expect(header).toContain(`generator version ${WAREHOUSE_GENERATOR_VERSION}`);
    expect(header).toContain(`seed ${JSON.stringify(seed)}`);
  });

  it('has a site for every role amr/1 names, its shelves in the aisles, its body clear at every site', () => {
    const p = loaded.place;
    for (const role of ROLES) expect(sitesForRole(p, role).length, role).toBeGreaterThan(0);
    expect(sitesForRole(p, 'charger')).toHaveLength(1);
    expect(sitesForRole(p, 'handoff')).toHaveLength(1);
    const tables = sitesForRole(p, 'packing_tables');
    expect(tables.length).toBeGreaterThanOrEqual(2);
    expect(tables.length).toBeLessThanOrEqual(4);
    const aisles = p.rooms.filter((r) => r.id.startsWith('aisle_'));
    for (const s of sitesForRole(p, 'tote_shelves')) {
      const a = aisles.find((r) => {
        const xs = r.polygon.map((q) => q[0]);
        const ys = r.polygon.map((q) => q[1]);
        const [x, y] = s.position;
        return x >= Math.min(...xs) && x <= Math.max(...xs) && y >= Math.min(...ys) && y <= Math.max(...ys);
      });
      expect(a, s.id).toBeDefined();
      expect(p.fixed.find((f) => f.id === s.fixed)?.kind, s.id).toBe('shelving');
    }
    for (const s of st.stops) expect(exactDistance(st, s.at) - st.body.radius, s.id).toBeGreaterThanOrEqual(0);
    // the racks, packing tables and charger are built by the asset library
    for (const kind of ['shelving', 'packing_table', 'charger'])
      for (const f of p.fixed.filter((x) => x.kind === kind)) expect(f.asset?.kind, f.id).toBe(kind);
  });

  it('joins every pair of those sites by a route that keeps the body clear and keeps C where there is room', () => {
    expect(legs.failures).toEqual([]);
    expect(legs.routed).toBe((st.stops.length * (st.stops.length - 1)) / 2);
    expect(legs.keepC).toEqual([]);
    expect(legs.worstRoom).toBeGreaterThanOrEqual(st.C - st.tol);
    // the room rule is not vacuous: much of the route length has room for C
    expect(legs.roomPts / legs.allPts).toBeGreaterThan(0.3);
  });

  it("has four aisles or more, each as wide as the AMR's lane, driven through with its 0.45 m kept", () => {
    const lane = 2 * (st.body.radius + st.C);
    const aisles = loaded.place.rooms.filter((r) => r.id.startsWith('aisle_'));
    expect(aisles.length).toBeGreaterThanOrEqual(4);
    for (const a of aisles) {
      const ys = a.polygon.map((q) => q[1]);
      expect(Math.max(...ys) - Math.min(...ys), a.id).toBeGreaterThanOrEqual(lane);
    }
    expect(aisleFailures(st)).toEqual([]);
  });
});

describe('the generator', () => {
  it('gives the same bytes for the same seed', () => {
    for (const seed of SEEDS.slice(0, 5))
      expect(generateWarehouse(seed, robot).yaml).toBe(generateWarehouse(seed, robot).yaml);
  });

  it('gives other places for other seeds, varying the hall, the rows, the aisles and where packing is', () => {
    const made = SEEDS.map((s) => generateWarehouse(s, robot));
    expect(new Set(made.map((g) => g.id)).size).toBe(SEEDS.length);
    expect(new Set(made.map((g) => body(g.yaml).replace(/warehouse_g_[0-9a-f]{8}/g, ''))).size).toBe(SEEDS.length);
    // the schema is enough here (every seed's rules are checked above)
    const places = made.map((g) => Place.parse(parse(g.yaml)));
    const distinct = (f: (p: (typeof places)[number]) => string | number) => new Set(places.map(f)).size;
    expect(distinct((p) => `${p.bounds.x_max} x ${p.bounds.y_max}`)).toBeGreaterThan(10);
    expect(distinct((p) => p.rooms.filter((r) => r.id.startsWith('aisle_')).length)).toBeGreaterThan(1);
    expect(distinct((p) => p.fixed.filter((f) => f.kind === 'shelving').length)).toBeGreaterThan(3);
    expect(distinct((p) => sitesForRole(p, 'packing_tables').length)).toBeGreaterThan(1);
    // the packing area: at the rows' end and along a side, against at least three of the four walls
    expect(distinct((p) => (p.name.includes('rows end') ? 'end' : 'side'))).toBe(2);
    expect(distinct((p) => p.name.match(/\((\w+) wall\)/)![1])).toBeGreaterThanOrEqual(3);
  });

  it('sizes the aisles from the robot it is given: a larger clearance gives wider aisles', () => {
    const widths = (clearance: number) => {
      const p = Place.parse(parse(generateWarehouse(SEEDS[0], { ...robot, clearance }).yaml));
      return p.rooms
        .filter((r) => r.id.startsWith('aisle_'))
        .map((r) => Math.max(...r.polygon.map((q) => q[1])) - Math.min(...r.polygon.map((q) => q[1])));
    };
    const r = Math.hypot(robot.length, robot.width) / 2;
    for (const w of widths(0.7)) expect(w).toBeGreaterThanOrEqual(2 * (r + 0.7));
    expect(Math.min(...widths(0.7))).toBeGreaterThan(Math.max(...widths(robot.clearance)));
  });
});

describe('stbench place new', () => {
  const run = (...a: string[]) => spawnSync(process.execPath, [BIN, ...a], { encoding: 'utf8', cwd: dir });
  const out = join(dir, 'cli');
  const seed = 'cli test';
  const file = join(out, `${warehouseId(seed)}.yaml`);

  it('writes DIR/<id>.yaml, the generator bytes, which validate and map read by path', () => {
    const r = run('place', 'new', '--kind', 'warehouse', '--seed', seed, '--out', out);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`${warehouseId(seed)}.yaml`);
    expect(readFileSync(file, 'utf8')).toBe(generateWarehouse(seed, robot).yaml);
    const v = run('validate', file);
    expect(v.status, v.stderr).toBe(0);
    expect(v.stdout).toMatch(/^ok: /);
    const png = join(dir, 'map.png');
    const m = run('map', file, '--out', png, '--size', '200');
    expect(m.status, m.stderr).toBe(0);
    expect(statSync(png).size).toBeGreaterThan(0);
  });

  it('refuses to overwrite the file, and leaves it as it was', () => {
    writeFileSync(file, '# kept\n');
    const r = run('place', 'new', '--kind', 'warehouse', '--seed', seed, '--out', out);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('exists already');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(file, 'utf8')).toBe('# kept\n');
  });

  it('says how it is used', () => {
    const r = run('place', 'new', '--help');
    expect(r.status).toBe(0);
    for (const w of ['--kind', '--seed', '--out']) expect(r.stdout).toContain(w);
    // every kind of place can be generated
    expect(r.stdout).toMatch(/apartment,\s+warehouse,\s+downtown/);
    expect(r.stdout).not.toContain('only');
  });

  it('answers a kind of place it does not know with a clear error, and writes nothing', () => {
    const elsewhere = join(dir, 'cli-castle');
    const bad = run('place', 'new', '--kind', 'castle', '--seed', '1', '--out', elsewhere);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('no kind of place "castle"');
    expect(bad.stdout).toBe('');
    expect(() => statSync(elsewhere)).toThrow();
  });
});
