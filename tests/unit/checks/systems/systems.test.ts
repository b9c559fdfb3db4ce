import { readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { beforeEach, describe, expect, it } from 'vitest';
import { runMany } from '../../../../checks/harness/index.ts';
import { SYSTEMS } from '../../../../checks/systems/registry.ts';
import { questionForm } from '../../../../compile/question-form.ts';
import { thingName, personName } from '../../../../compile/ask/names.ts';
import { questionText } from '../../../helpers/question-text.ts';
import { clearTruthCache } from '../../../../checks/systems/case-truth.ts';
import { clearTrainingCache } from '../../../../checks/systems/training-golds.ts';
import { clearPriorsCache } from '../../../../checks/systems/priors.ts';
import { clearFormCache } from '../../../../checks/systems/form-adversary.ts';
import { clearWordingCache } from '../../../../checks/systems/wording.ts';
import { makeCheckBuild } from '../../../helpers/check-fixture.ts';
import { REPO_ROOT } from '../../../../foundation/index.ts';

/** The systems that may read the gold of OTHER scripts (the shortcuts being measured), and their helpers. */
const LEARNED = new Set(['priors', 'wording', 'form_adversary']);
const LEARNED_FILES = new Set([
  'priors.ts',
  'wording.ts',
  'form-adversary.ts',
  'training-golds.ts',
  'constant-answers.ts',
  'registry.ts',
]);
const DIR = join(REPO_ROOT, 'checks/systems');

function clearCaches() {
  clearTruthCache();
  clearTrainingCache();
  clearPriorsCache();
  clearFormCache();
  clearWordingCache();
}

describe('scripted systems never read the gold they are scored on', () => {
  beforeEach(clearCaches);

  it('no module but the learned shortcuts names a gold file or the training reader', () => {
    for (const f of readdirSync(DIR).filter((n) => n.endsWith('.ts'))) {
      if (LEARNED_FILES.has(f)) continue;
      const src = readFileSync(join(DIR, f), 'utf8');
      expect(src, f).not.toMatch(/gold\.jsonl|readGoldRows|training-golds/);
    }
  });

  it('every system but the learned ones runs with no gold.jsonl in the build', async () => {
    const b = makeCheckBuild({ scripts: 3, seed: 'nogold' });
    const dirs = b.cids.map((c) => join(b.root, 'private', c));
    const before = new Map<string, unknown>();
    for (const name of [...SYSTEMS.keys()].filter((n) => !LEARNED.has(n))) {
      const o = await runMany(SYSTEMS.get(name)!, dirs, {
        runDir: join(b.root, 'run-with', name),
        channel: 'detections',
      });
      before.set(
        name,
        o.map((x) => Object.fromEntries(x.answers)),
      );
    }
    for (const c of b.cids) rmSync(join(b.root, 'private', c, 'gold.jsonl'));
    clearCaches();
    for (const name of [...SYSTEMS.keys()].filter((n) => !LEARNED.has(n))) {
      const o = await runMany(SYSTEMS.get(name)!, dirs, {
        runDir: join(b.root, 'run-without', name),
        channel: 'detections',
      });
      expect(
        o.every((x) => x.status === 'ok'),
        name,
      ).toBe(true);
      expect(
        o.map((x) => Object.fromEntries(x.answers)),
        name,
      ).toEqual(before.get(name));
    }
  });

  it("the learned systems never open the gold of the case's own script", async () => {
    const b = makeCheckBuild({ scripts: 3, seed: 'own' });
    // the first case's own gold becomes unreadable: reading it would break the case
    writeFileSync(join(b.root, 'private', b.cids[0], 'gold.jsonl'), 'not json\n');
    for (const name of LEARNED) {
      const o = await runMany(SYSTEMS.get(name)!, [join(b.root, 'private', b.cids[0])], {
        runDir: join(b.root, 'run', name),
        channel: 'detections',
      });
      expect(o[0].status, `${name}: ${o[0].reason}`).toBe('ok');
    }
  });

  it("the learned systems train past another script's case that asks nothing (its gold.jsonl is empty)", async () => {
    const b = makeCheckBuild({ scripts: 3, seed: 'asks-nothing' });
    const other = join(b.root, 'private', b.cids[1]);
    const c = JSON.parse(readFileSync(join(other, 'case.json'), 'utf8'));
    writeFileSync(join(other, 'case.json'), JSON.stringify({ ...c, asks: [], end_qids: [] }));
    writeFileSync(join(other, 'questions.jsonl'), '');
    writeFileSync(join(other, 'gold.jsonl'), '');
    for (const name of LEARNED) {
      const o = await runMany(SYSTEMS.get(name)!, [join(b.root, 'private', b.cids[0])], {
        runDir: join(b.root, 'run', name),
        channel: 'detections',
      });
      expect(o[0].status, `${name}: ${o[0].reason}`).toBe('ok');
    }
  });
});

describe('question forms are read back from the templates', () => {
  it('reads every family, variant and name', () => {
    expect(questionForm(questionText('clear_path', { num: 90 }, 'left'))).toMatchObject({
      family: 'clear_path',
      template: 'left',
    });
    expect(questionForm(questionText('clear_path', { num: 90 }, 'back'))).toMatchObject({
      family: 'clear_path',
      template: 'back',
    });
    expect(questionForm(questionText('object_where', { thing: thingName('light_blue', 'cup') }))).toMatchObject({
      family: 'object_where',
      thing: { colour: 'light blue', kind: 'cup' },
    });
    expect(questionForm(questionText('way_to', { thing: thingName('grey', 'remote') }))?.family).toBe('way_to');
    expect(questionForm(questionText('approach_mem', { person: personName('red'), num: 5 }))).toMatchObject({
      family: 'approach_mem',
      person: 'red',
    });
    expect(questionForm(questionText('closest_approach', { num: 5 }))?.family).toBe('closest_approach');
    expect(questionForm(questionText('task_things', { num: 0.5 }, 'route'))).toMatchObject({
      family: 'task_things',
      template: 'route',
    });
    expect(questionForm(questionText('task_things', {}, 'rooms_cleaned'))).toMatchObject({
      family: 'task_things',
      template: 'rooms_cleaned',
    });
    expect(questionForm(questionText('ego_mem', { thing: thingName('green', 'plate') }))).toMatchObject({
      family: 'ego_mem',
      thing: { colour: 'green', kind: 'plate' },
    });
    expect(questionForm('What is the meaning of life?')).toBeNull();
  });
});

describe('the commands', () => {
  const bin = join(REPO_ROOT, 'pipeline/bin/stbench.mjs');
  const run = (args: string[]) => {
    try {
      return {
        code: 0,
        out: execFileSync('node', [bin, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
      };
    } catch (e) {
      const x = e as { status: number; stdout: string; stderr: string };
      return { code: x.status, out: x.stdout + x.stderr };
    }
  };

  it('check writes the report and check.md; an empty root exits 2', () => {
    const b = makeCheckBuild({ scripts: 3, seed: 'cli' });
    const r = run(['check', b.root, '--workers', '2', '--min-questions', '5']);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/min questions 5/);
    expect(existsSync(join(b.root, 'check_report.json'))).toBe(true);
    expect(existsSync(join(b.root, 'check.md'))).toBe(true);
    expect(run(['check', '--data', join(b.root, 'scripts')]).code).toBe(2);
  }, 60_000);

  it('eval writes results.json and results.md over the selected cases', () => {
    const b = makeCheckBuild({ scripts: 3, seed: 'eval' });
    const out = join(`${b.root}-runs`, 'dm'); // beside the build: a run never goes into its data
    const r = run([
      'eval',
      'detections_memory',
      '--data',
      b.root,
      '--channel',
      'detections',
      '--select',
      `sid=${b.sids[0]}`,
      '--out',
      out,
    ]);
    expect(r.code, r.out).toBe(0);
    const res = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
    expect(res.system).toBe('detections_memory');
    expect(res.cases).toEqual([b.cids[0]]);
    expect(readFileSync(join(out, 'results.md'), 'utf8')).toContain('detections_memory');
  }, 60_000);
});
