/**
 * `stbench verify` rejects a tampered dataset folder; `stbench export` refuses a broken instrument, a build with no
 * surviving family and a check report of another compile; an export killed at its fault hook leaves no dataset folder.
 */
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  copyFileSync,
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashFile } from '../../../foundation/index.ts';
import { exportDataset } from '../../../pipeline/export.ts';
import { verifyDataset } from '../../../pipeline/verify.ts';
import { checkReport, CID_V, makeBuild, SID_H, SID_V, writeCheckReport } from '../../helpers/export-fixture.ts';
import { fixtureFolder } from '../../helpers/fixture-folders.ts';

const cli = (args: string[], env: Record<string, string> = {}) =>
  spawnSync('node', ['pipeline/bin/stbench.mjs', ...args], { encoding: 'utf8', env: { ...process.env, ...env } });
const fresh = (name: string) => join(fixtureFolder('stbench-verify-'), name);

describe('stbench verify', () => {
  let good: string;
  beforeAll(async () => {
    good = fresh('dataset');
    await exportDataset({ data: await makeBuild(), out: good, version: '1.0.0' });
  });
  const tampered = (f: (dir: string) => void): string => {
    const dir = fresh('copy');
    cpSync(good, dir, { recursive: true });
    f(dir);
    return dir;
  };

  it('accepts the export as written', async () => {
    expect(await verifyDataset(good)).toEqual([]);
    const r = cli(['verify', good]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/verified/);
  });

  it('rejects a missing file', async () => {
    const dir = tampered((d) => rmSync(join(d, 'scripts', SID_V, 'sensors', 'rgb', '000001.jpg')));
    const p = await verifyDataset(dir);
    expect(p).toContain(`scripts/${SID_V}/sensors/rgb/000001.jpg: named in release.json, missing`);
    expect(p.some((x) => x.includes(`private/${CID_V}/case.json: frames[1].rgb`))).toBe(true);
    expect(p.some((x) => x.includes('in private/') && x.includes('render_log.json, missing'))).toBe(true);
    const r = cli(['verify', dir]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('000001.jpg: named in release.json, missing');
  });

  it('rejects an extra file', async () => {
    const dir = tampered((d) => writeFileSync(join(d, 'private', SID_H, 'notes.txt'), 'hello'));
    expect(await verifyDataset(dir)).toEqual([`private/${SID_H}/notes.txt: not named in release.json`]);
  });

  it("rejects a split's questions table that is missing or holds another split's questions", async () => {
    // the vacuum's case said to be held out: the dev table now holds questions of another split, the held-out one is missing
    const dir = tampered((d) => {
      const f = join(d, 'private', CID_V, 'case.json');
      writeFileSync(f, JSON.stringify({ ...JSON.parse(readFileSync(f, 'utf8')), split: 'heldout' }));
    });
    const p = await verifyDataset(dir);
    expect(p).toContain('data/questions-heldout.parquet: missing (the dataset holds heldout questions)');
    expect(
      p.some((x) =>
        /^data\/questions-dev\.parquet: holds 2 questions, not exactly the 0 shipped of the dev split/.test(x),
      ),
    ).toBe(true);
    // a table of a split the release does not name in release.json is no part of it either
    const extra = tampered((d) =>
      copyFileSync(join(d, 'data', 'questions-dev.parquet'), join(d, 'data', 'questions-heldout.parquet')),
    );
    expect(await verifyDataset(extra)).toContain('data/questions-heldout.parquet: not named in release.json');
  });

  it('rejects depth under scripts/', async () => {
    const dir = tampered((d) =>
      copyFileSync(join(d, 'private', SID_V, 'depth', '000000.png'), join(d, 'scripts', SID_V, 'sensors', 'depth.png')),
    );
    const p = await verifyDataset(dir);
    expect(p).toContain(
      `scripts/${SID_V}/sensors/depth.png: private file under scripts/: a depth image (depth lives only in private/<sid>/depth/)`,
    );
  });

  it('rejects truth ids slipped into what a robot receives', async () => {
    const dir = tampered((d) =>
      appendFileSync(
        join(d, 'scripts', SID_V, 'perception', 'oracle.jsonl'),
        JSON.stringify({ k: 2, detections: [], truth_id: 7 }) + '\n',
      ),
    );
    const p = await verifyDataset(dir);
    expect(p.some((x) => x.startsWith(`scripts/${SID_V}/perception/oracle.jsonl:3:`))).toBe(true);
    expect(p).toContain(
      `scripts/${SID_V}/perception/oracle.jsonl: sha256 differs from private/${SID_V}/render_log.json`,
    );
  });

  it('rejects a changed count', async () => {
    const dir = tampered((d) => {
      const rel = JSON.parse(readFileSync(join(d, 'release.json'), 'utf8'));
      rel.counts.total.questions += 1;
      rel.cases[0].questions += 1;
      writeFileSync(join(d, 'release.json'), JSON.stringify(rel));
    });
    const p = await verifyDataset(dir);
    expect(p.some((x) => x.startsWith('release.json: counts total questions says 3, the dataset holds 2'))).toBe(true);
    expect(p.some((x) => x.startsWith('release.json: case '))).toBe(true);
  });

  it('rejects a frame whose bytes are not those the render log recorded', async () => {
    const dir = tampered((d) => {
      const f = join(d, 'private', SID_H, 'depth', '000000.png');
      const rel = JSON.parse(readFileSync(join(d, 'release.json'), 'utf8'));
      writeFileSync(f, Buffer.concat([readFileSync(f), Buffer.from([0])]));
      // even with release.json's own hash brought in line, the render log disagrees
      rel.files[`private/${SID_H}/depth/000000.png`] = hashFile(f);
      writeFileSync(join(d, 'release.json'), JSON.stringify(rel));
    });
    expect(await verifyDataset(dir)).toEqual([
      `private/${SID_H}/depth/000000.png: sha256 differs from private/${SID_H}/render_log.json`,
    ]);
  });

  /** Change a shipped results file and bring release.json's hash of it in line, so only the row check can see it. */
  const editResults = (
    d: string,
    name: string,
    edit: (r: Record<string, unknown> & { rows: { score: number; score_gate: number }[] }) => void,
  ) => {
    const f = join(d, 'results', `${name}.json`);
    const r = JSON.parse(readFileSync(f, 'utf8'));
    edit(r);
    writeFileSync(f, JSON.stringify(r));
    const rel = JSON.parse(readFileSync(join(d, 'release.json'), 'utf8'));
    rel.files[`results/${name}.json`] = hashFile(f);
    writeFileSync(join(d, 'release.json'), JSON.stringify(rel));
  };

  it('rejects reference rows that do not agree with the shipped cases', async () => {
    // a floor row that scores above what unknown scores on the shipped gold, with its aggregates left as they were
    const up = tampered((d) =>
      editResults(d, 'all_unknown', (r) => {
        r.rows[0].score = 1;
      }),
    );
    const p = await verifyDataset(up);
    expect(p).toContain('results/all_unknown.json: 1 rows do not score as unknown does on the shipped gold');
    expect(p).toContain('results/all_unknown.json: its per-layout figures do not recompute from its rows');
    // a ceiling below 1
    const low = tampered((d) =>
      editResults(d, 'perfect_reader_detections', (r) => {
        r.rows[1].score_gate = 0.5;
      }),
    );
    expect(await verifyDataset(low)).toContain(
      'results/perfect_reader_detections.json: the perfect reader scores below 1 on 1 shipped questions (a broken instrument)',
    );
    // a row dropped, and results of another compile
    const short = tampered((d) =>
      editResults(d, 'all_unknown', (r) => {
        r.rows.pop();
        r.compile_hash = '0'.repeat(64);
      }),
    );
    const q = await verifyDataset(short);
    expect(q).toContain('results/all_unknown.json: its 1 rows are not exactly the 2 shipped questions');
    expect(q).toContain("results/all_unknown.json: scored compile 000000000000, not the shipped cases' compile");
  });

  it('rejects a results file release.json does not list, and a release without the floor row', async () => {
    const extra = tampered((d) => {
      copyFileSync(join(d, 'results', 'all_unknown.json'), join(d, 'results', 'mine.json'));
      const rel = JSON.parse(readFileSync(join(d, 'release.json'), 'utf8'));
      rel.files['results/mine.json'] = hashFile(join(d, 'results', 'mine.json'));
      writeFileSync(join(d, 'release.json'), JSON.stringify(rel));
    });
    expect(await verifyDataset(extra)).toEqual([
      'results/mine.json: a results file release.json does not list among its reference rows',
    ]);
    const none = tampered((d) => {
      const rel = JSON.parse(readFileSync(join(d, 'release.json'), 'utf8'));
      rel.results = rel.results.filter((r: { name: string }) => r.name !== 'all_unknown');
      writeFileSync(join(d, 'release.json'), JSON.stringify(rel));
    });
    const p = await verifyDataset(none);
    expect(p).toContain("release.json: results lacks the floor's reference row all_unknown");
    expect(p).toContain('results/all_unknown.json: a results file release.json does not list among its reference rows');
  });
});

describe('stbench export refuses', () => {
  it('a broken instrument (exit 1, saying why), writing nothing', async () => {
    const build = await makeBuild();
    writeCheckReport(
      build,
      checkReport(build, { broken: [{ what: 'perfect_memory', why: 'ceiling 0.93 below 0.99 on clear_path' }] }),
    );
    const out = fresh('ds');
    const r = cli(['export', '--data', build, '--out', out, '--version', '1.0.0']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/export refused/);
    expect(r.stderr).toMatch(/broken instrument perfect_memory: ceiling 0\.93/);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(join(out, '..'))).toEqual([]);
  });

  it('a check with no surviving family', async () => {
    const build = await makeBuild();
    const rep = checkReport(build);
    rep.families = rep.families.filter((f) => f.status === 'dropped');
    rep.summary = { kept_families: 0, dropped_families: rep.families.length };
    writeCheckReport(build, rep);
    await expect(exportDataset({ data: build, out: fresh('ds'), version: '1.0.0' })).rejects.toThrow(
      /no question family survived the check/,
    );
  });

  it('a check report of another compile', async () => {
    const build = await makeBuild();
    // the compile's outputs change after the check read them
    appendFileSync(join(build, 'private', CID_V, 'case.json'), '\n');
    const out = fresh('ds');
    const r = cli(['export', '--data', build, '--out', out, '--version', '1.0.0']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/the check report read compile [0-9a-f]{12}, but the build's compile is [0-9a-f]{12}/);
    expect(existsSync(out)).toBe(false);
  });

  it('a bad version or an existing folder (usage, exit 2)', async () => {
    const build = await makeBuild();
    expect(cli(['export', '--data', build, '--out', fresh('ds'), '--version', 'one']).status).toBe(2);
    const out = fresh('ds');
    await exportDataset({ data: build, out, version: '1.0.0' });
    const r = cli(['export', '--data', build, '--out', out, '--version', '1.0.0']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/exists: remove it or pass --force/);
  });
});

describe('an interrupted export', () => {
  it('killed before the rename leaves no dataset folder, and a rerun succeeds and cleans up', async () => {
    const build = await makeBuild();
    const out = fresh('dataset');
    for (const point of ['export:after-copy', 'export:before-rename']) {
      const killed = cli(['export', '--data', build, '--out', out, '--version', '1.0.0'], { STBENCH_FAULT: point });
      expect(killed.status).toBe(137);
      expect(killed.stderr).toContain(`fault hook fired at ${point}`);
      expect(existsSync(out)).toBe(false);
    }
    const r = cli(['export', '--data', build, '--out', out, '--version', '1.0.0']);
    expect(r.status, r.stderr).toBe(0);
    expect(readdirSync(join(out, '..'))).toEqual(['dataset']);
    expect(cli(['verify', out]).status).toBe(0);
  });

  it('--force replaces a dataset only after the new one verifies', async () => {
    const build = await makeBuild();
    const out = fresh('dataset');
    await exportDataset({ data: build, out, version: '1.0.0' });
    const killed = cli(['export', '--data', build, '--out', out, '--version', '1.0.1', '--force'], {
      STBENCH_FAULT: 'export:before-rename',
    });
    expect(killed.status).toBe(137);
    expect(JSON.parse(readFileSync(join(out, 'release.json'), 'utf8')).version).toBe('1.0.0');
    expect(cli(['export', '--data', build, '--out', out, '--version', '1.0.1', '--force']).status).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'release.json'), 'utf8')).version).toBe('1.0.1');
    expect(readdirSync(join(out, '..'))).toEqual(['dataset']);
  });
});
