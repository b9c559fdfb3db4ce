/**
 * `stbench eval`: run a system (scripted or `cmd:...`) over the compiled cases that ask something, resumably
 * (answers under RUN_DIR/answers/), and write RUN_DIR/results.json and results.md with the scorer's reports. Cell
 * weights come from release.json's per-cell counts when the folder is a dataset, else from the check's kept
 * questions (check_report.json), else from the scored rows themselves. Where a check report exists only its kept
 * questions are scored.
 *
 * A case whose system broke (crashed, hung, wrote garbage) is not a score: it is listed apart in results.json
 * (`broken`) and left out of every aggregate, and results say how many of the selected cases were scored; a rerun
 * with `retryBroken` runs the broken cases again. The run folder records what it is a run of (RUN_DIR/run.json:
 * system, channel, compile hash, selection); a folder that holds anything and is not a run of the same is refused,
 * so a run never overwrites another's results. One eval at a time holds a run folder (RUN_DIR/.lock).
 *
 * Cost: what a paid system says it spent (docs/protocol.md, "Cost") is saved with each case and summed in the
 * results (`cost`: tokens, dollars, cases run and reporting, per layout too). `caseUsd` stops and breaks a case that
 * costs more; `maxUsd` starts no case once the folder's cases (this run's and earlier runs') cost more, and the
 * results then say how many selected cases were not run (`cases_not_run`, `budget.stopped`); a rerun with a higher
 * cap resumes. The caps are not part of run.json: a rerun may change them.
 *
 * Untrusted data: every case of the folder is loaded and held to its root before the first one starts (a frame, a
 * depth, a case or script file that lies outside the build or dataset, by `..`, an absolute path or a symbolic link,
 * or a frame that is not its script's: checks/harness/every-case.ts, the reading `check` and `run` make too), every
 * problem of every case at once (exit 2), and on the detections channel every selected case's depth and oracle must
 * be there: nothing from a bad folder is ever sent to a system.
 *
 * Sandbox: how the system runs (harness/sandbox.ts: `bwrap`, `none` for --local, `in_process`) is recorded in
 * run.json and results.json; a rerun into the folder in another mode is refused, so one run's cases never mix
 * sandboxed and unsandboxed outcomes (a run.json from before the field counts as `none`, or `in_process`).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  checkOutputFolder,
  folderKind,
  InputError,
  isTempName,
  readText,
  runStepsInterruptible,
  TOOL_VERSION,
  toolCommit,
  UsageError,
  withLock,
  writeFileAtomic,
  writeJsonAtomic,
} from '../foundation/index.ts';
import { compileHash } from '../formats/compile-hash.ts';
import { addCost, runCost, zeroCost } from '../formats/cost.ts';
import { Split } from '../formats/split.ts';
import { keptQids, readCheckReport } from './check-report.ts';
import { checkDataRoot } from './check.ts';
import {
  channelFileIssues,
  everyCaseSteps,
  parseChannel,
  PROTOCOL_VERSION,
  runManyReport,
  sandboxMode,
  type Channel,
  type HarnessSystem,
  type LoadedCase,
  type RunProgress,
  type SandboxMode,
} from './harness/index.ts';
import {
  buildResults,
  cellCountsOf,
  resultsMarkdown,
  type BrokenCase,
  type CellCounts,
  type GoldRow,
  type Provenance,
  type Results,
  SCORING_VERSION,
} from './score/index.ts';
import { createHash } from 'node:crypto';

export const SELECT_KEYS = ['job', 'length', 'layout', 'split', 'cid', 'sid'] as const;

export interface EvalOptions {
  system: HarnessSystem;
  data: string;
  out: string;
  /** `key=value`, keys job | length | layout | split (dev, heldout) | cid | sid; values of one key are alternatives, keys all apply */
  select?: readonly string[];
  channel?: Channel | string;
  workers?: number;
  replyTimeoutMs?: number;
  /** bootstrap resamples (default the scorer's) */
  B?: number;
  /** run again the cases a previous run of this folder recorded as broken */
  retryBroken?: boolean;
  /** --case-usd: a case whose reported dollars pass this is stopped and broken */
  caseUsd?: number;
  /** --max-usd: no case starts once the run folder's cases cost more than this, dollars */
  maxUsd?: number;
  onProgress?: (p: RunProgress) => void;
}

export const RUN_FORMAT = 'stbench.run/1';

/** RUN_DIR/run.json: what the run folder is a run of. */
export interface RunRecord {
  format: typeof RUN_FORMAT;
  system: string;
  channel: string;
  compile_hash: string;
  /** the --select options, sorted ([] for every case) */
  select: string[];
  /** how the system runs: bwrap, bwrap_net, harness_loop, none (--local) or in_process */
  sandbox: SandboxMode;
  /** the data folder's absolute path when the run was made (what `stbench view RUN` reads by default; not compared) */
  data?: string;
  /** a model's settings (its endpoint, reasoning, context: InProcessSystem.settings); absent for other systems */
  settings?: Record<string, unknown>;
}

/** The names in a run folder that say nothing about whose it is (its lock, temporary files). */
const isRunNoise = (name: string) => name === '.lock' || isTempName(name);

/** Why `dir` (which holds something) is not a run folder of `want`, or null when it is. */
export function notThisRun(dir: string, want: RunRecord): string | null {
  const names = readdirSync(dir).filter((n) => !isRunNoise(n));
  if (names.length === 0) return null;
  const file = join(dir, 'run.json');
  if (!existsSync(file))
    return `is not a run folder (it has no run.json, and holds ${names.slice(0, 3).join(', ')}${names.length > 3 ? ', ...' : ''})`;
  let got: Partial<RunRecord>;
  try {
    got = JSON.parse(readText(file)) as Partial<RunRecord>;
  } catch {
    return `is not a run folder (${file} is not readable JSON)`;
  }
  if (got.format !== RUN_FORMAT) return `is not a run folder (${file} is not ${RUN_FORMAT})`;
  const diffs: string[] = [];
  if (got.system !== want.system)
    diffs.push(`system ${JSON.stringify(got.system)}, not ${JSON.stringify(want.system)}`);
  if (got.channel !== want.channel)
    diffs.push(`channel ${JSON.stringify(got.channel)}, not ${JSON.stringify(want.channel)}`);
  if (got.compile_hash !== want.compile_hash)
    diffs.push(
      `compile ${String(got.compile_hash).slice(0, 12)}, not ${want.compile_hash.slice(0, 12)} (the data changed or is another build)`,
    );
  if (JSON.stringify(got.select ?? []) !== JSON.stringify(want.select))
    diffs.push(`selection ${JSON.stringify(got.select ?? [])}, not ${JSON.stringify(want.select)}`);
  if (JSON.stringify(got.settings ?? null) !== JSON.stringify(want.settings ?? null))
    diffs.push(
      `settings ${JSON.stringify(got.settings ?? null)}, not ${JSON.stringify(want.settings ?? null)} (the same model with other settings is another run)`,
    );
  const gotMode = got.sandbox ?? (want.sandbox === 'in_process' ? 'in_process' : 'none');
  if (gotMode !== want.sandbox)
    diffs.push(
      `sandbox ${JSON.stringify(gotMode)}, not ${JSON.stringify(want.sandbox)}${want.sandbox === 'bwrap' ? ' (it ran with --local: pass --local again, or use another run folder)' : want.sandbox === 'none' ? ' (it ran sandboxed: drop --local, or use another run folder)' : ''}`,
    );
  return diffs.length ? `is a run of another kind: ${diffs.join('; ')}` : null;
}

/** Parse --select options into key -> accepted values. */
export function parseSelect(select: readonly string[] = []): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const s of select) {
    const i = s.indexOf('=');
    const key = i > 0 ? s.slice(0, i) : '';
    if (!(SELECT_KEYS as readonly string[]).includes(key) || i === s.length - 1)
      throw new UsageError(
        `--select takes key=value with key one of ${SELECT_KEYS.join(', ')}, not ${JSON.stringify(s)}`,
      );
    const value = s.slice(i + 1);
    if (key === 'split' && !Split.safeParse(value).success)
      throw new UsageError(`--select split= takes ${Split.options.join(' or ')}, not ${JSON.stringify(value)}`);
    (out.get(key) ?? out.set(key, new Set()).get(key)!).add(value);
  }
  return out;
}

function selected(c: LoadedCase, sel: Map<string, Set<string>>): boolean {
  const v: Record<string, string> = {
    job: c.case.job,
    length: c.case.length,
    layout: c.case.layout,
    split: c.case.split,
    cid: c.case.cid,
    sid: c.case.sid,
  };
  for (const [k, vals] of sel) if (!vals.has(v[k])) return false;
  return true;
}

/** The cell counts the weights read: release.json's, else the check's kept questions', else null. */
export function datasetCellCounts(root: string, allGolds: readonly GoldRow[]): CellCounts | null {
  const rel = join(root, 'release.json');
  if (existsSync(rel)) {
    try {
      const v = JSON.parse(readText(rel)) as { cell_counts?: CellCounts };
      if (v.cell_counts && typeof v.cell_counts === 'object') return v.cell_counts;
    } catch (e) {
      throw new InputError({ file: rel, path: '', message: `not JSON: ${(e as Error).message}` });
    }
  }
  const rep = join(root, 'check_report.json');
  if (existsSync(rep)) {
    const kept = keptQids(readCheckReport(rep));
    return cellCountsOf(allGolds.filter((g) => kept.has(g.qid)));
  }
  return null;
}

/** What runEval returns. */
export interface EvalOutcome {
  results: Results;
  markdown: string;
  broken: number;
  /** the selected cases */
  cases: number;
  brokenCases: BrokenCase[];
  /** selected cases never run: the budget kept them from starting */
  notRun: number;
  /** whether --max-usd kept cases from starting (never run, or broken and not run again) */
  stopped: boolean;
}

/** What results.json records of where its numbers come from (checks/score/report.ts Provenance). */
export function provenanceOf(system: HarnessSystem, outcomes: readonly { prompt_sha256?: string }[]): Provenance {
  const prompts = [...new Set(outcomes.flatMap((o) => (o.prompt_sha256 ? [o.prompt_sha256] : [])))].sort();
  const own = system.kind === 'in_process' ? system.provenance?.() : undefined;
  return {
    stbench_version: TOOL_VERSION,
    commit: toolCommit(),
    scoring_version: SCORING_VERSION,
    protocol_version: PROTOCOL_VERSION,
    prompt_sha256: prompts.length ? createHash('sha256').update(prompts.join('\n')).digest('hex') : null,
    ...(own ? { system: own } : {}),
  };
}

/** Run the evaluation; returns the results (also written to RUN_DIR). */
/**
 * The cases a run would send (every case of the folder held to its root, the selection, the channel's files
 * there): what runEval runs and `eval --dry-run` describes.
 */
export async function selectedCases(
  opts: Pick<EvalOptions, 'data' | 'select' | 'channel'>,
): Promise<{ root: string; channel: Channel; cases: LoadedCase[]; golds: GoldRow[] }> {
  const root = resolve(opts.data);
  checkDataRoot(root);
  const channel = parseChannel(opts.channel ?? 'rgb_pose');
  const sel = parseSelect(opts.select);
  // every case of the folder, its gold and the root files read, held to the root before any system starts
  const { asking, golds } = await runStepsInterruptible(everyCaseSteps(root, { gold: true }));
  const cases = asking.filter((c) => selected(c, sel));
  if (!cases.length)
    throw new UsageError(`no case that asks something matches ${opts.select?.join(' ') || 'the build'}`);
  // what the selected cases will send on this channel, before the first one starts
  const missing = cases.flatMap((c) => channelFileIssues(c, channel));
  if (missing.length) throw new InputError(missing);
  return { root, channel, cases, golds };
}

export async function runEval(opts: EvalOptions): Promise<EvalOutcome> {
  const sys = opts.system;
  const channel0 = parseChannel(opts.channel ?? 'rgb_pose');
  if (sys.kind === 'in_process' && sys.channels && !sys.channels.includes(channel0))
    throw new UsageError(`${sys.name} runs on the ${sys.channels.join(' or ')} channel, not ${channel0}`);
  const { root, channel, cases, golds: allGolds } = await selectedCases(opts);
  const hash = compileHash(root);
  const record: RunRecord = {
    format: RUN_FORMAT,
    system: opts.system.name,
    channel,
    compile_hash: hash,
    select: [...(opts.select ?? [])].sort(),
    sandbox: sandboxMode(opts.system),
    data: root,
    ...(opts.system.kind === 'in_process' && opts.system.settings ? { settings: opts.system.settings } : {}),
  };
  const runDir = checkOutputFolder(opts.out, {
    flag: '--out',
    inputs: [root],
    owned: (dir) => notThisRun(dir, record),
  });
  return withLock(join(runDir, '.lock'), `stbench eval ${opts.system.name}`, async () => {
    writeJsonAtomic(join(runDir, 'run.json'), record);
    const report = join(root, 'check_report.json');
    const kept = existsSync(report) && folderKind(root)?.kind !== 'dataset' ? keptQids(readCheckReport(report)) : null;
    const { outcomes, unstarted } = await runManyReport(
      opts.system,
      cases.map((c) => c.dir),
      {
        runDir,
        channel,
        workers: opts.workers ?? 1,
        replyTimeoutMs: opts.replyTimeoutMs,
        retryBroken: opts.retryBroken,
        transcripts: true,
        caseUsd: opts.caseUsd,
        maxUsd: opts.maxUsd,
        onProgress: opts.onProgress,
      },
    );
    const brokenCases: BrokenCase[] = outcomes
      .filter((o) => o.status === 'broken')
      .map((o) => ({ cid: o.cid, reason: o.reason ?? 'broken' }));
    // only the cases that ran and did not break: a case the budget kept from starting is not scored either
    const scoredCids = new Set(outcomes.filter((o) => o.status === 'ok').map((o) => o.cid));
    const notRun = cases.length - outcomes.length;
    const layoutOf = new Map(cases.map((c) => [c.case.cid, c.case.layout]));
    const cost = runCost(
      outcomes.map((o) => ({
        layout: layoutOf.get(o.cid)!,
        // the money a case's broken attempts spent stays counted when a rerun replaces them
        cost: o.spent_before ? addCost(o.spent_before, o.cost ?? zeroCost()) : o.cost,
        // the wall time of a paid case (what a paid run needs); a system that spends nothing keeps its results the
        // same bytes from run to run
        wall_ms: o.cost || o.spent_before ? o.timings.wall_ms : 0,
      })),
    );
    const golds = allGolds.filter((g) => scoredCids.has(g.cid) && (!kept || kept.has(g.qid)));
    const answers = new Map<string, unknown>();
    for (const o of outcomes) if (o.status === 'ok') for (const [q, a] of o.answers) answers.set(q, a);
    const counts = datasetCellCounts(root, allGolds);
    const results = buildResults({
      golds,
      answers,
      system: opts.system.name,
      channel,
      compile_hash: hash,
      broken: brokenCases,
      casesSelected: cases.length,
      casesNotRun: notRun,
      cost,
      sandbox: record.sandbox,
      provenance: provenanceOf(opts.system, outcomes),
      budget: {
        max_usd: opts.maxUsd ?? null,
        case_usd: opts.caseUsd ?? null,
        stopped: unstarted.length > 0,
        unstarted: unstarted.length,
      },
      ...(counts ? { cellCounts: counts } : {}),
      ...(opts.B !== undefined ? { B: opts.B } : {}),
    });
    const markdown = resultsMarkdown(results);
    writeJsonAtomic(join(runDir, 'results.json'), results);
    writeFileAtomic(join(runDir, 'results.md'), markdown);
    return {
      results,
      markdown,
      broken: brokenCases.length,
      cases: cases.length,
      brokenCases,
      notRun,
      stopped: unstarted.length > 0,
    };
  });
}
