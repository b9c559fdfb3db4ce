/** `stbench export` on a small synthetic checked build: what ships, the card against release.json, the Parquet table. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parquetReadObjects } from 'hyparquet';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportDataset } from '../../../pipeline/export.ts';
import { listFiles } from '../../../pipeline/release/files.ts';
import { ReleaseJson } from '../../../pipeline/release/release-json.ts';
import { verifyDataset } from '../../../pipeline/verify.ts';
import { cardInt, cardSigned, tableRows } from '../../helpers/card-tables.ts';
import { CID_H, CID_V, makeBuild, Q } from '../../helpers/export-fixture.ts';
import { fixtureFolder } from '../../helpers/fixture-folders.ts';

const n = cardInt;

describe('stbench export', () => {
  let build: string;
  let out: string;
  let release: ReleaseJson;

  beforeAll(async () => {
    build = await makeBuild();
    out = join(fixtureFolder('stbench-export-out-'), 'dataset');
    await exportDataset({ data: build, out, version: '0.1.0', repoId: 'someone/somebench' });
    release = ReleaseJson.parse(JSON.parse(readFileSync(join(out, 'release.json'), 'utf8')));
  });

  it('ships only the kept family and the qids the balance rule kept', () => {
    const q = readFileSync(join(out, 'private', CID_V, 'questions.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).qid);
    const g = readFileSync(join(out, 'private', CID_V, 'gold.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).qid);
    expect(q).toEqual([Q.cp1, Q.cp2]);
    expect(g).toEqual([Q.cp1, Q.cp2]);
    const c = JSON.parse(readFileSync(join(out, 'private', CID_V, 'case.json'), 'utf8'));
    expect(c.asks).toEqual([
      { k: 0, qids: [Q.cp1] },
      { k: 1, qids: [Q.cp2] },
    ]);
    expect(c.end_qids).toEqual([]);
    // the helper's case asked only the dropped family: it ships, asking nothing
    expect(readFileSync(join(out, 'private', CID_H, 'questions.jsonl'), 'utf8')).toBe('');
    const hc = JSON.parse(readFileSync(join(out, 'private', CID_H, 'case.json'), 'utf8'));
    expect(hc.end_qids).toEqual([]);
  });

  it('leaves the dropped family out of every count', () => {
    expect(release.counts.total.questions).toBe(2);
    expect(release.counts.total.families).toEqual({ clear_path: 2 });
    expect(release.counts.total.cases_asking_nothing).toBe(1);
    const helper = release.counts.by_job.find((g) => g.job === 'helper/1')!;
    expect(helper.questions).toBe(0);
    expect(helper.abilities.memory).toBe(0);
    expect(release.cell_counts).toEqual({ 'vacuum/2|clearance|now': 2 });
    expect(release.cases.find((c) => c.cid === CID_H)).toMatchObject({ questions: 0, length: 'medium', frames: 2 });
    expect(release.check.dropped.map((d) => `${d.job} ${d.family} ${d.dropped_by}`)).toEqual([
      'vacuum/2 object_where shortcuts',
      'helper/1 object_where shortcuts',
    ]);
    expect(release.compile.seed).toBe('seed-42');
    expect(release.versions).toMatchObject({ jobs: ['helper/1', 'vacuum/2'], render: '0.1.0', compile: '0.1.0' });
  });

  it('ships nothing build-only and names every file with its hash', async () => {
    const files = listFiles(out);
    expect(files.some((f) => f.includes('.stbench'))).toBe(false);
    expect(files.some((f) => f.includes('/ids/'))).toBe(false);
    expect(files).toContain('data/questions-dev.parquet');
    for (const f of ['README.md', 'LICENSE', 'CREDITS.md', 'check_report.json', 'release.json'])
      expect(files).toContain(f);
    expect(Object.keys(release.files).sort()).toEqual(files.filter((f) => f !== 'release.json'));
    expect(await verifyDataset(out)).toEqual([]);
    // no temporary folder left next to the dataset
    expect(readdirSync(join(out, '..'))).toEqual(['dataset']);
  });

  it("the card's tables match release.json", () => {
    const md = readFileSync(join(out, 'README.md'), 'utf8');
    expect(md.startsWith('---\nlicense: cc-by-4.0\n')).toBe(true);
    expect(md).toMatch(/annotations_creators:\n\s+- machine-generated/);
    // one split here (no held-out place): its table alone
    expect(md).toMatch(/- split: dev\n\s+path: data\/questions-dev\.parquet/);
    expect(md).not.toMatch(/split: heldout|questions-heldout/);
    const summary = tableRows(md, '| Layout | Split | Job | Scripts |');
    expect(summary).toHaveLength(release.counts.by_job.length + 1);
    const groups = [...release.counts.by_job, { layout: 'Total', split: '', job: '', ...release.counts.total }];
    summary.forEach((r, i) => {
      const g = groups[i];
      expect([r[0], r[1], r[2]]).toEqual([g.layout, g.split, g.job]);
      expect(n(r[3])).toBe(g.scripts);
      expect(r[4].split('/').map((x) => n(x.trim()))).toEqual([g.cases.short, g.cases.medium, g.cases.long]);
      expect([n(r[5]), n(r[6]), n(r[7])]).toEqual([g.cases_asking_nothing, g.questions, g.frames]);
    });
    const abilities = tableRows(md, '| Layout | Split | Job | clearance | distance | memory | relevance |');
    abilities.forEach((r, i) => {
      const g = groups[i];
      expect(r.slice(3).map(n)).toEqual([
        g.abilities.clearance,
        g.abilities.distance,
        g.abilities.memory,
        g.abilities.relevance,
      ]);
    });
    const tol = tableRows(md, '| Job | Clearance C (m) |');
    expect(tol).toEqual([
      ['helper/1', '0.15', '1', '0.5'],
      ['vacuum/2', '0.1', '1', '0.5'],
    ]);
    const check = tableRows(md, '| Layout | Job | Family | Questions | Shipped |');
    expect(check.map((r) => [r[2], r[4], r[5]])).toEqual([
      ['clear_path', '2', 'kept'],
      ['object_where', '0', 'dropped'],
      ['object_where', '0', 'dropped'],
    ]);
    expect(md).toContain('Exported by stbench');
    expect(md).toContain('someone/somebench');
    expect(md).toMatch(/@misc\{/);
  });

  it('ships the reference rows, listed in release.json, and the card reads its table from them', () => {
    expect(release.results.map((r) => [r.name, r.system, r.channel, r.file])).toEqual([
      ['all_unknown', 'all_unknown', 'detections', 'results/all_unknown.json'],
      ['perfect_reader_detections', 'perfect_reader', 'detections', 'results/perfect_reader_detections.json'],
    ]);
    const floor = JSON.parse(readFileSync(join(out, 'results', 'all_unknown.json'), 'utf8'));
    const ceiling = JSON.parse(readFileSync(join(out, 'results', 'perfect_reader_detections.json'), 'utf8'));
    // both over exactly the shipped questions of the one case that still asks, scored on the shipped compile
    for (const r of [floor, ceiling]) {
      expect(r.rows.map((x: { qid: string }) => x.qid).sort()).toEqual([Q.cp1, Q.cp2].sort());
      expect(r.cases_scored).toBe(1);
      expect(r.compile_hash).toBe(release.compile.shipped_hash);
      expect(r.cell_counts).toEqual(release.cell_counts);
    }
    // unknown on an answerable clear_path scores 0; the perfect reader's answer is the gold
    expect(floor.rows.map((x: { score: number }) => x.score)).toEqual([0, 0]);
    expect(ceiling.rows.map((x: { score_gate: number }) => x.score_gate)).toEqual([1, 1]);
    const md = readFileSync(join(out, 'README.md'), 'utf8');
    const ref = tableRows(md, '| Layout | System | Headline (95% interval) |');
    expect(ref.map((r) => [r[0], r[1], r[2].split(' ')[0], r[7]])).toEqual([
      ['apartment_a', 'all_unknown', cardSigned(floor.layouts[0].headline), 'detections'],
      ['apartment_a', 'perfect_reader', cardSigned(ceiling.layouts[0].headline), 'detections'],
    ]);
    expect(ref[1][2].split(' ')[0]).toBe('+1.000');
    expect(md).toContain('`results/all_unknown.json`: `all_unknown` on `detections`');
    expect(md).not.toContain('ships no reference results');
  });

  it("the card has the seed card's sections: run commands, scoring, tolerances, channels", () => {
    const md = readFileSync(join(out, 'README.md'), 'utf8');
    const heads = md.split('\n').filter((l) => l.startsWith('## '));
    expect(heads).toEqual([
      '## Summary',
      '## The jobs and the places',
      '## Layout',
      '## The protocol and the run commands',
      '## Scoring and the abilities',
      '## Tolerances',
      '## The check',
      '## One public split',
      '## Reference results',
      '## Licence and credits',
      '## Hub id and citation',
      '## Limitations',
    ]);
    // the run commands name this tool's own steps and the dataset's hub id and version
    expect(md).toContain('hf download someone/somebench --repo-type dataset --revision v0.1.0 --local-dir data');
    for (const c of [
      'stbench eval all_unknown --data data',
      'stbench eval claude:sonnet --data data --dry-run',
      'stbench eval compare runs/floor runs/sonnet',
      'stbench view runs/sonnet',
      '`codex:<model>`, `openai:<model>`',
      'FILE.py:Class',
      'bubblewrap sandbox',
    ])
      expect(md).toContain(c);
    // the channel table, and the retired channel's refusal
    expect(tableRows(md, '| Channel |').map((r) => r[0])).toEqual(['rgb_pose', 'detections']);
    expect(md).toMatch(/`rgbd_pose` channel is retired: a run that asks for it is refused/);
    // the scoring explanation: quarters, the need rule, the harmful side, catastrophes, lists, headings, way_to, ages, bootstrap
    for (const re of [
      /four quarters/,
      /a tenth of that distance beyond\s+it \(d \/ 10\)/,
      /On the harmful side the need is halved/,
      /-2 for a corridor said longer than it is, -3 for a person/,
      /a missed thing costs one and a false place half/,
      /A heading scores by its regret/,
      /how much nearer to it a drive along the heading/,
      /`now`, `recent` within 60 s, `task`, `earlier`/,
      /bootstrap over scripts \(2,000 resamples/,
    ])
      expect(md).toMatch(re);
    expect(md).toMatch(
      /- A place in the map \(`object_where`, `person_mem`\) is credited against the re-find radius R/,
    );
  });

  it('LICENSE is CC BY 4.0 and CREDITS.md states the procedural geometry', () => {
    const lic = readFileSync(join(out, 'LICENSE'), 'utf8');
    expect(lic).toContain('Attribution 4.0 International Public License');
    expect(lic).toMatch(/MIT/);
    expect(lic).toMatch(/GPL-3\.0-or-later/);
    expect(readFileSync(join(out, 'CREDITS.md'), 'utf8')).toMatch(/procedural/);
  });

  it('the Parquet table holds one row a shipped question', async () => {
    const buf = readFileSync(join(out, 'data', 'questions-dev.parquet'));
    const rows = (await parquetReadObjects({
      file: buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer,
    })) as Record<string, string>[];
    expect(rows.map((r) => [r.qid, r.case, r.job, r.layout, r.split, r.family, r.answer_type])).toEqual([
      [Q.cp1, CID_V, 'vacuum/2', 'apartment_a', 'dev', 'clear_path', 'number'],
      [Q.cp2, CID_V, 'vacuum/2', 'apartment_a', 'dev', 'clear_path', 'number'],
    ]);
    expect(rows[0].text).toMatch(/How far/);
  });

  it('a card without a hub id names no one', async () => {
    const out2 = join(fixtureFolder('stbench-export-out-'), 'ds');
    await exportDataset({ data: build, out: out2, version: '0.1.0' });
    const md = readFileSync(join(out2, 'README.md'), 'utf8');
    expect(md).toContain('No hub id was given');
    expect(md).toContain('No citation was given');
    expect(JSON.parse(readFileSync(join(out2, 'release.json'), 'utf8')).repo_id).toBeNull();
    // same build, same options: same bytes
    expect(readFileSync(join(out2, 'data', 'questions-dev.parquet'))).toEqual(
      readFileSync(join(out, 'data', 'questions-dev.parquet')),
    );
    expect(existsSync(join(out2, 'private', 'index', `${CID_V}.json`))).toBe(true);
  });
});

describe('stbench export and verify of a truth-only build', () => {
  /** The synthetic build with its render logs saying its frames were ray-cast (as the render recorded them). */
  const truthOnlyBuild = () => makeBuild({ raycast: true });

  it('refuses it without --truth-only, writing nothing', async () => {
    const build = await truthOnlyBuild();
    const out = join(fixtureFolder('stbench-export-truth-'), 'dataset');
    await expect(exportDataset({ data: build, out, version: '0.1.0' })).rejects.toThrow(
      /truth-only build.*--truth-only/s,
    );
    expect(existsSync(out)).toBe(false);
  });

  it('with --truth-only marks the dataset truth-only, which verify accepts only as such', async () => {
    const build = await truthOnlyBuild();
    const out = join(fixtureFolder('stbench-export-truth-'), 'dataset');
    const r = await exportDataset({ data: build, out, version: '0.1.0', truthOnly: true });
    expect(r.release.truth_only).toBe(true);
    const card = readFileSync(join(out, 'README.md'), 'utf8');
    expect(card).toMatch(/Truth-only dataset: not a release/);
    expect(card).toMatch(/The pictures are not renders/);
    expect(card).not.toMatch(/photoreal/);
    expect((await verifyDataset(out)).join('\n')).toMatch(/truth-only dataset/);
    expect(await verifyDataset(out, { truthOnly: true })).toEqual([]);
  });

  it('refuses --truth-only on a rendered build', async () => {
    const build = await makeBuild();
    const out = join(fixtureFolder('stbench-export-truth-'), 'dataset');
    await expect(exportDataset({ data: build, out, version: '0.1.0', truthOnly: true })).rejects.toThrow(
      /rendered build/,
    );
  });
});
