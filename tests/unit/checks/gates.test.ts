import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, beforeEach } from 'vitest';
import { runCheck } from '../../../checks/check.ts';
import { readCheckReport } from '../../../checks/check-report.ts';
import { clearTruthCache } from '../../../checks/systems/case-truth.ts';
import { clearTrainingCache } from '../../../checks/systems/training-golds.ts';
import { clearPriorsCache } from '../../../checks/systems/priors.ts';
import { clearFormCache } from '../../../checks/systems/form-adversary.ts';
import { clearWordingCache } from '../../../checks/systems/wording.ts';
import { readGoldRows } from '../../../checks/score/index.ts';
import { makeCheckBuild } from '../../helpers/check-fixture.ts';

function clearCaches() {
  clearTruthCache();
  clearTrainingCache();
  clearPriorsCache();
  clearFormCache();
  clearWordingCache();
}

describe('stbench check on a synthetic build', () => {
  beforeEach(clearCaches);

  it('the ceiling is 1 on every question and all_unknown scores the unknowable share', async () => {
    const b = makeCheckBuild({ scripts: 6 });
    const r = await runCheck({ data: b.root, B: 200 });
    expect(r.report.broken).toEqual([]);
    const golds = b.cids.flatMap((c) => readGoldRows(join(b.root, 'private', c, 'gold.jsonl')));
    for (const f of r.report.families) {
      expect(f.gates.ceiling.verdict).toBe('pass');
      const rows = golds.filter((g) => g.family === f.family && f.kept_qids.includes(g.qid));
      const share = rows.filter((g) => !g.knowable).length / rows.length;
      expect(f.systems.perfect_reader).toBeCloseTo(1, 9);
      expect(f.systems.all_unknown).toBeCloseTo(share, 9);
    }
    expect(r.exitCode).toBe(0);
    expect(existsSync(join(b.root, 'check_report.json'))).toBe(true);
    expect(readCheckReport(join(b.root, 'check_report.json')).compile_hash).toBe(r.report.compile_hash);
  });
});

describe('stbench check: instrument failures, leaks, thin gates, resume', () => {
  beforeEach(clearCaches);

  it('a corrupted gold makes the check exit 1 naming its qid', async () => {
    const b = makeCheckBuild({ scripts: 4, seed: 'corrupt' });
    const file = join(b.root, 'private', b.cids[1], 'gold.jsonl');
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const victim = lines.find((g) => g.family === 'object_where' && g.knowable);
    victim.value = { x: victim.value.x + 0.7, y: victim.value.y };
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const r = await runCheck({ data: b.root, B: 100 });
    expect(r.exitCode).toBe(1);
    const ceiling = r.report.broken.filter((x) => x.what === 'ceiling');
    expect(ceiling.map((x) => x.qid)).toEqual([victim.qid]);
    expect(r.markdown).toContain(victim.qid);
    const fam = r.report.families.find((f) => f.family === 'object_where')!;
    expect(fam.status).toBe('dropped');
    expect(fam.dropped_by).toBe('ceiling');
  });

  it('a wording that leaks the answer fails the shortcut gate', async () => {
    const b = makeCheckBuild({ scripts: 8, leak: true, seed: 'leak' });
    const r = await runCheck({ data: b.root, B: 100 });
    const fam = r.report.families.find((f) => f.family === 'object_where')!;
    expect(fam.n).toBeGreaterThanOrEqual(10);
    expect(fam.thin).toBe(false);
    expect(fam.gates.shortcuts.verdict).toBe('fail');
    expect(fam.systems.wording - fam.systems.all_unknown).toBeGreaterThan(0.1);
    expect(fam.status).toBe('dropped');
    expect(fam.dropped_by).toBe('shortcuts');
    // the same family without the leak keeps
    clearCaches();
    const clean = await runCheck({ data: makeCheckBuild({ scripts: 8, seed: 'leak' }).root, B: 100 });
    expect(clean.report.families.find((f) => f.family === 'object_where')!.gates.shortcuts.verdict).toBe('pass');
  });

  it('a thin family that a shortcut answers is dropped, flagged thin; min_questions is echoed', async () => {
    const b = makeCheckBuild({ scripts: 8, leak: true, seed: 'leak' });
    const r = await runCheck({ data: b.root, B: 100, minQuestions: 1000 });
    expect(r.report.min_questions).toBe(1000);
    const fam = r.report.families.find((f) => f.family === 'object_where')!;
    expect(fam.thin).toBe(true);
    expect(fam.gates.shortcuts.verdict).toBe('fail');
    expect(fam.gates.shortcuts.decided_by).toMatch(/^thin \(\d+ < 1000 questions\)/);
    expect(fam.status).toBe('dropped');
    expect(fam.dropped_by).toBe('shortcuts');
    // the validity report says so too
    const v = r.report.validity!.families.find((f) => f.family === 'object_where')!;
    expect(v).toMatchObject({ thin: true, status: 'dropped', dropped_by: 'shortcuts' });
    expect(v.worst_shortcut!.system).toBe('wording');
    expect(v.worst_shortcut!.lead).toBeGreaterThan(0.1);
  });

  it('every gate carries both readings, the point estimate and the 95% interval, under either verdict', async () => {
    const b = makeCheckBuild({ scripts: 6, seed: 'strict' });
    for (const verdict of ['evidence', 'strict'] as const) {
      clearCaches();
      const r = await runCheck({ data: b.root, B: 200, verdict });
      for (const fam of r.report.families) {
        for (const name of ['shortcuts', 'constants', 'separation']) {
          const g = fam.gates[name];
          expect(g.interval, `${fam.family} ${name} ${verdict}`).toBeDefined();
          expect(g.interval![0]).toBeLessThanOrEqual(g.interval![1]);
          expect(g.other_verdict).toBeDefined();
        }
      }
      // the floor per place and column: a point estimate with its interval
      const floor = r.report.validity!.floor;
      expect(floor.length).toBeGreaterThan(0);
      for (const row of floor.filter((x) => x.n > 0)) {
        expect(row.score).not.toBeNull();
        expect(row.interval).not.toBeNull();
        expect(row.interval![0]).toBeLessThanOrEqual(row.score! + 1e-9);
        expect(row.interval![1]).toBeGreaterThanOrEqual(row.score! - 1e-9);
      }
    }
  });

  it('the strict verdict reads intervals and records the other verdict', async () => {
    const b = makeCheckBuild({ scripts: 6, seed: 'strict' });
    const r = await runCheck({ data: b.root, B: 200, verdict: 'strict' });
    const fam = r.report.families.find((f) => f.family === 'object_where')!;
    expect(fam.gates.shortcuts.interval).toBeDefined();
    expect(fam.gates.shortcuts.decided_by).toMatch(/^strict/);
    expect(fam.gates.shortcuts.other_verdict).toBeDefined();
  });

  it('resumes: a rerun reads the saved answers and gives the same report', async () => {
    const b = makeCheckBuild({ scripts: 3, seed: 'resume' });
    const first = await runCheck({ data: b.root, B: 50 });
    clearCaches();
    const skipped: number[] = [];
    const again = await runCheck({
      data: b.root,
      B: 50,
      onProgress: (_s, p) => p.last === null && skipped.push(p.skipped),
    });
    expect(skipped.every((s) => s === 3)).toBe(true);
    expect(skipped.length).toBeGreaterThan(5);
    expect(JSON.stringify(again.report)).toBe(JSON.stringify(first.report));
  });

  it('an empty or wrong data root fails loudly', async () => {
    await expect(runCheck({ data: '/nonexistent/stbench-build' })).rejects.toThrow(/no such build/);
    const b = makeCheckBuild({ scripts: 1 });
    await expect(runCheck({ data: join(b.root, 'scripts') })).rejects.toThrow(/no private\//);
  });
});
