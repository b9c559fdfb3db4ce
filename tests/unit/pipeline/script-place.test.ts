/**
 * `stbench script --place ID|FILE`: a job's scripts planned on a place a user generated with `stbench place new`
 * (named by its file, or by its id through STBENCH_PLACES), the place kept in the build for the later stages; the
 * shipped place named by id or file gives the same bytes as no --place. And a place named by id is an input of
 * `stbench map` like a place file: the shipped layouts/apartment_a.yaml is never overwritten by its map.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../../foundation/index.ts';
import { LAYOUTS_DIR } from '../../../layouts/load.ts';
import { runCli } from '../../helpers/cli-in-process.ts';

let dir: string;
let placeFile: string;
let placeId: string;
const SCRIPT = [
  'script',
  '--job',
  'helper/1',
  '--count',
  '1',
  '--seed',
  'place-test',
  '--tasks',
  '2',
  '--max-frames',
  '4',
];

/** Every file under a folder with its bytes' hash. */
function tree(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(root, p)] = sha256(readFileSync(p));
    }
  };
  walk(root);
  return out;
}

const json = (f: string) => JSON.parse(readFileSync(f, 'utf8'));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stbench-script-place-'));
  const r = await runCli([
    'place',
    'new',
    '--kind',
    'apartment',
    '--seed',
    'script-place',
    '--out',
    join(dir, 'places'),
  ]);
  expect(r.code, r.stderr).toBe(0);
  const [name] = readdirSync(join(dir, 'places'));
  placeFile = join(dir, 'places', name);
  placeId = name.replace(/\.yaml$/, '');
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('stbench script --place', () => {
  it('plans the job on a place made by stbench place new: robot.json and the plan name it, the build keeps it', async () => {
    const out = join(dir, 'on-file');
    const r = await runCli([...SCRIPT, '--place', placeFile, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const sids = readdirSync(join(out, 'scripts'));
    expect(sids).toHaveLength(1);
    for (const sid of sids) {
      const robot = json(join(out, 'scripts', sid, 'robot.json'));
      expect(robot).toMatchObject({ layout: placeId, split: 'dev', job: 'helper/1' });
      const plan = json(join(out, '.stbench', 'scripts', sid, 'plan.json'));
      expect(plan.place_id).toBe(placeId);
      expect(json(join(out, 'private', sid, 'timeline.json')).place.id).toBe(placeId);
    }
    // the place's own bytes, kept where the later stages (export's buildPlace) read it
    expect(readFileSync(join(out, '.stbench', 'places', `${placeId}.yaml`), 'utf8')).toBe(
      readFileSync(placeFile, 'utf8'),
    );
    // the same place named by its id (STBENCH_PLACES) writes the same bytes
    const byId = join(dir, 'on-id');
    const r2 = await runCli([...SCRIPT, '--place', placeId, '--out', byId], {
      env: { STBENCH_PLACES: join(dir, 'places') },
    });
    expect(r2.code, r2.stderr).toBe(0);
    expect(tree(byId)).toEqual(tree(out));
  }, 120_000);

  it('on the shipped place, by id or by file, writes the same bytes as without --place', async () => {
    const plain = join(dir, 'plain');
    expect((await runCli([...SCRIPT, '--out', plain])).code).toBe(0);
    for (const [name, place] of [
      ['by-id', 'apartment_a'],
      ['by-file', join(LAYOUTS_DIR, 'apartment_a.yaml')],
    ]) {
      const out = join(dir, name);
      const r = await runCli([...SCRIPT, '--place', place, '--out', out]);
      expect(r.code, r.stderr).toBe(0);
      expect(tree(out)).toEqual(tree(plain));
    }
    expect(existsSync(join(plain, '.stbench', 'places'))).toBe(false);
  }, 120_000);

  it('refuses a place of another kind, located at its kind, and writes nothing', async () => {
    const out = join(dir, 'wrong-kind');
    const r = await runCli([...SCRIPT, '--place', join(LAYOUTS_DIR, 'warehouse_a.yaml'), '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/layouts\/warehouse_a\.yaml:\d+:\d+: kind: a warehouse place, but job helper\/1/);
    expect(existsSync(out)).toBe(false);
  });
});

describe('stbench map PLACE_ID --out', () => {
  it('never writes onto the shipped place file the id names', async () => {
    const file = join(LAYOUTS_DIR, 'apartment_a.yaml');
    const before = readFileSync(file);
    try {
      const r = await runCli(['map', 'apartment_a', '--out', file, '--size', '64']);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/is the input PLACE .*layouts\/apartment_a\.yaml/);
    } finally {
      // should the rule fail, the shipped place is put back as it was
      if (!readFileSync(file).equals(before)) writeFileSync(file, before);
    }
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});
