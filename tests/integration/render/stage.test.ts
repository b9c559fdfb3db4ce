/**
 * The render stage end to end with the real Blender on a tiny build (two helper scripts, three frames each, test
 * quality): a run killed at the fault points and rerun gives the uninterrupted run's build; two shards plus
 * --merge give it too; a build whose timeline changed is refused, and so is one rendered by another version of the
 * Blender side's scene builder (render/blender/render_job.py).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { execa } from 'execa';
import { hashFile, isTempName, manifestPath } from '../../../foundation/index.ts';
import { RENDERER_INPUT, scriptStage } from '../../../render/stage.ts';
import { REPO_ROOT } from '../../../foundation/index.ts';

const BIN = join(REPO_ROOT, 'pipeline', 'bin', 'stbench.mjs');
const RENDER = ['--quality', 'test', '--samples', '1'];
let root: string;
let scripted: string;
let reference: string;
let sids: string[];

async function stbench(args: string[], env: Record<string, string> = {}) {
  return execa('node', [BIN, ...args], { reject: false, env: { ...process.env, ...env }, timeout: 400_000 });
}

function copyBuild(name: string): string {
  const dir = join(root, name);
  cpSync(scripted, dir, { recursive: true });
  return dir;
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(p));
    else out.push(p);
  }
  return out;
}

const TIMING = new Set(['render_s', 'wall_s']);
function withoutTiming(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutTiming);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v)
        .filter(([k]) => !TIMING.has(k))
        .map(([k, x]) => [k, withoutTiming(x)]),
    );
  return v;
}

/** The build equals the reference: data files byte for byte, JPEGs as logged, logs apart from timing, no temporaries. */
function expectSameBuild(build: string): void {
  for (const sid of sids) {
    const logA = JSON.parse(readFileSync(join(reference, 'private', sid, 'render_log.json'), 'utf8'));
    const logB = JSON.parse(readFileSync(join(build, 'private', sid, 'render_log.json'), 'utf8'));
    expect(withoutTiming(logB)).toEqual(withoutTiming(logA));
    for (const [rel, sha] of Object.entries(logB.outputs as Record<string, string>)) {
      expect(hashFile(join(build, rel)), rel).toBe(sha);
      if (!rel.endsWith('.jpg'))
        expect(readFileSync(join(build, rel)).equals(readFileSync(join(reference, rel))), rel).toBe(true);
    }
    for (const rel of [
      `private/${sid}/visibility.jsonl`,
      `private/${sid}/perception_ids.jsonl`,
      `scripts/${sid}/perception/oracle.jsonl`,
    ])
      expect(readFileSync(join(build, rel), 'utf8')).toBe(readFileSync(join(reference, rel), 'utf8'));
  }
  const temps = walk(build).filter((p) => isTempName(p.split('/').pop()!));
  expect(temps.map((p) => relative(build, p))).toEqual([]);
  const tmp = join(build, '.stbench', 'tmp');
  if (existsSync(tmp)) expect(walk(tmp)).toEqual([]);
  const stage = JSON.parse(readFileSync(join(build, '.stbench', 'render.json'), 'utf8'));
  expect(stage.complete).toBe(true);
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'stbench-render-stage-'));
  scripted = join(root, 'scripted');
  const r = await stbench([
    'script',
    '--job',
    'helper/1',
    '--count',
    '2',
    '--seed',
    'render-stage',
    '--out',
    scripted,
    '--tasks',
    '1',
    '--max-frames',
    '3',
  ]);
  expect(r.exitCode, r.stderr).toBe(0);
  sids = readdirSync(join(scripted, 'private')).sort();
  expect(sids.length).toBe(2);
  reference = copyBuild('reference');
  const a = await stbench(['render', reference, ...RENDER, '--workers', '2']);
  expect(a.exitCode, a.stderr).toBe(0);
  expect(a.stdout).toMatch(/rendered 6 frames, kept 0/);
}, 600_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('render stage', () => {
  it('writes frames, truth records, render logs and a complete stage manifest', () => {
    for (const sid of sids) {
      const log = JSON.parse(readFileSync(join(reference, 'private', sid, 'render_log.json'), 'utf8'));
      expect(log.frames.length).toBe(3);
      expect(log.samples_reported).toEqual([1]);
      expect(log.device).toEqual(['CPU']);
      expect(log.blender).toMatch(/^\d+\.\d+/);
      expect(log.render_job.sha256).toBe(hashFile(join(reference, log.render_job.path)));
      expect(
        readFileSync(join(reference, 'private', sid, 'visibility.jsonl'), 'utf8')
          .trim()
          .split('\n').length,
      ).toBe(3);
      for (const f of log.frames)
        expect(
          statSync(join(reference, 'private', sid, 'depth', `${String(f.index).padStart(6, '0')}.png`)).size,
        ).toBeGreaterThan(0);
    }
  });

  for (const [point, after, keptMin] of [
    ['render:before-rename', '3', 2],
    ['render:after-rename', '3', 3],
  ] as const) {
    it(`resumes after a kill at ${point}`, async () => {
      const build = copyBuild(point.replace(':', '-'));
      const killed = await stbench(['render', build, ...RENDER], { STBENCH_FAULT: point, STBENCH_FAULT_AFTER: after });
      expect(killed.exitCode, killed.stderr).toBe(137);
      const status = await stbench(['render', build, '--status']);
      expect(status.stdout).toMatch(new RegExp(`total ${keptMin}/6 frames`));
      const rerun = await stbench(['render', build, ...RENDER]);
      expect(rerun.exitCode, rerun.stderr).toBe(0);
      expect(rerun.stdout).toMatch(new RegExp(`rendered ${6 - keptMin} frames, kept ${keptMin}`));
      expectSameBuild(build);
    }, 600_000);
  }

  it('gives the same build from two shards and --merge', async () => {
    const build = copyBuild('sharded');
    const early = await stbench(['render', build, '--merge']);
    expect(early.exitCode).toBe(1);
    expect(early.stderr).toMatch(/never rendered/);
    for (const s of ['0/2', '1/2']) {
      const r = await stbench(['render', build, ...RENDER, '--shard', s]);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/rendered 3 frames/);
    }
    const m = await stbench(['render', build, '--merge']);
    expect(m.exitCode, m.stderr).toBe(0);
    expectSameBuild(build);
  }, 600_000);

  it('refuses (exit 2) a build whose timeline changed after rendering, writing nothing', async () => {
    const build = copyBuild('changed');
    cpSync(join(reference, 'private'), join(build, 'private'), { recursive: true });
    cpSync(join(reference, 'scripts'), join(build, 'scripts'), { recursive: true });
    cpSync(join(reference, '.stbench'), join(build, '.stbench'), { recursive: true });
    const tl = join(build, 'private', sids[0], 'timeline.json');
    writeFileSync(tl, JSON.stringify(JSON.parse(readFileSync(tl, 'utf8')), null, 1));
    const log = join(build, 'private', sids[0], 'render_log.json');
    const before = readFileSync(log, 'utf8');
    const r = await stbench(['render', build, ...RENDER]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/timeline\.json.*other inputs|other inputs.*timeline\.json/);
    expect(readFileSync(log, 'utf8')).toBe(before);
    const other = await stbench(['render', build, '--quality', 'final']);
    expect(other.exitCode).toBe(2);
  }, 120_000);

  it('refuses (exit 2) frames that another version of render_job.py made, writing nothing', async () => {
    const build = copyBuild('renderer');
    for (const d of ['private', 'scripts', '.stbench']) cpSync(join(reference, d), join(build, d), { recursive: true });
    const mp = manifestPath(build, scriptStage(sids[0]));
    const m = JSON.parse(readFileSync(mp, 'utf8'));
    // the reference records the scene builder it rendered with: as this tool's, so the rerun would resume
    expect(m.inputs[RENDERER_INPUT]).toBe(hashFile(join(REPO_ROOT, 'render', 'blender', 'render_job.py')));
    m.inputs[RENDERER_INPUT] = '0'.repeat(64);
    writeFileSync(mp, JSON.stringify(m, null, 2));
    const log = join(build, 'private', sids[0], 'render_log.json');
    const before = readFileSync(log, 'utf8');
    const r = await stbench(['render', build, ...RENDER]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/other inputs: <stbench>\/render\/blender\/render_job\.py: changed/);
    expect(readFileSync(log, 'utf8')).toBe(before);
  }, 120_000);
});
