/**
 * `stbench eval SYSTEM --data DIR [--select job=helper/1] [--select length=short] [--channel rgb_pose|detections]
 * [--workers N] [--timeout S] [--case-usd X] [--max-usd Y] --out RUN_DIR`: run a scripted system, `cmd:<command>`
 * or a Python agent (`FILE.py:Class`) over the compiled cases that ask something, resumably, and write
 * RUN_DIR/results.json and results.md (checks/eval.ts), with the cost the system reported. Broken cases are
 * reported apart and never scored; the run exits 1 when any case broke (`--retry-broken` runs them again) or when
 * --max-usd kept cases from starting (a rerun with a higher cap resumes). A non-empty --out that is not a run of the
 * same system, data, channel, selection and sandbox mode is refused (exit 2). An external system runs in the
 * sandbox (checks/harness/sandbox.ts) unless --local; where none can start, eval refuses before any case runs
 * (exit 2, naming --local), and so it does where the system's code folder (`--code DIR` for cmd:, by default the
 * working folder; a Python agent's file's folder) holds or lies inside a build or dataset, or holds the data or
 * run folder.
 * `stbench eval compare RUN_A RUN_B [--seed S] [--resamples N]`: the paired headline difference per layout of two
 * runs (as `stbench compare`).
 */
import type { Command } from 'commander';
import { formatUsd } from '../../formats/cost.ts';
import { CheckFailed, positiveFlag, UsageError, workersFlag } from '../../foundation/index.ts';
import { runEval } from '../../checks/eval.ts';
import { DEFAULT_REPLY_TIMEOUT_MS } from '../../checks/harness/index.ts';
import { resolveSystem } from '../../checks/systems/registry.ts';
import { caseProgress } from './case-progress.ts';
import { dryRunText } from './eval-dry-run.ts';
import { checkModelSettings, isModelSpec, parseModelSpec, parseReasoning } from '../../checks/agents/model-spec.ts';
import { compareOptions, printCompare, type CompareFlags } from './score.ts';

/**
 * A model's per-reply timeout by default, seconds: one reply (the model's pull of the next frame, or its answers)
 * may take several model calls, each with its client's retries and Retry-After waits (the API loop's own bound: 5
 * attempts of at most 600 s); this is the backstop above them.
 */
export const MODEL_REPLY_TIMEOUT_S = 3600;

/** The most a dollar cap may be: past a million dollars a cap caps nothing. */
const MAX_USD_CAP = 1_000_000;

/** `--case-usd` / `--max-usd`: a positive number of dollars; undefined stays undefined. */
export function usdFlag(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  return positiveFlag(name, v, MAX_USD_CAP, 'a million dollars is no cap');
}

/** The help text of --local (eval and run). */
export const LOCAL_HELP =
  'run an external system (cmd:, FILE.py:Class) as a plain process, unsandboxed: it can read and write what you can and reach the network (default: in a bubblewrap sandbox that sees only its own code, its frames and its state folder; results record which)';

/** The help text of --code (eval and run). */
export const CODE_HELP =
  "cmd: only: the folder of the system's own code, where its command runs and all of it the sandbox shows (default: the working folder); it must hold no build or dataset and lie inside none";

/** The help text of --case-usd (eval and run). */
export const CASE_USD_HELP =
  "stop a case once the system's reported cost passes this many dollars; the case is broken (stopped: cost $Y over --case-usd X)";

export function registerEval(program: Command): void {
  const evalCmd = program
    .command('eval')
    .description(
      'run a system over the cases of a build or dataset and write results.json and results.md (eval compare: two runs side by side)',
    )
    .argument(
      '<system>',
      'a model: claude:haiku|sonnet|opus|<model id> (Claude Code, the reference agent), codex:<model>, openai:<model> (any OpenAI-compatible endpoint), anthropic:<model>; cmd:<shell command> for an external program, FILE.py:Class for a Python agent (a subclass of System from system_shim, docs/protocol.md), or a scripted system name',
    )
    // required, but checked in the action, so that `eval compare` needs neither
    .option('--data <dir>', 'the build or dataset folder (required)')
    .option('--out <run_dir>', 'the run folder (answers/, results.json, results.md); a rerun resumes (required)')
    .option(
      '--select <key=value>',
      'keep cases by job, length, layout, split (dev or heldout), cid or sid (repeatable)',
      (v: string, acc: string[]) => [...acc, v],
      [] as string[],
    )
    .option('--channel <channel>', 'rgb_pose or detections', 'rgb_pose')
    .option('--workers <n>', 'cases run at once', '1')
    .option(
      '--timeout <seconds>',
      `per-reply timeout; its expiry makes the case broken (default ${DEFAULT_REPLY_TIMEOUT_MS / 1000}, for a model ${MODEL_REPLY_TIMEOUT_S}: its calls, their retries and backoff)`,
    )
    .option('--retry-broken', 'run again the cases an earlier run of this folder recorded as broken')
    .option('--local', LOCAL_HELP)
    .option('--code <dir>', CODE_HELP)
    .option('--case-usd <dollars>', CASE_USD_HELP)
    .option(
      '--reasoning <effort>',
      "a model's reasoning effort: low, medium or high (its own setting: Claude Code's effort, Codex's model_reasoning_effort, the API's reasoning_effort)",
    )
    .option(
      '--context <policy>',
      'openai:, anthropic: only: what of the stream the model keeps, all (default) or last:N frames (the earlier ones keep their text)',
    )
    .option(
      '--base-url <url>',
      "openai:, anthropic: only: the endpoint (default: OPENAI_BASE_URL or ANTHROPIC_BASE_URL, else the vendor's), e.g. http://localhost:11434/v1 for Ollama",
    )
    .option(
      '--prices <file>',
      'dollars per million tokens by model (YAML: models: {ID: {input, output, cache_read, cache_write}}); stbench never guesses a price, Claude Code reports its own',
    )
    .option(
      '--dry-run',
      'print the selected cases, their frames and, for a model, an estimate of calls, tokens and dollars per case; run nothing, write nothing',
    )
    .option(
      '--max-usd <dollars>',
      "start no further case once the run folder's cases (this run's and earlier ones') cost more than this; cases running finish; exits 1, and a rerun with a higher cap resumes",
    )
    .action(
      async (
        spec: string,
        opts: {
          data?: string;
          out?: string;
          select: string[];
          channel: string;
          workers: string;
          timeout?: string;
          retryBroken?: boolean;
          local?: boolean;
          code?: string;
          caseUsd?: string;
          maxUsd?: string;
          reasoning?: string;
          context?: string;
          baseUrl?: string;
          prices?: string;
          dryRun?: boolean;
        },
      ) => {
        if (!opts.data) throw new UsageError('eval: --data DIR is required (the build or dataset folder)');
        const settings = {
          local: opts.local,
          code: opts.code,
          reasoning: opts.reasoning,
          context: opts.context,
          baseUrl: opts.baseUrl,
          prices: opts.prices,
        };
        if (opts.dryRun) {
          // the settings are checked as for a run; nothing starts (no CLI, no sandbox) and nothing is written
          const model = parseModelSpec(spec);
          if (model) {
            checkModelSettings(model, opts);
            parseReasoning(opts.reasoning);
          } else resolveSystem(spec, settings);
          process.stdout.write(`${await dryRunText(spec, { ...opts, data: opts.data })}\n`);
          return;
        }
        if (!opts.out) throw new UsageError('eval: --out RUN_DIR is required (the run folder to write or resume)');
        const { data, out } = opts;
        const workers = workersFlag(opts.workers);
        const timeoutS = positiveFlag(
          'timeout',
          opts.timeout ?? String(isModelSpec(spec) ? MODEL_REPLY_TIMEOUT_S : DEFAULT_REPLY_TIMEOUT_MS / 1000),
          86_400,
          'a day for one reply is no timeout',
        );
        const caseUsd = usdFlag('case-usd', opts.caseUsd);
        const maxUsd = usdFlag('max-usd', opts.maxUsd);
        const system = resolveSystem(spec, {
          ...settings,
          capped: caseUsd !== undefined || maxUsd !== undefined,
          caseUsd,
          hidden: [
            { path: data, what: 'the data folder (--data)' },
            { path: out, what: 'the run folder (--out)' },
          ],
        });
        const bar = caseProgress();
        let r;
        try {
          r = await runEval({
            system,
            data,
            out,
            select: opts.select,
            channel: opts.channel,
            workers,
            replyTimeoutMs: timeoutS * 1000,
            retryBroken: opts.retryBroken,
            caseUsd,
            maxUsd,
            onProgress: (p) => bar.update(system.name, p),
          });
        } finally {
          bar.stop();
        }
        process.stdout.write(r.markdown + '\n');
        const cost = r.results.cost;
        const spent = cost?.cases_reporting ? `; cost $${formatUsd(cost.usd)}` : '';
        process.stderr.write(
          `${system.name}: scored ${r.results.cases_scored} of ${r.cases} cases, ${r.broken} broken` +
            (r.notRun ? `, ${r.notRun} not run` : '') +
            `${spent}; wrote ${out}/results.json and results.md\n`,
        );
        const failures: string[] = [];
        if (r.broken) {
          const lines = r.brokenCases.slice(0, 10).map((b) => `  ${b.cid}: ${b.reason}`);
          if (r.brokenCases.length > 10)
            lines.push(`  ... and ${r.brokenCases.length - 10} more (results.json lists them all)`);
          const capped = r.brokenCases.some((b) => b.reason.startsWith('stopped: cost'));
          failures.push(
            `${r.broken} of ${r.cases} cases broke and are not scored:\n${lines.join('\n')}\nrerun with --retry-broken to run them again` +
              (capped ? ' (with a higher --case-usd for the cases stopped at their cap)' : ''),
          );
        }
        if (r.stopped) {
          const again = r.results.budget!.unstarted - r.notRun;
          failures.push(
            `the run stopped at its budget: the run folder's cases cost $${formatUsd(cost?.usd ?? 0)}, over --max-usd ${maxUsd}; ` +
              `${r.notRun} of ${r.cases} selected cases ${r.notRun === 1 ? 'was' : 'were'} not run` +
              (again ? ` and ${again} broken ${again === 1 ? 'case was' : 'cases were'} not run again` : '') +
              `\nrerun with a higher --max-usd (or none) to resume`,
          );
        }
        if (failures.length) throw new CheckFailed(failures.join('\n'));
      },
    );
  compareOptions(evalCmd.command('compare'))
    .description('the paired headline difference per layout of two runs of the same compile and cases')
    .argument('<run_a>', 'a run folder of stbench eval (or its results.json)')
    .argument('<run_b>', 'another run folder (or its results.json)')
    .action((a: string, b: string, opts: CompareFlags) => printCompare(a, b, opts));
}
