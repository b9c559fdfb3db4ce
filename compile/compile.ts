/**
 * `stbench compile`: every script of a rendered build into cases, questions and gold. The compile seed is fresh
 * unless given and goes into the build's manifest (BUILD/.stbench/compile.json) before anything else, so that a
 * compile killed part-way and run again (without --seed) takes the same seed and writes the same question ids. The
 * build is checked whole before any case is written: a script whose render is incomplete, whose truth was made from
 * another timeline, or whose job spec changed since it was scripted is refused (exit 2). Every file is written
 * atomically (and only when its bytes change); cases of an earlier compile that this one does not make are removed.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { getJob } from '../jobs/load.ts';
import {
  freshSeed,
  hashJson,
  InputError,
  jsonlText,
  newManifest,
  readManifest,
  sha256,
  TOOL_VERSION,
  UsageError,
  writeFileAtomic,
  writeManifest,

} from '../pipeline/core/index.ts';
import { caseIdsOf, compileHash } from '../pipeline/compile-hash.ts';
import { listScripts } from '../render/script-inputs.ts';
import { caseWindows, WINDOW_TASKS } from './cases.ts';
import { compileCase, qidSource, type CompiledCase } from './compile-case.ts';
import { MAX_TARGETS, TRICK_SHARE } from './candidates.ts';
import { jobView, worldFromTimeline } from './families/index.ts';
import { Funnel } from './funnel.ts';
import { compileReport, compileReportMarkdown, type CompileReport, type ReportCase } from './report.ts';
import { readScriptData, scriptFiles, type ScriptData } from './script-data.ts';
import { applyTrickShare, SCREENS, type Screen } from './screens/index.ts';
import { auditCase, changeAudit, type CaseAudit } from './change-audit.ts';
import { caseFrameViews } from './frame-views.ts';
import { COMPILE_VERSION } from './version.ts';

export const COMPILE_STAGE = 'compile';

export interface CompileOptions {
  /** the compile seed; default: the seed of an unfinished compile of this build, else a fresh one */
  seed?: string;
  screens?: readonly Screen[];
  /** called after each script */
  onProgress?: (done: number, total: number, sid: string) => void;
}

export interface CompileResult {
  seed: string;
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

/** The compile seed to use, written to the manifest first. */
function startManifest(build: string, seed?: string): string {
  const prev = readManifest(build, COMPILE_STAGE);
  const resumed = prev && !prev.complete && typeof prev.settings.seed === 'string' ? (prev.settings.seed as string) : undefined;
  const use = seed ?? resumed ?? freshSeed();
  const m = newManifest(COMPILE_STAGE, TOOL_VERSION, { seed: use });
  m.versions = { compile: COMPILE_VERSION };
  m.outputs = prev?.outputs ?? {};
  m.updated = new Date().toISOString();
  writeManifest(build, m);
  return use;
}

function checkJob(data: ScriptData, build: string) {
  const file = join(build, scriptFiles(data.sid).plan);
  let spec;
  try {
    spec = getJob(data.plan.job);
  } catch (e) {
    throw new InputError({ file, path: 'job', message: `names job ${data.plan.job}, which cannot be loaded: ${(e as Error).message}` });
  }
  if (hashJson(spec) !== data.plan.job_hash) {
    throw new InputError({ file, path: 'job_hash', message: `the job spec ${data.plan.job} changed since this script was made; script (and render) again` });
  }
  return spec;
}

/** Remove case folders and index entries an earlier compile wrote that this one did not. */
function removeStale(build: string, cids: ReadonlySet<string>, sids: ReadonlySet<string>): void {
  for (const cid of caseIdsOf(build)) if (!cids.has(cid) && !sids.has(cid)) rmSync(join(build, 'private', cid), { recursive: true, force: true });
  const idx = join(build, 'private', 'index');
  if (!existsSync(idx)) return;
  for (const name of readdirSync(idx)) {
    const id = name.replace(/\.json$/, '');
    if (name.endsWith('.json') && statSync(join(idx, name)).isFile() && !cids.has(id) && !sids.has(id)) rmSync(join(idx, name), { force: true });
  }
}

/** Compile a rendered build. */
export function compileBuild(build: string, opts: CompileOptions = {}): CompileResult {
  const sids = listScripts(build);
  if (sids.length === 0) throw new UsageError(`no scripts in ${build}: run \`stbench script\` and \`stbench render\` first`);
  const seed = startManifest(build, opts.seed);
  const screens = opts.screens ?? SCREENS;

  // read and check every script before writing anything
  const scripts = sids.map((sid) => {
    const data = readScriptData(build, sid);
    return { data, spec: checkJob(data, build) };
  });

  const funnel = new Funnel();
  const qid = qidSource(seed);
  const outputs: Record<string, string> = {};
  const inputs: Record<string, string> = {};
  const reportCases: ReportCase[] = [];
  const cids = new Set<string>();
  let done = 0;
  const audits: CaseAudit[] = [];
  const perScript = scripts.map(({ data, spec }) => {
    const place = data.timeline.place;
    const env = { seed, spec, view: jobView(spec), world: worldFromTimeline(data.timeline), place, funnel, screens, qid };
    const windows = caseWindows(data.plan, data.sid, seed);
    for (const w of windows) if (w.length === 'medium') audits.push(auditCase(data.timeline, caseFrameViews(data, w), { cid: w.cid, job: spec.id }));
    return { data, spec, compiled: windows.map((w) => compileCase(data, w, env)) };
  });
  // the trick-share post-pass over every job's kept questions (compile/screens/trick-share.ts)
  const share = applyTrickShare(perScript.flatMap((s) => s.compiled), seed, funnel);
  let at = 0;
  for (const s of perScript) s.compiled = s.compiled.map(() => share.cases[at++]);
  for (const { data, spec, compiled } of perScript) {
    Object.assign(inputs, data.hashes);
    for (const c of compiled) {
      const cid = c.file.cid;
      cids.add(cid);
      const dir = join('private', cid);
      outputs[join(dir, 'case.json')] = put(build, join(dir, 'case.json'), json(c.file));
      outputs[join(dir, 'questions.jsonl')] = put(build, join(dir, 'questions.jsonl'), jsonlText(c.questions));
      outputs[join(dir, 'gold.jsonl')] = put(build, join(dir, 'gold.jsonl'), jsonlText(c.gold));
      const entry = { id: cid, kind: 'case', sid: data.sid, job: spec.id, layout: spec.layout, length: c.file.length, frames: c.file.frames.length, case: `private/${cid}/case.json`, questions: `private/${cid}/questions.jsonl`, gold: `private/${cid}/gold.jsonl` };
      outputs[join('private', 'index', `${cid}.json`)] = put(build, join('private', 'index', `${cid}.json`), json(entry));
      reportCases.push({
        cid, sid: data.sid, job: spec.id, layout: spec.layout, length: c.file.length, frames: c.file.frames.length, look_points: c.lookPoints.length,
        questions: c.kept.map((q) => ({ family: q.family, ability: q.gold.ability, column: q.gold.column, knowable: q.gold.knowable, trick: q.trick })),
      });
    }
    const f = scriptFiles(data.sid);
    const sEntry = { id: data.sid, kind: 'script', job: spec.id, layout: spec.layout, tasks: data.plan.tasks.length, frames: data.plan.keyframes.length, robot: f.robot, pose: f.pose, timeline: f.timeline, cases: compiled.map((c) => c.file.cid) };
    outputs[join('private', 'index', `${data.sid}.json`)] = put(build, join('private', 'index', `${data.sid}.json`), json(sEntry));
    opts.onProgress?.(++done, scripts.length, data.sid);
  }
  removeStale(build, cids, new Set(sids));

  const hash = compileHash(build);
  const report = compileReport({
    compile_hash: hash,
    compile_seed: seed,
    compile_version: COMPILE_VERSION,
    tool_version: TOOL_VERSION,
    settings: { trick_share: TRICK_SHARE, max_targets: MAX_TARGETS, windows: WINDOW_TASKS, screens: screens.map((s) => s.name) },
    scripts: scripts.map(({ data, spec }) => ({ sid: data.sid, job: spec.id, layout: spec.layout, tasks: data.plan.tasks.length, frames: data.plan.keyframes.length, truth_engine: data.truth_engine })),
    cases: reportCases,
    funnel: funnel.report(),
    trick_share: share.plan.jobs,
    change_audit: changeAudit(audits),
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
  return { seed, scripts: scripts.length, cases: reportCases.length, questions: report.totals.questions, compile_hash: hash, report };
}


