/**
 * `stbench score GOLD.jsonl ANSWERS.jsonl [--out SCORED.jsonl]`: score answers against gold rows, one scored row per
 * gold row in gold order (a question without an answer scores as an invalid answer, reason `missing`).
 * `stbench compare RESULTS_A RESULTS_B [--strict]`: the paired headline difference per layout of two results.json files
 * (or run folders; `stbench eval compare RUN_A RUN_B` is the same), refused across scoring versions, warned (refused
 * with --strict) across protocols, prompts and agent protocols.
 */
import type { Command } from 'commander';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  checkOutputFile,
  checkSeed,
  wholeFlag,
  InputError,
  jsonlText,
  readText,
  UsageError,
  writeJsonlAtomic,
} from '../../foundation/index.ts';
import {
  compare,
  compareMarkdown,
  provenanceCheck,
  readAnswers,
  readGoldRows,
  RESULTS_FORMAT,
  score,
  type Results,
} from '../../checks/score/index.ts';

function readResults(file: string): Results {
  let value: unknown;
  const text = readText(file);
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new InputError({ file, path: '', message: `not a readable JSON file: ${(e as Error).message}` });
  }
  const r = value as Partial<Results>;
  if (!r || r.format !== RESULTS_FORMAT)
    throw new InputError({ file, path: 'format', message: `not ${RESULTS_FORMAT}` });
  for (const k of ['compile_hash', 'cases', 'rows', 'system'] as const) {
    if (r[k] === undefined) throw new InputError({ file, path: k, message: 'missing' });
  }
  return r as Results;
}

/** A run folder's results.json, or the file itself. */
function resultsFile(given: string): string {
  if (existsSync(given) && statSync(given).isDirectory()) {
    const f = join(given, 'results.json');
    if (!existsSync(f)) throw new UsageError(`${given} holds no results.json: is it a run folder of stbench eval?`);
    return f;
  }
  return given;
}

export interface CompareFlags {
  seed: string;
  resamples: string;
  strict?: boolean;
}

/** The options of a paired comparison (`stbench compare`, `stbench eval compare`). */
export function compareOptions(cmd: Command): Command {
  return cmd
    .option('--seed <seed>', 'bootstrap seed', 'score')
    .option('--resamples <n>', 'bootstrap resamples', '2000')
    .option(
      '--strict',
      'refuse (rather than warn about) runs whose protocol, system prompt or agent protocol differ, or that record no provenance',
    );
}

/**
 * Print the paired headline difference per layout of two runs (run folders or their results.json). Runs of different
 * scoring versions are refused; a difference in what the systems were shown (provenanceCheck) is a banner on stderr
 * and a line atop the table, or with --strict a refusal.
 */
export function printCompare(a: string, b: string, opts: CompareFlags): void {
  checkSeed(opts.seed, (m) => new UsageError(`--seed: ${m}`));
  const B = wholeFlag(
    'resamples',
    opts.resamples,
    1,
    1_000_000,
    'a million resamples is minutes of work per layout; 2000 is the default',
  )!;
  const fa = resultsFile(a);
  const fb = resultsFile(b);
  const ra = readResults(fa);
  const rb = readResults(fb);
  const check = provenanceCheck(ra, rb, { a: `A ${fa} (${ra.system})`, b: `B ${fb} (${rb.system})` });
  if (check.refusal) throw new UsageError(check.refusal);
  if (check.warnings.length) {
    const lines = check.warnings.map((w) => `  - ${w}`).join('\n');
    if (opts.strict)
      throw new UsageError(`refusing to compare (--strict): these runs may not be comparable:\n${lines}`);
    const rule = '='.repeat(78);
    process.stderr.write(
      `${rule}\nWARNING: these runs may not be comparable (--strict refuses them):\n${lines}\n${rule}\n`,
    );
  }
  process.stdout.write(compareMarkdown(ra, rb, compare(ra, rb, { B, seed: opts.seed })) + '\n');
}

export function registerScore(program: Command): void {
  program
    .command('score')
    .description('score answers (JSONL: {"qid", "answer"}) against gold rows (gold.jsonl)')
    .argument('<gold>', 'gold.jsonl')
    .argument('<answers>', 'answers JSONL')
    .option(
      '--out <file>',
      'write scored rows here (default: stdout); never one of the inputs, a folder, a link, nor in a build or dataset',
    )
    .action((goldFile: string, answersFile: string, opts: { out?: string }) => {
      if (opts.out !== undefined)
        checkOutputFile(opts.out, {
          flag: '--out',
          inputs: [
            { path: goldFile, as: 'GOLD' },
            { path: answersFile, as: 'ANSWERS' },
          ],
        });
      const golds = readGoldRows(goldFile);
      const answers = readAnswers(answersFile, new Set(golds.map((g) => g.qid)));
      const rows = golds.map((g) => score(g, answers.get(g.qid)));
      if (opts.out) writeJsonlAtomic(opts.out, rows);
      else process.stdout.write(jsonlText(rows));
      const n = rows.length;
      const mean = (f: (r: (typeof rows)[number]) => number) => (n ? rows.reduce((a, r) => a + f(r), 0) / n : 0);
      const missing = rows.filter((r) => r.reason === 'invalid answer: missing').length;
      const invalid = rows.filter((r) => r.answered === 'invalid').length - missing;
      const cats = rows.filter((r) => r.catastrophe).length;
      process.stderr.write(
        `scored ${n} questions: mean score ${mean((r) => r.score).toFixed(3)}, mean gate score ${mean((r) => r.score_gate).toFixed(3)}, ` +
          `${missing} missing, ${invalid} invalid, ${rows.filter((r) => r.answered === 'unknown').length} unknown, ${cats} catastrophes\n`,
      );
    });

  compareOptions(program.command('compare'))
    .description('paired headline difference per layout of two results.json of the same compile and cases')
    .argument('<a>', 'results.json A (or its run folder)')
    .argument('<b>', 'results.json B (or its run folder)')
    .action((fa: string, fb: string, opts: CompareFlags) => printCompare(fa, fb, opts));
}
