/**
 * `stbench compile`: every script of a rendered build into cases, questions and gold. The compile seed is the one
 * the build's manifest (BUILD/.stbench/compile.json) records, or a fresh one for a build never compiled; another seed
 * needs an explicit `seed`, and then the result says which downstream files it makes stale (`reseeded`). So a compile
 * run again with the same inputs writes the same bytes and the same question ids (which results refer to), whether
 * the first run finished or was killed part-way. The build is checked whole before anything is written: a script
 * whose render is incomplete, whose truth was made from another timeline, whose frames are not the ones its render
 * log records, or whose job spec changed since it was scripted is refused (exit 2) and nothing, not even the
 * manifest, is written. The seed goes into the manifest before the first output, so that a kill during the writes
 * resumes with it. Every file is written atomically (and only when its bytes change); cases of an earlier compile
 * that this one does not make are removed. One compile at a time holds a build (BUILD/.stbench/locks/compile.lock).
 *
 * Scripts are compiled one by one (compileBuild), or on worker threads (compileBuildParallel, `workers`); either
 * way the results are merged in script order, so the bytes written do not depend on the number of workers or on
 * timing. Nothing is written before every script has been read, checked and compiled.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import {
  checkSeed,
  freshSeed,
  jsonlText,
  metaDir,
  newManifest,
  readManifest,
  runSteps,
  runStepsInterruptible,
  sha256,
  stageLockPath,
  sweepTemps,
  TOOL_VERSION,
  UsageError,
  withLock,
  withLockSync,
  writeFileAtomic,
  writeManifest,
} from '../foundation/index.ts';
import { caseIdsOf, compileHash } from '../formats/compile-hash.ts';
import { listScripts } from '../render/script-inputs.ts';
import { WINDOW_TASKS } from './cases.ts';
import { qidSource } from './compile-case.ts';
import { MAX_TARGETS, TRICK_SHARE } from './candidates.ts';
import { compileScript, type ScriptCompile } from './compile-script.ts';
import { compileScriptsOnWorkers } from './compile-pool.ts';
import { Funnel } from './funnel.ts';
import { compileReport, compileReportMarkdown, type CompileReport, type ReportCase } from './report.ts';
import { scriptFiles } from './script-data.ts';
import { SCREENS, type Screen } from './screens/index.ts';
import { applyTrickShare } from './trick-share.ts';
import { changeAudit } from './change-audit.ts';
import { COMPILE_VERSION } from './version.ts';
import { checkJobFamilies } from './job-families.ts';

export const COMPILE_STAGE = 'compile';

export interface CompileOptions {
  /** the compile seed; default: the seed the build's compile manifest records, else (never compiled) a fresh one */
  seed?: string;
  screens?: readonly Screen[];
  /** called after each script is compiled */
  onProgress?: (done: number, total: number, sid: string) => void;
  /**
   * compileBuildParallel only: worker threads to compile scripts on (default defaultCompileWorkers()); 1 compiles
   * on this thread. Custom `screens` (not drawn from SCREENS) always compile on this thread.
   */
  workers?: number;
}

/** Worker threads a compile uses by default: the machine's cores, at most 8. */
export function defaultCompileWorkers(): number {
  return Math.max(1, Math.min(8, availableParallelism()));
}

/** A compile with another seed than the build's last: every case and question id is new. */
export interface Reseeded {
  from: string;
  to: string;
  /** the build's files that describe the old compile (the check report, check.md), relative to the build */
  stale: string[];
}

export interface CompileResult {
  seed: string;
  /** set when `seed` replaced the seed of the build's earlier compile */
  reseeded: Reseeded | null;
  scripts: number;
  cases: number;
  questions: number;
  compile_hash: string;
  report: CompileReport;
}

/** Write a file atomically unless it already holds exactly these bytes; returns its sha256. */
function put(build: string, rel: string, text: string): string {
  const file = join(build, rel);
  const sha = sha256(text);
  if (!(existsSync(file) && sha256(readFileSync(file)) === sha)) writeFileAtomic(file, text);
  return sha;
}

const json = (v: unknown) => JSON.stringify(v, null, 2) + '\n';

/** The compile seed to use: the one given, else the one the build's manifest records, else a fresh one. */
function chooseSeed(build: string, given?: string): { seed: string; reseeded: Reseeded | null } {
  if (given !== undefined) checkSeed(given, (m) => new UsageError(`--seed: ${m}`));
  const prev = readManifest(build, COMPILE_STAGE);
  const recorded = prev && typeof prev.settings.seed === 'string' ? (prev.settings.seed as string) : undefined;
  const seed = given ?? recorded ?? freshSeed();
  if (recorded === undefined || recorded === seed) return { seed, reseeded: null };
  const stale = ['check_report.json', 'check.md'].filter((f) => existsSync(join(build, f)));
  return { seed, reseeded: { from: recorded, to: seed, stale } };
}

/** Write the manifest's start (the seed, not complete) before the first output, and sweep what a kill left. */
function startManifest(build: string, seed: string): void {
  const prev = readManifest(build, COMPILE_STAGE);
  const m = newManifest(COMPILE_STAGE, TOOL_VERSION, { seed });
  m.versions = { compile: COMPILE_VERSION };
  m.outputs = prev?.outputs ?? {};
  m.updated = new Date().toISOString();
  writeManifest(build, m);
}

/** Temporary files a killed compile left in the folders compile writes (others' live writers are left alone). */
function sweepCompileTemps(build: string, cids: Iterable<string>): void {
  for (const d of [build, metaDir(build), join(build, 'private', 'index')]) sweepTemps(d, { deadOnly: true });
  for (const cid of new Set([...cids, ...caseIdsOf(build)]))
    sweepTemps(join(build, 'private', cid), { deadOnly: true });
}

/** The loud notice of a compile with another seed than the build's last. */
export function reseededNotice(build: string, r: Reseeded): string {
  const rule = '!'.repeat(100);
  const stale = r.stale.length ? r.stale.map((f) => `    ${resolve(build, f)}`).join('\n') : '    (none in this build)';
  return [
    rule,
    `!! compile seed changed: ${JSON.stringify(r.from)} -> ${JSON.stringify(r.to)}. Every case id and question id of this build is new.`,
    `!! These files describe the old compile and are now stale (stbench export refuses them; rerun stbench check):`,
    stale,
    `!! Any dataset exported from this build and any eval run over it refer to the old question ids: results of runs`,
    `!! made before this compile do not compare with runs made after it. Give --seed ${JSON.stringify(r.from)} to go back.`,
    rule,
    '',
  ].join('\n');
}

/** Remove case folders and index entries an earlier compile wrote that this one did not. */
function removeStale(build: string, cids: ReadonlySet<string>, sids: ReadonlySet<string>): void {
  for (const cid of caseIdsOf(build))
    if (!cids.has(cid) && !sids.has(cid)) rmSync(join(build, 'private', cid), { recursive: true, force: true });
  const idx = join(build, 'private', 'index');
  if (!existsSync(idx)) return;
  for (const name of readdirSync(idx)) {
    const id = name.replace(/\.json$/, '');
    if (name.endsWith('.json') && statSync(join(idx, name)).isFile() && !cids.has(id) && !sids.has(id))
      rmSync(join(idx, name), { force: true });
  }
}

/** The scripts of a build (a usage error when it has none). */
function scriptsOf(build: string): string[] {
  const sids = listScripts(build);
  if (sids.length === 0)
    throw new UsageError(`no scripts in ${build}: run \`stbench script\` and \`stbench render\` first`);
  return sids;
}

/** Compile a rendered build on this thread. */
export function compileBuild(build: string, opts: CompileOptions = {}): CompileResult {
  checkJobFamilies();
  return withLockSync(stageLockPath(build, COMPILE_STAGE), 'stbench compile', () =>
    runSteps(compileSteps(build, opts)),
  );
}

/** compileBuild for a command: the same bytes, with a signal let in between scripts (foundation/interrupt.ts). */
async function compileHere(build: string, opts: CompileOptions): Promise<CompileResult> {
  return withLock(stageLockPath(build, COMPILE_STAGE), 'stbench compile', () =>
    runStepsInterruptible(compileSteps(build, opts)),
  );
}

/** The one-thread compile, a script a step (the caller holds the lock). */
function* compileSteps(build: string, opts: CompileOptions): Generator<void, CompileResult> {
  const sids = scriptsOf(build);
  const { seed, reseeded } = chooseSeed(build, opts.seed);
  const screens = opts.screens ?? SCREENS;
  const qid = qidSource(seed);
  const results: ScriptCompile[] = [];
  for (const sid of sids) {
    results.push(compileScript(build, sid, { seed, screens, qid }));
    opts.onProgress?.(results.length, sids.length, sid);
    yield;
  }
  return yield* writeCompile(build, seed, reseeded, screens, results);
}

/**
 * Compile a rendered build with its scripts spread over `opts.workers` worker threads, the results merged in
 * script order: the same bytes as compileBuild. Should two workers draw the same question id (which one thread
 * would have drawn again), the build is compiled again on this thread.
 */
export async function compileBuildParallel(build: string, opts: CompileOptions = {}): Promise<CompileResult> {
  checkJobFamilies();
  const screens = opts.screens ?? SCREENS;
  const names = screens.map((s) => (SCREENS.indexOf(s as (typeof SCREENS)[number]) >= 0 ? s.name : null));
  return withLock(stageLockPath(build, COMPILE_STAGE), 'stbench compile', async () => {
    const sids = scriptsOf(build);
    const workers = Math.min(opts.workers ?? defaultCompileWorkers(), sids.length);
    if (workers <= 1 || names.some((n) => n === null)) return compileHere(build, opts);
    const { seed, reseeded } = chooseSeed(build, opts.seed);
    const results = await compileScriptsOnWorkers(build, sids, {
      seed,
      screens: names as string[],
      workers,
      onResult: opts.onProgress,
    });
    const qids = new Set<string>();
    let count = 0;
    for (const r of results) for (const c of r.cases) for (const q of c.questions) qids.add(q.qid), count++;
    if (qids.size !== count) return compileHere(build, { ...opts, seed });
    return runStepsInterruptible(writeCompile(build, seed, reseeded, screens, results));
  });
}

/** Merge compiled scripts (in script order), run the post-passes and write every output, a script a step. */
function* writeCompile(
  build: string,
  seed: string,
  reseeded: Reseeded | null,
  screens: readonly Screen[],
  results: readonly ScriptCompile[],
): Generator<void, CompileResult> {
  const sids = results.map((r) => r.sid);
  sweepCompileTemps(
    build,
    results.flatMap((r) => r.cases.map((c) => c.file.cid)),
  );
  startManifest(build, seed);
  const funnel = new Funnel();
  for (const r of results) funnel.absorb(r.funnel);
  const outputs: Record<string, string> = {};
  const inputs: Record<string, string> = {};
  const reportCases: ReportCase[] = [];
  const cids = new Set<string>();
  // the trick-share post-pass over every job's kept questions (compile/screens/trick-share.ts)
  const share = applyTrickShare(
    results.flatMap((s) => s.cases),
    seed,
    funnel,
  );
  let at = 0;
  const perScript = results.map((r) => ({ r, compiled: r.cases.map(() => share.cases[at++]) }));
  for (const { r, compiled } of perScript) {
    Object.assign(inputs, r.hashes);
    for (const c of compiled) {
      const cid = c.file.cid;
      cids.add(cid);
      const dir = join('private', cid);
      outputs[join(dir, 'case.json')] = put(build, join(dir, 'case.json'), json(c.file));
      outputs[join(dir, 'questions.jsonl')] = put(build, join(dir, 'questions.jsonl'), jsonlText(c.questions));
      outputs[join(dir, 'gold.jsonl')] = put(build, join(dir, 'gold.jsonl'), jsonlText(c.gold));
      const entry = {
        id: cid,
        kind: 'case',
        sid: r.sid,
        job: r.job,
        layout: r.layout,
        split: r.split,
        length: c.file.length,
        frames: c.file.frames.length,
        case: `private/${cid}/case.json`,
        questions: `private/${cid}/questions.jsonl`,
        gold: `private/${cid}/gold.jsonl`,
      };
      outputs[join('private', 'index', `${cid}.json`)] = put(
        build,
        join('private', 'index', `${cid}.json`),
        json(entry),
      );
      reportCases.push({
        cid,
        sid: r.sid,
        job: r.job,
        layout: r.layout,
        length: c.file.length,
        frames: c.file.frames.length,
        look_points: c.lookPoints.length,
        questions: c.kept.map((q, i) => ({
          qid: c.questions[i].qid,
          family: q.family,
          ability: q.gold.ability,
          column: q.gold.column,
          knowable: q.gold.knowable,
          trick: q.trick,
        })),
      });
    }
    const f = scriptFiles(r.sid);
    const sEntry = {
      id: r.sid,
      kind: 'script',
      job: r.job,
      layout: r.layout,
      split: r.split,
      tasks: r.tasks,
      frames: r.frames,
      robot: f.robot,
      pose: f.pose,
      timeline: f.timeline,
      cases: compiled.map((c) => c.file.cid),
    };
    outputs[join('private', 'index', `${r.sid}.json`)] = put(
      build,
      join('private', 'index', `${r.sid}.json`),
      json(sEntry),
    );
    yield;
  }
  removeStale(build, cids, new Set(sids));

  const hash = compileHash(build);
  const report = compileReport({
    compile_hash: hash,
    compile_seed: seed,
    compile_version: COMPILE_VERSION,
    tool_version: TOOL_VERSION,
    settings: {
      trick_share: TRICK_SHARE,
      max_targets: MAX_TARGETS,
      windows: WINDOW_TASKS,
      screens: screens.map((s) => s.name),
    },
    scripts: results.map((r) => ({
      sid: r.sid,
      job: r.job,
      layout: r.layout,
      split: r.split,
      tasks: r.tasks,
      frames: r.frames,
      truth_engine: r.truth_engine,
    })),
    cases: reportCases,
    funnel: funnel.report(),
    trick_share: share.plan.jobs,
    change_audit: changeAudit(results.flatMap((r) => r.audits)),
  });
  outputs['compile_report.json'] = put(build, 'compile_report.json', json(report));
  outputs['compile_report.md'] = put(build, 'compile_report.md', compileReportMarkdown(report));

  const m = readManifest(build, COMPILE_STAGE) ?? newManifest(COMPILE_STAGE, TOOL_VERSION, { seed });
  m.settings = { seed };
  m.inputs = inputs;
  m.outputs = outputs;
  m.versions = { compile: COMPILE_VERSION, compile_hash: hash };
  m.complete = true;
  m.updated = new Date().toISOString();
  writeManifest(build, m);
  return {
    seed,
    reseeded,
    scripts: results.length,
    cases: reportCases.length,
    questions: report.totals.questions,
    compile_hash: hash,
    report,
  };
}
