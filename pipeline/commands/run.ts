/**
 * `stbench run SYSTEM CASE_DIR [--channel rgb_pose|detections] [--timeout S] [--case-usd X]`: run one case
 * (private/<cid> of a build or dataset) through a system (`cmd:<shell command>`, a Python agent `FILE.py:Class` or
 * an in-process system's name) and print its answers as JSONL ({"qid","answer"}); where the case has gold.jsonl,
 * then the scored rows and the results' markdown (with the cost the system reported).
 * A broken outcome (crash, hang, garbage, a cost past --case-usd) is reported with its reason and exits 1. An
 * external system runs in the sandbox unless --local (as eval; where none can start, or where its code folder,
 * `--code DIR` for cmd:, holds or lies inside a build or dataset or holds the case, a usage error, exit 2). Before
 * the case starts, every case of its folder is read and held to the folder's root as eval reads them
 * (checks/harness/every-case.ts): a bad case anywhere in it is refused (exit 2).
 */
import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { formatUsd, runCost } from '../../formats/cost.ts';
import { CheckFailed, positiveFlag, realPathOf } from '../../foundation/index.ts';
import {
  DEFAULT_REPLY_TIMEOUT_MS,
  loadCase,
  loadEveryCase,
  parseChannel,
  runCase,
  sandboxMode,
} from '../../checks/harness/index.ts';
import { resolveSystem } from '../../checks/systems/registry.ts';
import { buildResults, readGoldRows, resultsMarkdown, score } from '../../checks/score/index.ts';
import { CASE_USD_HELP, CODE_HELP, LOCAL_HELP, usdFlag } from './eval.ts';

export function registerRun(program: Command): void {
  program
    .command('run')
    .description(
      'run one case through a system (cmd:<command>, FILE.py:Class or a scripted system) and print its answers and scores',
    )
    .argument(
      '<system>',
      'cmd:<shell command> for an external program, FILE.py:Class for a Python agent (a subclass of System from system_shim, docs/protocol.md), or an in-process system name (e.g. all_unknown)',
    )
    .argument('<case_dir>', 'the case folder, private/<cid> of a build or dataset')
    .option('--channel <channel>', 'rgb_pose or detections', 'rgb_pose')
    .option(
      '--timeout <seconds>',
      'per-reply timeout; its expiry makes the case broken',
      String(DEFAULT_REPLY_TIMEOUT_MS / 1000),
    )
    .option('--local', LOCAL_HELP)
    .option('--code <dir>', CODE_HELP)
    .option('--case-usd <dollars>', CASE_USD_HELP)
    .action(
      async (
        systemSpec: string,
        caseDir: string,
        opts: { channel: string; timeout: string; local?: boolean; code?: string; caseUsd?: string },
      ) => {
        const channel = parseChannel(opts.channel);
        const timeoutS = positiveFlag('timeout', opts.timeout, 86_400, 'a day for one reply is no timeout');
        const caseUsd = usdFlag('case-usd', opts.caseUsd);
        // the build or dataset the case is read from: as given (its frames) and where the folder really lies
        const data = [join(caseDir, '..', '..'), dirname(dirname(realPathOf(caseDir)))];
        const system = resolveSystem(systemSpec, {
          local: opts.local,
          code: opts.code,
          hidden: data.map((path) => ({ path, what: "the case's build or dataset" })),
        });
        const lc = loadCase(caseDir);
        // the whole folder as eval reads it: an in-process system reads the other cases too (checks/systems/)
        loadEveryCase(lc.root);
        const outcome = await runCase(system, lc, { channel, replyTimeoutMs: timeoutS * 1000, caseUsd });
        for (const [qid, answer] of outcome.answers) process.stdout.write(JSON.stringify({ qid, answer }) + '\n');
        const goldFile = join(lc.dir, 'gold.jsonl');
        if (outcome.status === 'ok' && existsSync(goldFile)) {
          const golds = readGoldRows(goldFile);
          const lines = ['', '| qid | family | answer | score_gate | score | reason |', '|---|---|---|---|---|---|'];
          for (const g of golds) {
            const r = score(g, outcome.answers.get(g.qid));
            const a = outcome.answers.has(g.qid) ? JSON.stringify(outcome.answers.get(g.qid)) : '-';
            lines.push(
              `| ${g.qid} | ${g.family} | \`${a}\` | ${r.score_gate.toFixed(3)} | ${r.score.toFixed(3)} | ${r.reason} |`,
            );
          }
          const results = buildResults({
            golds,
            answers: outcome.answers,
            system: system.name,
            channel,
            compile_hash: '-',
            cost: runCost([{ layout: lc.case.layout, cost: outcome.cost }]),
            sandbox: sandboxMode(system),
          });
          process.stdout.write(lines.join('\n') + '\n\n' + resultsMarkdown(results) + '\n');
        }
        const t = outcome.timings;
        const c = outcome.cost;
        const cost = c
          ? `, cost ${c.input_tokens} input and ${c.output_tokens} output tokens, $${formatUsd(c.usd)}`
          : '';
        process.stderr.write(
          `case ${outcome.cid}: ${outcome.status}, ${outcome.answers.size} answers, ${t.frames} frames, ${t.asks} asks, ${(t.wall_ms / 1000).toFixed(1)} s${cost}; sandbox ${sandboxMode(system)}\n`,
        );
        if (outcome.status === 'broken') throw new CheckFailed(`case ${outcome.cid} is broken: ${outcome.reason}`);
      },
    );
}
