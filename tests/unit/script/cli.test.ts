import { devPlace } from '../../../jobs/places.ts';
import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { getJob } from '../../../jobs/load.ts';
import { Step, formatHeader } from '../../../formats/step.ts';
import { getPlace } from '../../../layouts/load.ts';
import { parseTimeline, worldAt } from '../../../layouts/timeline.ts';
import { planBatch } from '../../../script/batch.ts';
import { REPO_ROOT } from '../../../foundation/index.ts';

const BIN = join(REPO_ROOT, 'pipeline/bin/stbench.mjs');
const run = (...args: string[]) => spawnSync('node', [BIN, ...args], { encoding: 'utf8' });

function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(dir, p)] = readFileSync(p, 'utf8');
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

describe('stbench script', () => {
  const root = mkdtempSync(join(tmpdir(), 'stbench-script-'));

  it('writes the same bytes for the same job, seed and count, in the dataset layout', () => {
    const a = join(root, 'a');
    const b = join(root, 'b');
    for (const out of [a, b])
      execFileSync('node', [
        BIN,
        'script',
        '--job',
        'helper/1',
        '--count',
        '2',
        '--seed',
        '11',
        '--out',
        out,
        '--tasks',
        '2',
      ]);
    const ta = tree(a);
    expect(ta).toEqual(tree(b));
    const sids = readdirSync(join(a, 'scripts'));
    expect(sids.length).toBe(2);
    for (const sid of sids) {
      expect(sid).toMatch(/^[0-9a-f]{16}$/);
      for (const f of [
        `scripts/${sid}/robot.json`,
        `scripts/${sid}/sensors/camera.json`,
        `scripts/${sid}/sensors/pose.jsonl`,
        `private/${sid}/timeline.json`,
        `.stbench/scripts/${sid}/plan.json`,
      ])
        expect(ta[f], f).toBeDefined();
      // the plan never sits under scripts/
      expect(Object.keys(ta).filter((f) => f.startsWith(`scripts/${sid}/`) && f.includes('plan'))).toEqual([]);
      const steps = ta[`scripts/${sid}/sensors/pose.jsonl`]
        .trim()
        .split('\n')
        .map((l) => Step.parse(JSON.parse(l)));
      steps.forEach((s, i) => expect(s.k).toBe(i));
      expect(formatHeader(steps[0])).toMatch(/^\[k0 \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d\] base at \(/);
      const tl = parseTimeline(JSON.parse(ta[`private/${sid}/timeline.json`]));
      expect(Object.keys(worldAt(tl, 0).things).length).toBe(getPlace('apartment_a').things.length);
      const plan = JSON.parse(ta[`.stbench/scripts/${sid}/plan.json`]);
      expect(plan.keyframes.length).toBe(steps.length);
      expect(plan.keyframes[0].camera.position.length).toBe(3);
      expect(plan.decision_frames.length).toBeGreaterThan(0);
    }
  });

  it('lets other jobs share the build and reruns identical settings', () => {
    const out = join(root, 'shared');
    expect(run('script', '--job', 'helper/1', '--count', '1', '--seed', '3', '--out', out, '--tasks', '2').status).toBe(
      0,
    );
    expect(run('script', '--job', 'drone/1', '--count', '1', '--seed', '3', '--out', out, '--tasks', '2').status).toBe(
      0,
    );
    expect(readdirSync(join(out, 'scripts')).length).toBe(2);
    const before = tree(out);
    expect(run('script', '--job', 'helper/1', '--count', '1', '--seed', '3', '--out', out, '--tasks', '2').status).toBe(
      0,
    );
    expect(tree(out)).toEqual(before);
  });

  it('refuses bad input with exit 2 and writes nothing', () => {
    const fresh = join(root, 'never');
    const r1 = run('script', '--job', 'nosuch/1', '--count', '2', '--seed', '1', '--out', fresh);
    expect(r1.status).toBe(2);
    expect(r1.stderr).toMatch(/no job nosuch\/1/);
    const r2 = run('script', '--job', 'helper/1', '--count', '0', '--seed', '1', '--out', fresh);
    expect(r2.status).toBe(2);
    expect(r2.stderr).toMatch(/--count/);
    expect(existsSync(fresh)).toBe(false);
    const out = join(root, 'conflict');
    expect(run('script', '--job', 'helper/1', '--count', '1', '--seed', '5', '--out', out, '--tasks', '2').status).toBe(
      0,
    );
    const before = tree(out);
    const r3 = run('script', '--job', 'helper/1', '--count', '1', '--seed', '6', '--out', out, '--tasks', '2');
    expect(r3.status).toBe(2);
    expect(r3.stderr).toMatch(/script-helper\.json: settings\.seed/);
    expect(tree(out)).toEqual(before);
  });

  it('gives --count 16 the release mix: 12 scripts of 2-3 tasks and 4 of 4-6', () => {
    const job = getJob('drone/1');
    const scripts = planBatch({ job, place: devPlace(job), seed: 'mix', count: 16, maxFrames: 5 });
    const n = scripts.map((s) => s.plan.tasks.length);
    expect(n.filter((x) => x >= 2 && x <= 3).length).toBe(12);
    expect(n.filter((x) => x >= 4 && x <= 6).length).toBe(4);
    expect(new Set(scripts.map((s) => s.sid)).size).toBe(16);
    expect(scripts.every((s) => s.plan.keyframes.length === 5 && s.plan.truncated)).toBe(true);
  });

  it('draws a plan picture', () => {
    const out = join(root, 'a');
    const sid = readdirSync(join(out, 'scripts'))[0];
    const png = join(root, 'plan.png');
    const r = run('plot', join(out, 'scripts', sid), '--out', png);
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(png).subarray(1, 4).toString()).toBe('PNG');
    expect(run('plot', join(root, 'nowhere'), '--out', png).status).toBe(2);
  });
});
