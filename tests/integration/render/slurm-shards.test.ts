/**
 * The Slurm recipe of docs/render.md ("Shards on a Slurm array job") run for real on a one-node cluster started
 * for the test (tests/helpers/slurm-cluster.ts): a tiny build (two helper scripts, two frames each, test quality)
 * is rendered by the docs' own submission lines, as a two-task array of pipeline/slurm/render.sbatch and a merge job
 * that depends on it, and gives the build a one-process render gives: depth PNGs, id masks and truth records byte
 * for byte, JPEGs as logged, render logs apart from timings. Then one shard is resubmitted alone, as the docs say
 * to after a failure, and renders only the frame it lacked. Skipped, with the reason printed, where no cluster can
 * start (Slurm or munge not installed, a daemon refused to run); with STBENCH_REQUIRE_SLURM=1 (a machine known to
 * run a cluster) that is a failure instead. .ci/run installs Slurm and munge, so CI runs it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { execa } from 'execa';
import { hashFile, isTempName, REPO_ROOT } from '../../../foundation/index.ts';
import { startSlurmCluster } from '../../helpers/slurm-cluster.ts';

const BIN = join(REPO_ROOT, 'pipeline', 'bin', 'stbench.mjs');
const SBATCH_SCRIPT = 'pipeline/slurm/render.sbatch';
const OPTIONS = '--quality test --workers 1';

const REQUIRED = process.env.STBENCH_REQUIRE_SLURM === '1';
const started = await startSlurmCluster();
if (started.skip && !REQUIRED)
  console.warn(`slurm-shards: skipped, no Slurm cluster could start here: ${started.skip}`);
const cluster = started.cluster;

let root: string;
let reference: string;
let sids: string[];

async function stbench(args: string[]) {
  return execa('node', [BIN, ...args], { reject: false, timeout: 400_000 });
}

/** The docs' fenced block that follows `marker` (the first ```bash block after it). */
function docsBlock(marker: string): string {
  const doc = readFileSync(join(REPO_ROOT, 'docs', 'render.md'), 'utf8');
  const at = doc.indexOf(marker);
  expect(at, marker).toBeGreaterThanOrEqual(0);
  const m = /```bash\n([\s\S]*?)```/.exec(doc.slice(at));
  expect(m, `a bash block after ${marker}`).toBeTruthy();
  return m![1];
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );
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

/** The build equals the one-process reference (as tests/integration/render/stage.test.ts compares). */
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
      expect(readFileSync(join(build, rel), 'utf8'), rel).toBe(readFileSync(join(reference, rel), 'utf8'));
  }
  expect(
    walk(build)
      .filter((p) => isTempName(p.split('/').pop()!))
      .map((p) => relative(build, p)),
  ).toEqual([]);
  const stage = JSON.parse(readFileSync(join(build, '.stbench', 'render.json'), 'utf8'));
  expect(stage.complete).toBe(true);
}

interface JobRecord {
  JobId: string;
  JobState: string;
  ExitCode: string;
  ArrayJobId?: string;
  ArrayTaskId?: string;
  StdOut?: string;
}

/** Every job the cluster knows (`scontrol show job -o`, one line a job, KEY=VALUE fields). */
async function jobs(): Promise<JobRecord[]> {
  const r = await execa('scontrol', ['show', 'job', '-o'], { env: cluster!.env, reject: false });
  if (r.exitCode !== 0 || /No jobs in the system/.test(r.stdout)) return [];
  return r.stdout
    .trim()
    .split('\n')
    .map((line) => Object.fromEntries(line.split(' ').map((kv) => kv.split(/=(.*)/s, 2))) as unknown as JobRecord);
}

const RUNNING = new Set(['PENDING', 'CONFIGURING', 'RUNNING', 'COMPLETING', 'SUSPENDED', 'REQUEUED', 'RESIZING']);

/** Wait until no job is pending or running; the jobs' records then. */
async function settle(timeoutMs: number): Promise<JobRecord[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const all = await jobs();
    if (all.length && all.every((j) => !RUNNING.has(j.JobState))) return all;
    if (Date.now() > deadline) throw new Error(`jobs still running: ${JSON.stringify(all)}\n${cluster!.logs()}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

function jobOutput(j: JobRecord): string {
  return j.StdOut && existsSync(j.StdOut) ? readFileSync(j.StdOut, 'utf8') : `(no output file ${j.StdOut})`;
}

beforeAll(async () => {
  if (!cluster) return;
  root = mkdtempSync(join(tmpdir(), 'stbench-slurm-shards-'));
  const scripted = join(root, 'scripted');
  const r = await stbench([
    'script',
    '--job',
    'helper/1',
    '--count',
    '2',
    '--seed',
    'slurm-shards',
    '--out',
    scripted,
    '--tasks',
    '1',
    '--max-frames',
    '2',
  ]);
  expect(r.exitCode, r.stderr).toBe(0);
  sids = readdirSync(join(scripted, 'private')).sort();
  expect(sids.length).toBe(2);
  cpSync(scripted, join(root, 'sharded'), { recursive: true });
  reference = join(root, 'reference');
  cpSync(scripted, reference, { recursive: true });
  const a = await stbench(['render', reference, ...OPTIONS.split(' ')]);
  expect(a.exitCode, a.stderr).toBe(0);
  expect(a.stdout).toMatch(/rendered 4 frames, kept 0/);
}, 600_000);

afterAll(async () => {
  await cluster?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('the Slurm recipe of docs/render.md', () => {
  it('ships the batch script the docs show', () => {
    expect(docsBlock('### Shards on a Slurm array job')).toBe(readFileSync(join(REPO_ROOT, SBATCH_SCRIPT), 'utf8'));
  });

  it.runIf(REQUIRED && !cluster)('starts a one-node Slurm cluster (STBENCH_REQUIRE_SLURM=1)', () => {
    throw new Error(`no Slurm cluster could start: ${started.skip}`);
  });

  it.skipIf(!cluster)(
    'renders two shards as an array job and merges them in a dependent job: the one-process build',
    async () => {
      const build = join(root, 'sharded');
      const env = { ...cluster!.env, SBATCH_OUTPUT: join(cluster!.dir, 'slurm-%j.out') };
      // the docs' submission lines, with this build, two shards and the test's quality
      const lines = docsBlock('The N shards go in one array job').split('\n');
      expect(lines[0]).toMatch(/^build=\S+ shards=\d+ options="[^"]*"$/);
      lines[0] = `build=${build} shards=2 options="${OPTIONS}"`;
      const submit = await execa('bash', ['-euo', 'pipefail', '-c', lines.join('\n')], {
        cwd: REPO_ROOT,
        env,
        reject: false,
      });
      expect(submit.exitCode, `${submit.stdout}\n${submit.stderr}`).toBe(0);
      const all = await settle(400_000);
      const shards = all.filter((j) => j.ArrayTaskId !== undefined && j.ArrayTaskId !== '');
      const merge = all.filter((j) => !shards.includes(j));
      const report = all.map((j) => `${j.JobId} ${j.JobState} ${j.ExitCode}\n${jobOutput(j)}`).join('\n');
      expect(shards.map((j) => j.ArrayTaskId).sort(), report).toEqual(['0', '1']);
      expect(merge.length, report).toBe(1);
      for (const j of all) expect(`${j.JobState} ${j.ExitCode}`, report).toBe('COMPLETED 0:0');
      for (const j of shards) expect(jobOutput(j)).toMatch(/rendered 2 frames, kept 0, over 1 scripts/);
      expect(jobOutput(merge[0])).toMatch(/render complete: 2 scripts, 4 frames verified/);
      expectSameBuild(build);

      // a shard resubmitted alone (the docs' `sbatch --array=7 ...`) renders shard 1 of 2 and only what it lacks
      const lost = Object.keys(
        JSON.parse(readFileSync(join(build, 'private', sids[1], 'render_log.json'), 'utf8')).outputs,
      ).find((rel) => rel.includes('/depth/'))!;
      rmSync(join(build, lost));
      const again = await execa('sbatch', ['--wait', '--array=1', SBATCH_SCRIPT, build, '2', ...OPTIONS.split(' ')], {
        cwd: REPO_ROOT,
        env,
        reject: false,
        timeout: 400_000,
      });
      const rerun = (await jobs()).filter((j) => !all.some((k) => k.JobId === j.JobId));
      expect(rerun.length).toBe(1);
      expect(again.exitCode, `${again.stderr}\n${jobOutput(rerun[0])}`).toBe(0);
      expect(jobOutput(rerun[0])).toMatch(/rendered 1 frames, kept 1, over 1 scripts/);
      const m = await stbench(['render', build, '--merge']);
      expect(m.exitCode, m.stderr).toBe(0);
      expectSameBuild(build);
    },
    900_000,
  );
});
