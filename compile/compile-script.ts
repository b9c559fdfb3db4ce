/**
 * One script of a build, compiled: its inputs read and checked (compile/script-data.ts, and its job spec against
 * the one it was scripted with), the change audit of its medium case, every case of it compiled, and the fate of
 * every candidate in a funnel of its own. Pure data out (no files written, nothing shared with other scripts but
 * the qid source), so scripts can be compiled on any thread and merged in script order.
 */
import { join } from 'node:path';
import { getJob } from '../jobs/load.ts';
import { InputError } from '../foundation/index.ts';
import { scriptHash } from '../jobs/job-schema.ts';
import { auditCase, type CaseAudit } from './change-audit.ts';
import { caseWindows } from './cases.ts';
import { compileCase, type CompiledCase } from './compile-case.ts';
import { jobView, worldFromTimeline } from './ask/index.ts';
import { caseFrameViews } from './frame-views.ts';
import { Funnel, type FunnelReport } from './funnel.ts';
import type { ReportScript } from './report.ts';
import { readScriptData, scriptFiles, type ScriptData } from './script-data.ts';
import type { Screen } from './screens/index.ts';

/** A compiled script: what the compile writes and reports of it. */
export interface ScriptCompile extends ReportScript {
  /** relative path -> sha256 of each input read */
  hashes: Record<string, string>;
  /** change audits of its medium cases */
  audits: CaseAudit[];
  cases: CompiledCase[];
  /** this script's candidates and their fates */
  funnel: FunnelReport;
}

/** The job spec a script names, refused when it cannot be loaded or changed since the script was made. */
export function jobOfScript(data: ScriptData, build: string) {
  const file = join(build, scriptFiles(data.sid).plan);
  let spec;
  try {
    spec = getJob(data.plan.job);
  } catch (e) {
    throw new InputError({
      file,
      path: 'job',
      message: `names job ${data.plan.job}, which cannot be loaded: ${(e as Error).message}`,
    });
  }
  if (scriptHash(spec) !== data.plan.job_hash) {
    throw new InputError({
      file,
      path: 'job_hash',
      message: `the job spec ${data.plan.job} changed since this script was made (beyond the fields only the compile reads); script (and render) again`,
    });
  }
  return spec;
}

/** Read, check and compile one script; `qid` draws the question ids (unique over the compile). */
export function compileScript(
  build: string,
  sid: string,
  env: { seed: string; screens: readonly Screen[]; qid: (cid: string) => string },
): ScriptCompile {
  const data = readScriptData(build, sid);
  const spec = jobOfScript(data, build);
  const funnel = new Funnel();
  const ctx = {
    seed: env.seed,
    spec,
    view: jobView(spec),
    world: worldFromTimeline(data.timeline),
    place: data.timeline.place,
    funnel,
    screens: env.screens,
    qid: env.qid,
  };
  const windows = caseWindows(data.plan, data.sid, env.seed);
  const audits: CaseAudit[] = [];
  for (const w of windows)
    if (w.length === 'medium')
      audits.push(auditCase(data.timeline, caseFrameViews(data, w), { cid: w.cid, job: spec.id }));
  return {
    sid: data.sid,
    job: spec.id,
    layout: data.plan.place_id,
    split: data.plan.split,
    tasks: data.plan.tasks.length,
    frames: data.plan.keyframes.length,
    truth_engine: data.truth_engine,
    hashes: data.hashes,
    audits,
    cases: windows.map((w) => compileCase(data, w, ctx)),
    funnel: funnel.report(),
  };
}
