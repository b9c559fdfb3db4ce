/**
 * `stbench check`: run every scripted system over every case that asks something, on the detections channel,
 * resumably (answers under BUILD/.stbench/check/<compile>/<system>/), score them, read the instrument checks and the
 * gates (gates.ts), and write the check report (check-report.ts) and check.md. It never edits the build's cases,
 * and it refuses (exit 2) a case whose frames or oracle are not the files its script's render log records.
 *
 * A released dataset (foundation/folder-kind.ts) is read-only: nothing is written into it. The saved answers go,
 * while the check runs, beside the report given by `--out` (OUT_DIR/.stbench-check/<compile>/<system>/, never a
 * .stbench/: that would make OUT_DIR a build), and are removed once the report is written (an interrupted check
 * resumes from them); without --out, into a temporary folder removed when the check ends (so a check of a dataset
 * without --out does not resume). One check at a time holds a build (BUILD/.stbench/locks/check.lock) or a dataset
 * check's answers folder (OUT_DIR/.stbench-check/check.lock).
 */
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import {
  checkOutputFile,
  checkOutputFolder,
  DATASET_CHECK_DIR,
  describeKind,
  folderKind,
  hashFile,
  InputError,
  insideRoot,
  isBuildOrDataset,
  newManifest,
  onInterrupt,
  readText,
  runSteps,
  runStepsInterruptible,
  stageLockPath,
  sweepTemps,
  TOOL_VERSION,
  UsageError,
  withLock,
  writeFileAtomic,
  writeJsonAtomic,
  writeManifest,
  type InputIssue,
} from '../foundation/index.ts';
import { renderLogHashes, unvouchedFiles } from '../render/vouched-files.ts';
import { caseIdsOf, compileHash } from '../formats/compile-hash.ts';
import { CHECK_REPORT_FORMAT, parseCheckReport, type BrokenInstrument, type CheckReport } from './check-report.ts';
import { checkMarkdown } from './check-markdown.ts';
import {
  CEILING,
  CHECK_SYSTEMS,
  DEFAULT_MIN_QUESTIONS,
  FLOOR,
  runGatesInterruptible,
  SHORTCUTS,
  type Verdict,
} from './gates.ts';
import { validityReport } from './validity.ts';
import { loadReference } from './validity-reference.ts';
import { buildExposure } from '../render/exposure.ts';
import { renderEngines } from '../render/render-log.ts';
import { everyCaseSteps, runMany, type LoadedCase, type RunProgress } from './harness/index.ts';
import { score, type GoldRow, type ScoredRow } from './score/index.ts';
import { SYSTEMS } from './systems/registry.ts';

export interface CheckOptions {
  data: string;
  verdict?: Verdict;
  workers?: number;
  minQuestions?: number;
  /** write the report here (and check.md beside it) instead of BUILD/check_report.json */
  out?: string;
  /** the systems to run (default: all of CHECK_SYSTEMS) */
  systems?: readonly string[];
  /** bootstrap resamples of the strict reading */
  B?: number;
  /** a reference release's figures to set beside the validity report: a name under checks/references/ or a file */
  reference?: string;
  onProgress?: (system: string, p: RunProgress) => void;
}

export interface CheckResult {
  report: CheckReport;
  markdown: string;
  /** where the report was written (null when a dataset's shipped report was kept) */
  reportPath: string | null;
  mdPath: string | null;
  /** 0, or 1 for a broken instrument or no family kept */
  exitCode: 0 | 1;
}

/** What readBuildQuestions reads. */
interface BuildQuestions {
  cases: LoadedCase[];
  golds: GoldRow[];
  texts: Map<string, string>;
  askFrames: Map<string, number>;
}

/** The gold rows, question texts and ask frames of a build's cases that ask something. */
export function readBuildQuestions(root: string): BuildQuestions {
  return runSteps(buildQuestionSteps(root));
}

/**
 * readBuildQuestions a case (then a script's frames) a step: runCheck lets a signal in between (a release's frames
 * take seconds to hash). Every case is read as eval reads them (harness/every-case.ts), gold included.
 */
function* buildQuestionSteps(root: string): Generator<void, BuildQuestions> {
  const { asking: cases, golds, texts, askFrames } = yield* everyCaseSteps(root, { gold: true });
  const frameIssues = yield* unvouchedFrameSteps(root, cases);
  if (frameIssues.length) throw new InputError(frameIssues);
  return { cases, golds, texts, askFrames };
}

/** The frames and oracles the cases will send that are not the files their render logs record. */
export function unvouchedFrames(root: string, cases: readonly LoadedCase[]): InputIssue[] {
  return runSteps(unvouchedFrameSteps(root, cases));
}

/** unvouchedFrames a script a step. */
function* unvouchedFrameSteps(root: string, cases: readonly LoadedCase[]): Generator<void, InputIssue[]> {
  const bySid = new Map<string, Set<string>>();
  for (const c of cases) {
    const rels =
      bySid.get(c.case.sid) ??
      bySid.set(c.case.sid, new Set([`scripts/${c.case.sid}/perception/oracle.jsonl`])).get(c.case.sid)!;
    for (const f of c.case.frames) rels.add(f.rgb), rels.add(f.depth);
  }
  const issues: InputIssue[] = [];
  for (const [sid, rels] of bySid) {
    yield;
    try {
      issues.push(...unvouchedFiles(root, sid, rels, renderLogHashes(root, sid)));
    } catch (e) {
      if (e instanceof InputError) issues.push(...e.issues);
      else throw e;
    }
  }
  return issues;
}

/** Frames per script (the lines of its pose.jsonl: one step a frame). */
export function scriptFrames(root: string, sids: ReadonlySet<string>): Map<string, number> {
  const out = new Map<string, number>();
  for (const sid of sids) {
    const f = join(root, 'scripts', sid, 'sensors', 'pose.jsonl');
    out.set(
      sid,
      existsSync(f)
        ? readFileSync(f, 'utf8')
            .split('\n')
            .filter((l) => l.trim()).length
        : 0,
    );
  }
  return out;
}

/**
 * The qids of trick questions, from the build's compile report (null where there is none, as on a dataset). The
 * report is held to the root (foundation/inside-root.ts: a link out of the build is refused, exit 2) and read within
 * the limits of a text file.
 */
export function trickQids(root: string): Set<string> | null {
  const f = join(root, 'compile_report.json');
  if (!existsSync(f)) return null;
  const outside = insideRoot(root).checkFile(f);
  if (outside) throw new InputError(outside);
  const text = readText(f);
  try {
    const r = JSON.parse(text) as { trick_qids?: unknown };
    // a report from before the compile listed its trick questions says nothing of them
    return Array.isArray(r.trick_qids) ? new Set(r.trick_qids.filter((q): q is string => typeof q === 'string')) : null;
  } catch {
    return null;
  }
}

/** Refuse an empty or wrong data root loudly. */
export function checkDataRoot(root: string): void {
  if (!existsSync(root) || !statSync(root).isDirectory())
    throw new InputError({ file: root, path: '', message: 'no such build or dataset folder' });
  // what the folder is (foundation/folder-kind.ts): a run folder or a site given as the data is named as such
  const kind = folderKind(root);
  if (kind && !isBuildOrDataset(kind))
    throw new InputError({
      file: root,
      path: '',
      message: `not a build or dataset: it is ${describeKind(kind)} (give the folder holding scripts/ and private/)`,
    });
  if (!existsSync(join(root, 'private')))
    throw new InputError({
      file: root,
      path: '',
      message: 'not a build or dataset: it has no private/ folder (give the folder holding scripts/ and private/)',
    });
  if (!caseIdsOf(root).length)
    throw new InputError({
      file: join(root, 'private'),
      path: '',
      message: 'no compiled case (private/<cid>/case.json): run stbench compile first',
    });
}

/** Where the check of a build (not a dataset) keeps its systems' answers for the compile `hash`, one folder a system. */
export function buildCheckAnswers(root: string, hash: string): string {
  return join(root, '.stbench', 'check', hash.slice(0, 16));
}

/**
 * Where the check keeps its systems' answers, and the lock that guards them: a build's in the build; a dataset's
 * beside the report (`until-report`: removed once the report is written), or, without --out, in a temporary folder.
 */
function answersHome(
  root: string,
  dataset: boolean,
  hash: string,
  report: string | null,
): { dir: string; lock: string; keep: 'build' | 'until-report' | 'temporary' } {
  if (!dataset) return { dir: buildCheckAnswers(root, hash), lock: stageLockPath(root, 'check'), keep: 'build' };
  if (report) {
    const base = join(dirname(report), DATASET_CHECK_DIR);
    return { dir: join(base, hash.slice(0, 16)), lock: join(base, 'check.lock'), keep: 'until-report' };
  }
  const dir = mkdtempSync(join(tmpdir(), 'stbench-check-'));
  return { dir, lock: join(dir, 'check.lock'), keep: 'temporary' };
}

/** Where a check of a build with --out may write in the build: its report and check.md at their names, its answers. */
const CHECK_OWNS_PATHS = ['check_report.json', 'check.md', join('.stbench', 'check'), join('.stbench', 'locks')];

/** The check stage's manifest (BUILD/.stbench/check.json). */
export const CHECK_STAGE = 'check';

/** The files the check writes into a build, by their names (the report and check.md beside it). */
export const CHECK_OUTPUTS = ['check_report.json', 'check.md'] as const;

/**
 * Whether the report just written is the build's own (BUILD/check_report.json, however the path reached it; a
 * dataset's check never writes into the dataset).
 */
function isBuildReport(root: string, reportPath: string): boolean {
  const own = join(root, CHECK_OUTPUTS[0]);
  return existsSync(own) && realpathSync(reportPath) === realpathSync(own);
}

/** Record in BUILD/.stbench/check.json the hashes of the files the check wrote into the build, and its settings. */
function recordCheck(root: string, report: CheckReport): void {
  const m = newManifest(CHECK_STAGE, TOOL_VERSION, {
    verdict_mode: report.verdict_mode,
    min_questions: report.min_questions,
    compile_hash: report.compile_hash,
  });
  for (const f of CHECK_OUTPUTS) m.outputs[f] = hashFile(join(root, f));
  m.complete = true;
  m.updated = new Date().toISOString();
  writeManifest(root, m);
}

/** Run the check over a build. */
export async function runCheck(opts: CheckOptions): Promise<CheckResult> {
  const root = resolve(opts.data);
  checkDataRoot(root);
  const dataset = folderKind(root)?.kind === 'dataset';
  const verdict = opts.verdict ?? 'evidence';
  if (verdict !== 'evidence' && verdict !== 'strict')
    throw new UsageError(`--verdict must be evidence or strict, not ${JSON.stringify(verdict)}`);
  const minQuestions = opts.minQuestions ?? DEFAULT_MIN_QUESTIONS;
  if (!Number.isInteger(minQuestions) || minQuestions < 0)
    throw new UsageError(`--min-questions must be a whole number, not ${minQuestions}`);
  const reference = opts.reference ? loadReference(opts.reference) : undefined;
  const names = opts.systems ?? CHECK_SYSTEMS;
  for (const n of names) if (!SYSTEMS.has(n)) throw new UsageError(`unknown system ${n}`);
  let reportPath: string | null = null;
  let mdPath: string | null = null;
  if (opts.out) {
    // the output-path rule: on a build, --out inside it only as its own report; on a dataset, outside any build or
    // dataset, its answers beside it while the check runs
    const out = resolve(opts.out);
    const md = out.endsWith('.json') ? out.slice(0, -5) + '.md' : `${out}.md`;
    const rules = {
      inputs: [{ path: root, as: '--data' }],
      owns: dataset ? undefined : { dir: root, paths: CHECK_OWNS_PATHS },
    };
    reportPath = checkOutputFile(opts.out, { flag: '--out', ...rules });
    mdPath = md;
    checkOutputFile(mdPath, { flag: '--out (its .md)', ...rules });
    if (dataset)
      checkOutputFolder(join(dirname(reportPath), DATASET_CHECK_DIR), { flag: '--out (its answers folder)', ...rules });
  } else if (!dataset) {
    reportPath = join(root, 'check_report.json');
    mdPath = join(root, 'check.md');
  }
  const hash = compileHash(root);
  const { cases, golds, texts, askFrames } = await runStepsInterruptible(buildQuestionSteps(root));
  if (!cases.length)
    throw new InputError({ file: join(root, 'private'), path: '', message: 'no case asks anything: nothing to check' });
  const home = answersHome(root, dataset, hash, dataset ? reportPath : null);
  const temporary = home.keep === 'temporary';
  const offTemp = temporary ? onInterrupt(() => rmSync(home.dir, { recursive: true, force: true })) : () => {};
  try {
    return await withLock(home.lock, 'stbench check', async () => {
      const goldByQid = new Map(golds.map((g) => [g.qid, g]));
      const caseDirs = cases.map((c) => c.dir);
      const scores: Record<string, Map<string, ScoredRow>> = {};
      const brokenSystems: BrokenInstrument[] = [];
      for (const name of names) {
        const system = SYSTEMS.get(name)!;
        const outcomes = await runMany(system, caseDirs, {
          runDir: join(home.dir, name),
          workers: opts.workers ?? 1,
          channel: 'detections',
          onProgress: (p) => opts.onProgress?.(name, p),
        });
        const answers = new Map<string, unknown>();
        for (const o of outcomes) {
          if (o.status === 'broken') brokenSystems.push({ what: name, why: `case ${o.cid}: ${o.reason ?? 'broken'}` });
          for (const [q, a] of o.answers) answers.set(q, a);
        }
        scores[name] = new Map(golds.map((g) => [g.qid, score(goldByQid.get(g.qid)!, answers.get(g.qid))]));
      }
      const gates = await runGatesInterruptible({ golds, texts, askFrames, scores, verdict, minQuestions, B: opts.B });
      const kept = gates.families.filter((f) => f.status === 'kept').length;
      const engines = renderEngines(root);
      const truthOnly = engines.includes('raycast');
      const exposure = truthOnly ? undefined : await buildExposure(root);
      const validity = validityReport({
        golds,
        families: gates.families,
        floor: scores[FLOOR] ?? new Map(golds.map((g) => [g.qid, score(g, { type: 'unknown' })])),
        shortcuts: SHORTCUTS,
        floorName: FLOOR,
        ceilingName: CEILING,
        frames: scriptFrames(root, new Set(golds.map((g) => g.sid))),
        tricks: trickQids(root),
        B: opts.B,
      });
      const report = parseCheckReport(
        {
          format: CHECK_REPORT_FORMAT,
          tool_version: TOOL_VERSION,
          compile_hash: hash,
          render_engines: engines,
          truth_only: truthOnly,
          verdict_mode: verdict,
          min_questions: minQuestions,
          broken: [...brokenSystems, ...gates.broken],
          families: gates.families,
          map_reader: gates.map_reader,
          summary: { kept_families: kept, dropped_families: gates.families.length - kept },
          validity,
          ...(reference ? { reference } : {}),
          ...(exposure ? { exposure: exposure.places, exposure_unreadable: exposure.unreadable } : {}),
          note: 'The gates cover only the shortcuts thought of: the scripted systems listed here. A family that passes them may still hold a shortcut no system tries.',
        },
        'check report',
      );
      const markdown = checkMarkdown(report);
      if (reportPath && mdPath) {
        for (const f of [reportPath, mdPath]) sweepTemps(dirname(f), { deadOnly: true });
        writeJsonAtomic(reportPath, report);
        writeFileAtomic(mdPath, markdown);
        // the check is a stage of the build: it records what it wrote, as the others do (export holds the shipped
        // report to it, pipeline/release/recorded.ts)
        if (isBuildReport(root, reportPath)) recordCheck(root, report);
        // a dataset's check leaves the report and check.md, not the answers (an oracle's are the gold)
        if (home.keep === 'until-report') rmSync(home.dir, { recursive: true, force: true });
      }
      const exitCode =
        report.broken.length || !report.families.some((f) => f.status === 'kept' && f.kept_qids.length) ? 1 : 0;
      return { report, markdown, reportPath, mdPath, exitCode } as CheckResult;
    });
  } finally {
    offTemp();
    if (temporary) rmSync(home.dir, { recursive: true, force: true });
    if (home.keep === 'until-report') {
      try {
        rmdirSync(dirname(home.dir)); // OUT_DIR/.stbench-check, where nothing is left in it
      } catch {
        // answers of an interrupted check (kept to resume), or another check's
      }
    }
  }
}
