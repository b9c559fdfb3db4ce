/**
 * The scale-out recipes of docs/render.md checked for what needs no cluster: the Kubernetes manifest is an
 * Indexed batch/v1 Job whose completions and parallelism are the N of its `--shard ${JOB_COMPLETION_INDEX}/N`, run
 * through a shell (Kubernetes itself expands only `$(VAR)`) in the repository, with the build mounted where the
 * command reads it; the Slurm batch script is the shipped pipeline/slurm/render.sbatch and its array matches the
 * submission's default shard count; every `stbench render` command line of both recipes uses only options the
 * command accepts, with values it accepts. The Slurm recipe itself runs in
 * tests/integration/render/slurm-shards.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from '../../../foundation/index.ts';
import { buildProgram } from '../../../pipeline/cli.ts';
import { QUALITY_PRESETS } from '../../../render/quality.ts';
import { parseShard } from '../../../render/script-inputs.ts';
import { DEVICES } from '../../../render/stage.ts';

const DOC = readFileSync(join(REPO_ROOT, 'docs', 'render.md'), 'utf8');
const SBATCH = readFileSync(join(REPO_ROOT, 'pipeline', 'slurm', 'render.sbatch'), 'utf8');

/** The text of one `### ` section of docs/render.md. */
function section(title: string): string {
  const at = DOC.indexOf(`### ${title}\n`);
  expect(at, title).toBeGreaterThanOrEqual(0);
  const rest = DOC.slice(at + 4);
  const end = rest.search(/\n#{2,3} /);
  return end < 0 ? rest : rest.slice(0, end);
}

function blocks(text: string, lang: string): string[] {
  return [...text.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1]);
}

const SLURM = section('Shards on a Slurm array job');
const K8S = section('Shards on a Kubernetes Indexed Job');

const render = buildProgram().commands.find((c: Command) => c.name() === 'render')!;

/** Split a shell command line into words (quotes removed, line continuations joined; no expansion). */
function words(line: string): string[] {
  return [...line.replace(/\\\n/g, ' ').matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
}

/**
 * The problems of the arguments after `stbench render` (the build and options; shell variables as given, or as
 * `vars` sets them in a shard, whose `${...}` index is read as each of 0..n-1): unknown options, missing or refused
 * values.
 */
function renderArgProblems(args: string[], vars: Record<string, string> = {}): string[] {
  const problems: string[] = [];
  const byName = new Map<string, Option>(render.options.map((o) => [o.long!, o]));
  let operands = 0;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '"$@"' || a === '$@' || a === '$options') continue;
    if (!a.startsWith('-')) {
      operands++;
      continue;
    }
    const [name, inline] = a.split(/=(.*)/s, 2);
    const o = byName.get(name);
    if (!o) {
      problems.push(`unknown option ${name}`);
      continue;
    }
    if (!o.required && !o.optional) continue;
    const values: string[] = [];
    if (inline !== undefined) values.push(inline);
    else if (o.variadic) while (i + 1 < args.length && !args[i + 1].startsWith('-')) values.push(args[++i]);
    else if (i + 1 < args.length) values.push(args[++i]);
    if (!values.length) {
      problems.push(`${name} without a value`);
      continue;
    }
    const v = values[0];
    if (name === '--quality' && !(v in QUALITY_PRESETS)) problems.push(`--quality ${v}: not a preset`);
    if ((name === '--device' || name === '--cycles-device') && !DEVICES.includes(v as never))
      problems.push(`${name} ${v}: not a device`);
    if (['--workers', '--samples', '--threads'].includes(name) && !/^\d+$/.test(v))
      problems.push(`${name} ${v}: not a whole number`);
    if (name === '--shard') {
      const count = v.split('/')[1]?.replace(/^\$\{?(\w+)\}?$/, (w, k: string) => vars[k] ?? w);
      const n = count && /^\d+$/.test(count) ? count : undefined;
      const shards = n ? Number(n) : 1;
      for (let k = 0; k < shards; k++) {
        const text = `${v.split('/')[0].replace(/^\$\{?\w+\}?$/, String(k))}/${count}`;
        try {
          parseShard(text);
        } catch (e) {
          problems.push(`--shard ${v} as ${text}: ${(e as Error).message}`);
        }
      }
    }
  }
  if (operands !== 1) problems.push(`${operands} operands (the build is the one)`);
  return problems;
}

/** Every `npx stbench render ...` command line in a text: in code blocks, inline code and quoted strings. */
function renderLines(text: string): string[][] {
  const out: string[][] = [];
  for (const m of text.matchAll(/npx stbench render ([^\n]*)/g)) {
    // a line opened by a quote or a backtick (`--wrap "npx ..."`, `args: ["npx ..."]`) ends where it closes
    const opener = /(["`])[^"`\s]*$/.exec(text.slice(0, m.index))?.[1];
    out.push(words(opener ? m[1].split(opener)[0] : m[1]));
  }
  return out;
}

describe('the Kubernetes recipe of docs/render.md', () => {
  const yamls = blocks(K8S, 'yaml');
  const job = parse(yamls[0]);
  const container = job.spec.template.spec.containers[0];
  const line: string = container.args.join(' ');

  it('is one YAML manifest of an Indexed batch/v1 Job', () => {
    expect(yamls.length).toBe(1);
    expect(job.apiVersion).toBe('batch/v1');
    expect(job.kind).toBe('Job');
    expect(job.spec.completionMode).toBe('Indexed');
    // a per-index backoff needs pods that are not restarted in place
    expect(job.spec.template.spec.restartPolicy).toBe('Never');
    expect(Number.isInteger(job.spec.backoffLimitPerIndex)).toBe(true);
  });

  it('runs shard JOB_COMPLETION_INDEX of N, N being its completions and its parallelism', () => {
    const m = /--shard \$\{JOB_COMPLETION_INDEX\}\/(\d+)(?!\S)/.exec(line);
    expect(m, line).toBeTruthy();
    const n = Number(m![1]);
    expect(job.spec.completions).toBe(n);
    expect(job.spec.parallelism).toBe(n);
    // ${...} is the shell's: Kubernetes expands only $(VAR) in args
    expect(container.command).toEqual(['sh', '-c']);
    expect(container.args.length).toBe(1);
  });

  it('renders the build it mounts, from the repository', () => {
    const args = words(line);
    expect(args.slice(0, 3)).toEqual(['npx', 'stbench', 'render']);
    const mounts = container.volumeMounts.map((v: { mountPath: string }) => v.mountPath);
    expect(mounts).toContain(args[3]);
    expect(container.workingDir).toMatch(/^\//);
    const volumes = job.spec.template.spec.volumes.map((v: { name: string }) => v.name);
    for (const v of container.volumeMounts) expect(volumes).toContain(v.name);
  });

  it('uses only options `stbench render` accepts, in the manifest and the merge', () => {
    const lines = renderLines(K8S);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.some((a) => a.includes('--merge'))).toBe(true);
    for (const a of lines) expect(renderArgProblems(a), a.join(' ')).toEqual([]);
  });
});

describe('the Slurm recipe of docs/render.md', () => {
  const [script, submit] = blocks(SLURM, 'bash');

  it('shows the shipped batch script verbatim, then the submission', () => {
    expect(script).toBe(SBATCH);
    expect(submit).toMatch(/pipeline\/slurm\/render\.sbatch/);
  });

  it("renders shard SLURM_ARRAY_TASK_ID of the N it is given; the script's array and the default N agree", () => {
    expect(SBATCH).toMatch(/--shard "\$\{SLURM_ARRAY_TASK_ID\}\/\$\{shards\}"/);
    expect(SBATCH).not.toMatch(/SLURM_ARRAY_TASK_COUNT/);
    const array = /^#SBATCH --array=0-(\d+)$/m.exec(SBATCH);
    const shards = /^build=\S+ shards=(\d+) /m.exec(submit);
    expect(array && shards).toBeTruthy();
    expect(Number(array![1]) + 1).toBe(Number(shards![1]));
    expect(submit).toMatch(/--array=0-\$\(\(shards - 1\)\) pipeline\/slurm\/render\.sbatch "\$build" "\$shards"/);
    expect(submit).toMatch(/--dependency=afterok:\$jid/);
  });

  it('uses only options `stbench render` accepts: the script, the submission, the merge, the status', () => {
    const shards = /^build=\S+ shards=(\d+) /m.exec(submit)![1];
    const lines = [...renderLines(SBATCH), ...renderLines(submit), ...renderLines(SLURM.replace(script, ''))];
    expect(lines.some((a) => a.includes('--merge'))).toBe(true);
    expect(lines.some((a) => a.includes('--status'))).toBe(true);
    expect(lines.some((a) => a.includes('--shard'))).toBe(true);
    for (const a of lines) expect(renderArgProblems(a, { shards }), a.join(' ')).toEqual([]);
    const options = /options="([^"]*)"/.exec(submit)![1];
    expect(renderArgProblems(['BUILD', ...words(options)])).toEqual([]);
  });
});
