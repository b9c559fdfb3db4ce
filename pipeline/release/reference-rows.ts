/**
 * The reference rows a release ships (results/<name>.json): the floor, always-"unknown", and the ceiling, the
 * perfect reader (perfect perception and perfect memory of what the frames showed, no agent behind it), both on the
 * detections channel, each a results.json as `stbench eval NAME --data DATASET --channel detections` writes it over
 * the shipped cases; release.json lists them. Verify checks them against the dataset: the same compile, exactly the
 * shipped questions, the cell counts the release weighs by, aggregates that recompute from their rows, the floor's
 * rows rescored from the gold, and the ceiling at 1 on every question.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCheckAnswers } from '../../checks/check.ts';
import { caseAnswersPath, loadCase, readCaseAnswers, runMany } from '../../checks/harness/index.ts';
import {
  aggregate,
  buildResults,
  readGoldRows,
  RESULTS_FORMAT,
  type CellCounts,
  type Results,
} from '../../checks/score/index.ts';
import { SYSTEMS } from '../../checks/systems/registry.ts';
import { canonicalJson, CheckFailed, onInterrupt, readText, writeJsonAtomic } from '../../foundation/index.ts';
import { caseIdsOf, compileHash } from '../../formats/compile-hash.ts';
import type { Contents } from './contents.ts';
import type { ReferenceEntry } from './release-json.ts';

export const RESULTS_DIR = 'results';

/** The reference rows' channel: the gates', on which the check runs the same systems. */
export const REFERENCE_CHANNEL = 'detections';

interface ReferenceSpec {
  name: string;
  system: 'all_unknown' | 'perfect_reader';
  label: string;
}

/** The rows every release ships, in the card's order. */
export const REFERENCE_ROWS: readonly ReferenceSpec[] = [
  {
    name: 'all_unknown',
    system: 'all_unknown',
    label: 'the floor: answers unknown to every question',
  },
  {
    name: 'perfect_reader_detections',
    system: 'perfect_reader',
    label:
      'the ceiling on perfect perception: a scripted reader of the detections channel with perfect memory, no agent',
  },
];

/**
 * Run the reference systems over the shipped cases of the dataset folder `dataset` (filtered, its check report
 * written) on the detections channel, and write results/<name>.json into it; returns the entries for release.json.
 * The check ran the same systems over the build's cases on the same channel: the answers it saved
 * (BUILD/.stbench/check/<compile>/<system>/answers/) are taken for the cases they cover, and any case without
 * them is run here; a deterministic system answers a question the same whatever else its case asks.
 */
export async function writeReferenceRows(opts: {
  build: string;
  dataset: string;
  /** the compile the check read (its saved answers' folder) */
  checkHash: string;
  cellCounts: CellCounts;
  workers?: number;
  log?: (line: string) => void;
}): Promise<ReferenceEntry[]> {
  const ds = opts.dataset;
  const cases = caseIdsOf(ds).map((cid) => loadCase(join(ds, 'private', cid)));
  const asking = cases.filter((c) => c.case.asks.length || c.case.end_qids.length);
  const golds = asking.flatMap((c) => readGoldRows(join(c.dir, 'gold.jsonl')));
  const shippedHash = compileHash(ds);
  const scratch = mkdtempSync(join(tmpdir(), 'stbench-reference-'));
  // Ctrl-C: the scratch runs go too (foundation/interrupt.ts)
  const offScratch = onInterrupt(() => rmSync(scratch, { recursive: true, force: true }));
  try {
    mkdirSync(join(ds, RESULTS_DIR), { recursive: true });
    const out: ReferenceEntry[] = [];
    for (const r of REFERENCE_ROWS) {
      const runDir = join(scratch, r.name);
      const saved = join(buildCheckAnswers(opts.build, opts.checkHash), r.system, 'answers');
      let reused = 0;
      for (const c of asking) {
        const f = join(saved, `${c.case.cid}.json`);
        if (!existsSync(f)) continue;
        const a = readCaseAnswers(f);
        if (a.system !== r.system || a.channel !== REFERENCE_CHANNEL || a.status !== 'ok') continue;
        mkdirSync(join(runDir, 'answers'), { recursive: true });
        copyFileSync(f, caseAnswersPath(runDir, c.case.cid));
        reused++;
      }
      opts.log?.(
        `export: reference row ${r.name} (${r.system} on ${REFERENCE_CHANNEL}): ${reused} of ${asking.length} cases from the check's answers`,
      );
      const outcomes = await runMany(
        SYSTEMS.get(r.system)!,
        asking.map((c) => c.dir),
        { runDir, channel: REFERENCE_CHANNEL, workers: opts.workers ?? 1 },
      );
      const broken = outcomes.filter((o) => o.status === 'broken');
      if (broken.length)
        throw new CheckFailed(
          `the reference row ${r.name} could not be made: ${r.system} broke on ${broken.length} cases:\n` +
            broken.map((b) => `  - ${b.cid}: ${(b.reason ?? 'broken').split('\n')[0]}`).join('\n'),
        );
      const answers = new Map<string, unknown>();
      for (const o of outcomes) for (const [q, a] of o.answers) answers.set(q, a);
      const results = buildResults({
        golds,
        answers,
        system: r.system,
        channel: REFERENCE_CHANNEL,
        compile_hash: shippedHash,
        cellCounts: opts.cellCounts,
        casesSelected: asking.length,
      });
      const file = `${RESULTS_DIR}/${r.name}.json`;
      writeJsonAtomic(join(ds, file), results);
      out.push({
        name: r.name,
        file,
        system: r.system,
        channel: REFERENCE_CHANNEL,
        label: r.label,
        cases_scored: results.cases_scored,
      });
    }
    return out;
  } finally {
    offScratch();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Read a shipped results file (null, with a problem, when it is not one). */
export function readShippedResults(file: string, rel: string, problems: string[]): Results | null {
  let v: Results;
  try {
    v = JSON.parse(readText(file)) as Results;
  } catch (e) {
    problems.push(`${rel}: not readable JSON: ${(e as Error).message}`);
    return null;
  }
  if (!v || v.format !== RESULTS_FORMAT || !Array.isArray(v.rows) || !Array.isArray(v.layouts)) {
    problems.push(`${rel}: not a results file (${RESULTS_FORMAT})`);
    return null;
  }
  return v;
}

/** The layouts' figures a results file's rows give, recomputed (for the comparison with what the file says). */
const figures = (layouts: Results['layouts']) =>
  canonicalJson(
    layouts.map((a) => ({
      layout: a.layout,
      headline: a.headline,
      now: [a.now.score, a.now.n],
      memory: [a.memory.score, a.memory.n],
      ci: a.headline_ci,
    })),
  );

/** Check the shipped reference rows against release.json and the dataset's own cases. */
export function checkReferenceRows(
  dir: string,
  entries: readonly ReferenceEntry[],
  files: readonly string[],
  contents: Contents,
  release: { compile: { shipped_hash: string }; cell_counts: Record<string, number> },
  problems: string[],
): void {
  const listed = new Set(entries.map((e) => e.file));
  for (const rel of files)
    if (rel.startsWith(`${RESULTS_DIR}/`) && !listed.has(rel))
      problems.push(`${rel}: a results file release.json does not list among its reference rows`);
  const floor0 = REFERENCE_ROWS[0];
  if (!entries.some((e) => e.name === floor0.name && e.system === floor0.system))
    problems.push(`release.json: results lacks the floor's reference row ${floor0.name}`);
  const golds = contents.cases.flatMap((c) => c.gold.map((g) => g.row));
  const shippedQids = golds.map((g) => g.qid).sort();
  const asking = new Set(golds.map((g) => g.cid));
  // every shipped question answered unknown: the floor's rows, and the baseline of every lead
  const floor = buildResults({
    golds,
    answers: new Map(golds.map((g) => [g.qid, { type: 'unknown' }])),
    system: 'all_unknown',
    compile_hash: release.compile.shipped_hash,
    B: 0,
  });
  for (const e of entries) {
    const file = join(dir, e.file);
    if (e.file !== `${RESULTS_DIR}/${e.name}.json`) problems.push(`release.json: results ${e.name} names ${e.file}`);
    if (!existsSync(file)) {
      problems.push(`${e.file}: listed in release.json's results, missing`);
      continue;
    }
    const r = readShippedResults(file, e.file, problems);
    if (!r) continue;
    const bad = (what: string) => problems.push(`${e.file}: ${what}`);
    if (r.system !== e.system) bad(`system ${r.system}, release.json says ${e.system}`);
    if (r.channel !== e.channel) bad(`channel ${r.channel}, release.json says ${e.channel}`);
    if (r.compile_hash !== release.compile.shipped_hash)
      bad(`scored compile ${String(r.compile_hash).slice(0, 12)}, not the shipped cases' compile`);
    if (r.cases_scored !== e.cases_scored) bad(`scored ${r.cases_scored} cases, release.json says ${e.cases_scored}`);
    if (r.cases_scored !== asking.size || r.broken.length)
      bad(`scored ${r.cases_scored} cases (${r.broken.length} broken), the dataset has ${asking.size} that ask`);
    if (
      r.rows
        .map((x) => x.qid)
        .sort()
        .join() !== shippedQids.join()
    )
      bad(`its ${r.rows.length} rows are not exactly the ${shippedQids.length} shipped questions`);
    if (canonicalJson(r.cell_counts) !== canonicalJson(release.cell_counts))
      bad("its cell weights are not release.json's cell_counts");
    const again = aggregate(r.rows, {
      cellCounts: r.cell_counts ?? undefined,
      baseline: floor.rows,
      B: r.bootstrap.B,
      seed: r.bootstrap.seed,
    });
    if (figures(again) !== figures(r.layouts)) bad('its per-layout figures do not recompute from its rows');
    if (e.system === 'all_unknown') {
      const byQid = new Map(floor.rows.map((x) => [x.qid, x.score]));
      const off = r.rows.filter((x) => byQid.get(x.qid) !== x.score).length;
      if (off) bad(`${off} rows do not score as unknown does on the shipped gold`);
    }
    if (e.system === 'perfect_reader') {
      const below = r.rows.filter((x) => x.score_gate !== 1).length;
      if (below) bad(`the perfect reader scores below 1 on ${below} shipped questions (a broken instrument)`);
    }
  }
}
