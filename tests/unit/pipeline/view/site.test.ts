import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatHeader } from '../../../../formats/step.ts';
import { InputError, UsageError } from '../../../../foundation/index.ts';
import { writeSite } from '../../../../pipeline/view/site.ts';
import { runCli } from '../../../helpers/cli-in-process.ts';
import { CID, FRAMES, Q, SID, makeViewBuild, type ViewFixture } from '../../../helpers/view-fixture.ts';

let f: ViewFixture;
beforeAll(async () => {
  f = await makeViewBuild();
}, 60_000);

describe('writeSite', () => {
  it('writes the index, a case page, the case map, the frames, the audit and the assets', async () => {
    const out = join(f.root, 'site-a');
    const s = await writeSite({ data: f.root, out, run: f.runDir });
    expect(s).toMatchObject({ cases: [CID], frames: FRAMES, audit: true });
    for (const p of [
      'index.html',
      `cases/${CID}.html`,
      `maps/${CID}.png`,
      'audit.html',
      'assets/view.css',
      'assets/view.js',
    ])
      expect(existsSync(join(out, p)), p).toBe(true);
    for (let k = 0; k < FRAMES; k++)
      expect(existsSync(join(out, 'frames', SID, `${String(20 + k).padStart(6, '0')}.jpg`))).toBe(true);
    const png = readFileSync(join(out, 'maps', `${CID}.png`));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  });

  it('lists each case in the index with job, layout, length, frames, questions and the run score', async () => {
    const out = join(f.root, 'site-b');
    await writeSite({ data: f.root, out, run: f.runDir });
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    const row = html.split('\n').find((l) => l.includes(`cases/${CID}.html`))!;
    expect(row).toContain('data-job="helper/1"');
    expect(row).toContain('<td>apartment_a</td><td>short</td><td class="num">10</td><td class="num">5</td>');
    expect(row).toContain('clear_path, ego_now, object_where, way_to');
    expect(row).toMatch(/<td class="num sc-\w+" data-v="[-0-9.]+">[+-]\d\.\d\d<\/td>/);
    expect(html).toContain('id="f-job"');
    expect(html).toContain('href="audit.html"');
  });

  it('leaves the score out without a run', async () => {
    const out = join(f.root, 'site-c');
    await writeSite({ data: f.root, out });
    const index = readFileSync(join(out, 'index.html'), 'utf8');
    expect(index).not.toContain('<th>score</th>');
    const page = readFileSync(join(out, 'cases', `${CID}.html`), 'utf8');
    expect(page).not.toContain('class="run');
  });

  it('puts every question at its frame with family, wording, gold, evidence, age band, column, answer and score', async () => {
    const out = join(f.root, 'site-d');
    await writeSite({ data: f.root, out, run: f.runDir });
    const html = readFileSync(join(out, 'cases', `${CID}.html`), 'utf8');
    const card = (qid: string) =>
      html.slice(html.indexOf(`id="q-${qid}"`), html.indexOf('</article>', html.indexOf(`id="q-${qid}"`)));
    const clear = card(Q.clear);
    expect(clear).toContain('data-ask="2"');
    expect(clear).toContain('<span class="tag fam">clear_path</span>');
    expect(clear).toContain('1.20 m');
    expect(clear).toContain('<button class="jump" data-k="2"');
    expect(clear).toContain('minus2_corridor');
    // 2.5 m against a 1.2 m corridor is a catastrophe, coloured as one
    expect(clear).toContain('class="run sc-cat"');
    expect(clear).toContain('-2.00');
    const bag = card(Q.bag);
    expect(bag).toContain('data-ask="9"');
    expect(bag).toContain('(5.20, 1.00) on the map');
    expect(bag).toContain('recent · 6.0 s');
    expect(bag).toContain('col-memory');
    expect(bag).toContain('(5.30, 1.10) on the map');
    expect(card(Q.unknown)).toContain('<b class="gold">unknown</b>');
    // the way_to question carries its compass, with the gold and the answer drawn
    const way = card(Q.way);
    expect(way).toContain('<svg class="compass"');
    expect(way).toContain('compass-gold');
    expect(way).toContain('compass-answer');
    // asks in frame order, the end question last
    const order = [Q.clear, Q.ego, Q.unknown, Q.way, Q.bag].map((q) => html.indexOf(`id="q-${q}"`));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('carries the frames with their header lines and the gold pixels in the page data', async () => {
    const out = join(f.root, 'site-e');
    await writeSite({ data: f.root, out });
    const html = readFileSync(join(out, 'cases', `${CID}.html`), 'utf8');
    const data = JSON.parse(/<script id="case-data" type="application\/json">(.*?)<\/script>/s.exec(html)![1]);
    const c = JSON.parse(readFileSync(join(f.root, 'private', CID, 'case.json'), 'utf8'));
    expect(data.frames).toHaveLength(FRAMES);
    expect(data.frames[3]).toEqual({ src: `../frames/${SID}/000023.jpg`, header: formatHeader(c.frames[3].step) });
    expect(data.asks).toEqual([2, 5, 7]);
    expect(data.questions[Q.bag].evidence).toEqual([1, 3]);
    expect(data.questions[Q.bag].marks.map((m: { k: number }) => m.k)).toEqual([1, 3]);
    expect(data.questions[Q.ego].marks.map((m: { k: number }) => m.k)).toEqual([2]);
    expect(data.questions[Q.unknown].marks).toEqual([]);
    expect(html).toContain(`<g class="qmark" data-qid="${Q.clear}"><polygon class="corridor-band"`);
  });

  it('writes the same bytes twice', async () => {
    const a = join(f.root, 'site-f1');
    const b = join(f.root, 'site-f2');
    await writeSite({ data: f.root, out: a, run: f.runDir });
    await writeSite({ data: f.root, out: b, run: f.runDir });
    for (const p of ['index.html', `cases/${CID}.html`, `maps/${CID}.png`, 'audit.html'])
      expect(readFileSync(join(a, p)).equals(readFileSync(join(b, p))), p).toBe(true);
  });

  it('writes only the asked cases and refuses an unknown one', async () => {
    await expect(writeSite({ data: f.root, out: join(f.root, 'site-g'), cases: ['ffffffffffffffff'] })).rejects.toThrow(
      UsageError,
    );
    expect(existsSync(join(f.root, 'site-g', 'index.html'))).toBe(false);
  });

  it('names the file, line and field of a bad gold row', async () => {
    const g = await makeViewBuild();
    const file = join(g.root, 'private', CID, 'gold.jsonl');
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    const bad = JSON.parse(lines[1]);
    bad.age_band = 'yesterday';
    lines[1] = JSON.stringify(bad);
    writeFileSync(file, lines.join('\n') + '\n');
    const err = await writeSite({ data: g.root, out: join(g.root, 'site') }).catch((e) => e);
    expect(err).toBeInstanceOf(InputError);
    expect(String(err.message)).toContain(`${file}:2`);
    expect(String(err.message)).toContain('age_band');
    expect(existsSync(join(g.root, 'site', 'index.html'))).toBe(false);
  });

  it('refuses a folder that is not a build', async () => {
    await expect(writeSite({ data: join(f.root, 'scripts'), out: join(f.root, 'site-h') })).rejects.toThrow(
      /no private\/ folder/,
    );
  });
});

describe('stbench view', () => {
  it('writes a run’s site to RUN/view by default, and never inside --data', async () => {
    const run = join(mkdtempSync(join(tmpdir(), 'stbench-view-run-')), 'run');
    cpSync(f.runDir, run, { recursive: true });
    const r = await runCli(['view', run, '--data', f.root]);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(run, 'view', 'index.html'))).toBe(true);
    expect(existsSync(join(run, 'view', 'cases', `${CID}.html`))).toBe(true);
    // a run folder kept inside the build: its default site would lie in the data, and so would any --out there
    const kept = await runCli(['view', f.runDir, '--data', f.root]);
    expect(kept.code).toBe(2);
    expect(existsSync(join(f.runDir, 'view'))).toBe(false);
    const inside = await runCli(['view', run, '--data', f.root, '--out', join(f.root, 'my-site')]);
    expect(inside.code).toBe(2);
    expect(inside.stderr).toContain('lies inside --data');
    expect(existsSync(join(f.root, 'my-site'))).toBe(false);
    const noOut = await runCli(['view', '--data', f.root]);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toContain('give --out SITE');
  });
});
