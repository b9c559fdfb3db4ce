/**
 * `stbench export`: a checked build -> a Hugging Face dataset folder. It refuses a build whose check found a broken
 * instrument or kept no family, or whose check report read a different compile (compileHash). It ships only the
 * families the check kept and only the qids the balance rule kept, writes the card, LICENSE, CREDITS.md,
 * release.json, the check report, the Parquet questions table and the reference rows (results/: all_unknown and
 * the perfect reader on detections, run over the shipped cases), copies scripts/ and private/ (never BUILD/.stbench/),
 * verifies the result, and only then renames it onto OUT: an interrupted export leaves no dataset folder (Ctrl-C
 * removes the temporary one; after a kill the next export of OUT does). It never writes through a symbolic link,
 * into the build or a folder holding it, or into another dataset, and `--force` replaces only a folder that is a
 * dataset and nothing else (pipeline/release/replaceable.ts); one export at a time holds OUT (.OUT.lock beside it).
 *
 * A build is untrusted input: before it reads anything else, export holds every path the build names and every link
 * in it to the build's root (pipeline/release/named-paths.ts; exit 2 naming the file and field), and it refuses a
 * build any of whose files changed since a stage recorded its hash (the script, render, compile and check manifests,
 * the render logs: pipeline/release/recorded.ts), naming each file, and one with a file it would ship as it is that
 * no stage recorded (naming the stage to run again). The check report ships as the check wrote it. release.json
 * carries the records of the files that ship as they are (`recorded`), so that verify holds the dataset to them too.
 *
 * Each file is hashed once (one cache for the whole export: the build's files, their copies, the verify of the
 * result; pipeline/release/files.ts HashCache), and every hashing pass lets a signal in between files.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { exportBlockers, readCheckReport } from '../checks/check-report.ts';
import { getJob } from '../jobs/load.ts';
import type { JobSpec } from '../jobs/job-schema.ts';
import { buildPlace } from './heldout-places.ts';
import type { Place } from '../layouts/place-schema.ts';
import {
  BUILD_META_DIR,
  checkOutputFolder,
  checkpoint,
  CheckFailed,
  faultPoint,
  isTempName,
  letSignalsIn,
  onInterrupt,
  readText,
  runSteps,
  runStepsInterruptible,
  tempNameFor,
  TOOL_VERSION,
  UsageError,
  withLock,
  writeFileAtomic,
  writeJsonAtomic,
} from '../foundation/index.ts';
import { CASE_FILES, caseIdsOf, compileHash } from '../formats/compile-hash.ts';
import type { Results } from '../checks/score/index.ts';
import { readBuildInfo } from './release/build-info.ts';
import { cardText } from './release/card.ts';
import { readContents } from './release/contents.ts';
import { countRelease } from './release/counts.ts';
import { copyInto, HashCache, hashFileSteps, listFiles } from './release/files.ts';
import { filterCase, shippedQids } from './release/filter.ts';
import { creditsText, licenceText } from './release/licence.ts';
import { questionsParquet, questionsParquetBytes, questionTable } from './release/parquet.ts';
import { Split } from '../formats/split.ts';
import { citationOf, type ReleaseConfig, repoIdProblem, versionProblem } from './release/release-config.ts';
import { RELEASE_FORMAT, type ReleaseJson } from './release/release-json.ts';
import { readRenderLog } from './release/render-log.ts';
import { holdNamedPaths } from './release/named-paths.ts';
import {
  buildRecords,
  carriedRecords,
  changedSinceRecordedSteps,
  SHIPPED_ROOT_FILES,
  unrecordedFiles,
  type HashRecord,
} from './release/recorded.ts';
import { RAYCAST } from '../render/raycast-engine.ts';
import { renderEngines } from '../render/render-log.ts';
import { writeReferenceRows } from './release/reference-rows.ts';
import { whyNotReplaceable } from './release/replaceable.ts';
import { verifyDataset } from './verify.ts';

export { compileHash } from '../formats/compile-hash.ts';

export interface ExportOptions {
  /** the build folder */
  data: string;
  /** the dataset folder to create */
  out: string;
  /** the release's version, X.Y.Z */
  version: string;
  /** the Hugging Face dataset id OWNER/NAME (overrides the config's) */
  repoId?: string;
  /** the release config (hub id, pretty name, code URL, citation) */
  config?: ReleaseConfig;
  /** replace an existing OUT */
  force?: boolean;
  /** export a truth-only build (frames ray-cast, not rendered) as a truth-only dataset; refused without it */
  truthOnly?: boolean;
  /** cases the reference rows run at once (default 1) */
  workers?: number;
  /** progress lines (default: none) */
  log?: (line: string) => void;
}

export interface ExportResult {
  out: string;
  release: ReleaseJson;
}

/**
 * Why the build cannot be exported (empty when it can): the check's blockers, a check report or a compile record
 * of another compile than the build's, every file that changed since a stage recorded its hash (`records`: the
 * build's, buildRecords), and every file that would ship as it is with no stage's record.
 */
export function exportRefusals(
  build: string,
  records: readonly HashRecord[] = buildRecords(build),
  hashes: HashCache = new HashCache(),
): string[] {
  return runSteps(exportRefusalSteps(build, records, hashes));
}

/** exportRefusals with a step between the files it hashes. */
function* exportRefusalSteps(
  build: string,
  records: readonly HashRecord[],
  hashes: HashCache,
): Generator<void, string[]> {
  const reportFile = join(build, 'check_report.json');
  const report = readCheckReport(reportFile);
  const out = exportBlockers(report);
  out.push(...(yield* changedSinceRecordedSteps(build, records, undefined, hashes)));
  // a file that would ship as it is with no record of a stage would be held to nothing
  out.push(...unrecordedFiles(shippedAsIs(build), records));
  const actual = compileHash(build);
  if (report.compile_hash !== actual) {
    out.push(
      `the check report read compile ${report.compile_hash.slice(0, 12)}, but the build's compile is ${actual.slice(0, 12)}: rerun stbench check`,
    );
  }
  const recorded = readBuildInfo(build).compile.hash;
  if (recorded && recorded !== actual)
    out.push(
      `the compile recorded hash ${recorded.slice(0, 12)}, but its outputs now hash to ${actual.slice(0, 12)}: they changed after the compile`,
    );
  return out;
}

/** Remove what an interrupted export of OUT left next to it (its temporary folders). */
function sweepOld(out: string): void {
  const dir = dirname(out);
  if (!existsSync(dir)) return;
  const prefix = `.${basename(out)}`;
  for (const name of readdirSync(dir))
    if (name.startsWith(prefix) && isTempName(name)) rmSync(join(dir, name), { recursive: true, force: true });
}

/** Every file of the build that ships as it is: the copied files and the check report (SHIPPED_ROOT_FILES). */
function shippedAsIs(build: string): string[] {
  return [...copiedFiles(build, new Set(caseIdsOf(build))), ...SHIPPED_ROOT_FILES];
}

/** What of the build ships as it is: scripts/ and private/ minus compiled case files (written filtered), temporaries and anything build-only. */
function copiedFiles(build: string, caseIds: ReadonlySet<string>): string[] {
  const skip = (rel: string): boolean => {
    const parts = rel.split('/');
    if (parts.some((p) => p === BUILD_META_DIR || isTempName(p))) return true;
    if (parts.length === 1) return parts[0] !== 'scripts' && parts[0] !== 'private';
    if (
      parts[0] === 'private' &&
      parts.length === 3 &&
      caseIds.has(parts[1]) &&
      (CASE_FILES as readonly string[]).includes(parts[2])
    )
      return true;
    if (parts[0] === 'private' && parts[2] === 'ids') return true;
    return false;
  };
  return listFiles(build, skip);
}

/**
 * The release's version and hub id, checked (a UsageError, exit 2, names the bad flag): the version X.Y.Z (each part
 * at most 9 digits), the id OWNER/NAME by the Hub's rules (`repoId` over the config's; pipeline/release/
 * release-config.ts). `stbench build` checks them before its first stage.
 */
export function releaseIdentity(opts: Pick<ExportOptions, 'version' | 'repoId' | 'config'>): ReleaseConfig {
  const badVersion = versionProblem(opts.version);
  if (badVersion) throw new UsageError(`--version ${badVersion}`);
  const cfg: ReleaseConfig = { ...(opts.config ?? {}), ...(opts.repoId !== undefined ? { repo_id: opts.repoId } : {}) };
  const badId = cfg.repo_id !== undefined ? repoIdProblem(cfg.repo_id) : undefined;
  if (badId) throw new UsageError(`--repo-id ${badId}`);
  return cfg;
}

/** Export a checked build; throws CheckFailed (exit 1) when refused or when the result does not verify. */
export async function exportDataset(opts: ExportOptions): Promise<ExportResult> {
  const log = opts.log ?? (() => {});
  const build = resolve(opts.data);
  const out = resolve(opts.out);
  const cfg = releaseIdentity(opts);
  if (!existsSync(build) || !statSync(build).isDirectory())
    throw new UsageError(`--data ${opts.data}: no such build folder`);
  // the rule every command's output obeys (no link, into no build or dataset, clear of the build it reads; a
  // dataset it replaces is its own), then what --force may replace
  checkOutputFolder(opts.out, {
    flag: '--out',
    inputs: [{ path: build, as: 'the build folder', keepClear: true }],
    datasetOk: true,
  });
  checkReplace(opts.out, out, build, !!opts.force);
  return withLock(join(dirname(out), `.${basename(out)}.lock`), 'stbench export', () =>
    exportLocked(opts, build, out, cfg, log),
  );
}

/**
 * Refuse an existing --out (exit 2, nothing touched) unless --force and it is a dataset export may replace
 * (pipeline/release/replaceable.ts); the output-path rule has refused a link, the build, a folder that holds it or
 * lies in it, and a folder inside another build or dataset.
 */
function checkReplace(given: string, out: string, build: string, force: boolean): void {
  if (!existsSync(out)) return;
  if (!force)
    throw new UsageError(`--out ${given} exists: remove it or pass --force (which replaces only a dataset folder)`);
  const why = whyNotReplaceable(out, build);
  if (why)
    throw new UsageError(
      `--out ${given} exists and --force will not replace it: ${why}. Nothing was touched; give another --out or remove it yourself`,
    );
}

async function exportLocked(
  opts: ExportOptions,
  build: string,
  out: string,
  cfg: ReleaseConfig,
  log: (line: string) => void,
): Promise<ExportResult> {
  // every path the build names, held to it before anything is read through one
  holdNamedPaths(build);
  const records = buildRecords(build);
  const engines = renderEngines(build);
  const truthOnly = engines.includes(RAYCAST);
  if (truthOnly && !opts.truthOnly)
    throw new UsageError(
      `${opts.data} is a truth-only build: its frames were ray-cast from the world model (render engine raycast), not rendered, ` +
        'so it is no release. Pass --truth-only to export it as a truth-only dataset (its card, release.json and reports say so).',
    );
  if (!truthOnly && opts.truthOnly)
    throw new UsageError(
      `--truth-only: ${opts.data} is a rendered build (render engine blender), not a truth-only one`,
    );
  // every file hashed once, the build's and the dataset's, by every pass of this export
  const hashes = new HashCache();
  const refusals = await runStepsInterruptible(exportRefusalSteps(build, records, hashes));
  if (refusals.length) throw new CheckFailed(`export refused:\n${refusals.map((r) => `  - ${r}`).join('\n')}`);
  const reportFile = join(build, 'check_report.json');
  const report = readCheckReport(reportFile);
  const contents = readContents(build);
  const keep = shippedQids(contents, report, reportFile);
  log(`export: ${keep.size} questions of ${report.summary.kept_families} kept families`);

  sweepOld(out);
  const tmp = tempNameFor(out);
  mkdirSync(tmp, { recursive: true });
  // Ctrl-C: the half-written folder goes; --out is untouched until the rename
  const offInterrupt = onInterrupt(() => rmSync(tmp, { recursive: true, force: true }));
  try {
    // scripts/ and private/, as built
    const caseIds = new Set(contents.cases.map((c) => c.cid));
    const copied = copiedFiles(build, caseIds);
    for (const rel of copied) {
      copyInto(join(build, rel), join(tmp, rel));
      hashes.copied(join(build, rel), join(tmp, rel));
      await checkpoint(); // a signal is let in between files (foundation/interrupt.ts)
    }
    faultPoint('export:after-copy');
    await checkpoint();
    // the compiled cases, filtered to what the check kept
    for (const c of contents.cases) {
      const f = filterCase(c, keep);
      const dir = join(tmp, 'private', c.cid);
      writeJsonAtomic(join(dir, 'case.json'), f.caseJson);
      writeFileAtomic(join(dir, 'questions.jsonl'), f.questions.length ? f.questions.join('\n') + '\n' : '');
      writeFileAtomic(join(dir, 'gold.jsonl'), f.gold.length ? f.gold.join('\n') + '\n' : '');
      await checkpoint();
    }
    const shipped = readContents(tmp);
    const counts = countRelease(shipped);
    const results = await writeReferenceRows({
      build,
      dataset: tmp,
      checkHash: report.compile_hash,
      cellCounts: counts.cell_counts,
      workers: opts.workers,
      log,
    });
    const table = questionTable(contents.cases, keep);
    for (const split of Split.options)
      if (split === 'dev' || table.some((r) => r.split === split))
        writeFileAtomic(
          join(tmp, questionsParquet(split)),
          questionsParquetBytes(
            table.filter((r) => r.split === split),
            TOOL_VERSION,
          ),
        );
    // the check report as the check wrote and recorded it (.stbench/check.json)
    for (const rel of SHIPPED_ROOT_FILES) {
      copyInto(join(build, rel), join(tmp, rel));
      hashes.copied(join(build, rel), join(tmp, rel));
    }

    const jobIds = [...new Set(counts.by_job.map((g) => g.job))].sort();
    const jobs = new Map<string, JobSpec>(jobIds.map((id) => [id, getJob(id)]));
    const placeIds = [...new Set(counts.by_job.map((g) => g.layout))].sort();
    const places = new Map<string, Place>(placeIds.map((id) => [id, buildPlace(build, id)]));
    const renderVersions = shipped.scripts.map((s) => {
      const f = join(build, 'private', s.sid, 'render_log.json');
      return existsSync(f) ? readRenderLog(f).version : null;
    });
    const info = readBuildInfo(build, renderVersions);
    const prettyName = cfg.pretty_name ?? 'SpatiotemporalBench';
    const partial: Omit<ReleaseJson, 'files'> = {
      format: RELEASE_FORMAT,
      version: opts.version,
      repo_id: cfg.repo_id ?? null,
      truth_only: truthOnly,
      versions: { tool: TOOL_VERSION, jobs: jobIds, render: info.render.version, compile: info.compile.version },
      compile: { seed: info.compile.seed, hash: report.compile_hash, shipped_hash: compileHash(tmp) },
      check: {
        verdict_mode: report.verdict_mode,
        kept: report.families
          .filter((f) => f.status === 'kept')
          .map((f) => ({ layout: f.layout, job: f.job, family: f.family, questions: f.kept_qids.length })),
        dropped: report.families
          .filter((f) => f.status === 'dropped')
          .map((f) => ({ layout: f.layout, job: f.job, family: f.family, dropped_by: f.dropped_by ?? '' })),
      },
      counts: { by_job: counts.by_job, total: counts.total },
      cases: counts.cases,
      cell_counts: counts.cell_counts,
      results,
      recorded: carriedRecords(records, new Set([...copied, ...SHIPPED_ROOT_FILES])),
    };
    const card = cardText({
      release: { ...partial, files: {} },
      report,
      jobs,
      places,
      prettyName,
      codeUrl: cfg.code_url ?? null,
      citation: citationOf(cfg, opts.version),
      // the card's reference table reads the shipped files themselves
      references: results.map((entry) => ({
        entry,
        results: JSON.parse(readText(join(tmp, entry.file))) as Results,
      })),
    });
    writeFileAtomic(join(tmp, 'README.md'), card);
    writeFileAtomic(join(tmp, 'LICENSE'), licenceText(prettyName));
    writeFileAtomic(join(tmp, 'CREDITS.md'), creditsText([...places.values()]));
    const release: ReleaseJson = {
      ...partial,
      files: await runStepsInterruptible(
        hashFileSteps(
          tmp,
          listFiles(tmp).filter((f) => f !== 'release.json'),
          hashes,
        ),
      ),
    };
    writeJsonAtomic(join(tmp, 'release.json'), release);
    await checkpoint();

    log('export: verifying');
    const problems = await verifyDataset(tmp, { truthOnly, hashes });
    if (problems.length)
      throw new CheckFailed(
        `the exported folder does not verify (nothing was written to ${opts.out}):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
      );
    faultPoint('export:before-rename');
    // the last moment a signal stops the export with nothing at --out changed
    await letSignalsIn();
    if (existsSync(out)) {
      const old = tempNameFor(out);
      renameSync(out, old);
      renameSync(tmp, out);
      rmSync(old, { recursive: true, force: true });
    } else renameSync(tmp, out);
    faultPoint('export:after-rename');
    log(`export: ${out}`);
    return { out, release };
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    throw e;
  } finally {
    offInterrupt();
  }
}
