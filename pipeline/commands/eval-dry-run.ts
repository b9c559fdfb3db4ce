/**
 * `stbench eval SYSTEM --data DIR --dry-run`: what a run would send, before any case starts or any money is spent:
 * the selected cases with their frames, asks and questions, and for a model form an estimate per case of the model
 * calls and tokens (checks/agents/estimate.ts) and, with --prices (or nothing for claude:, whose dollars Claude
 * Code reports only as it runs), dollars. Nothing is written.
 */
import { estimateCase, type CaseEstimate } from '../../checks/agents/estimate.ts';
import { DEFAULT_CONTEXT, parseContext } from '../../checks/agents/context-policy.ts';
import { parseModelSpec } from '../../checks/agents/model-spec.ts';
import { loadPrices, priceOf } from '../../checks/agents/prices.ts';
import { AGENT_PROMPT } from '../../checks/agents/tools.ts';
import { selectedCases } from '../../checks/eval.ts';
import { systemPrompt } from '../../checks/harness/index.ts';
import { formatUsd } from '../../formats/cost.ts';

export interface DryRunFlags {
  data: string;
  select: string[];
  channel: string;
  context?: string;
  prices?: string;
}

const k = (n: number) => (n >= 10_000 ? `${Math.round(n / 1000)}k` : String(n));

/** The dry run's text: a line per case (the first 40 and the totals where there are more). */
export async function dryRunText(spec: string, f: DryRunFlags): Promise<string> {
  const { cases } = await selectedCases(f);
  const model = parseModelSpec(spec);
  const out: string[] = [`# Dry run: ${spec} on ${cases.length} case${cases.length === 1 ? '' : 's'}`, ''];
  if (!model) {
    out.push('| case | frames | asks | questions |', '|---|---|---|---|');
    let frames = 0;
    for (const c of cases) {
      const asks = c.case.asks.length + (c.case.end_qids.length ? 1 : 0);
      const q = c.case.asks.reduce((n, a) => n + a.qids.length, 0) + c.case.end_qids.length;
      frames += c.case.frames.length;
      out.push(`| ${c.case.cid} | ${c.case.frames.length} | ${asks} | ${q} |`);
    }
    out.push('', `${frames} frames in all. Nothing was run.`);
    return out.join('\n');
  }
  const context = f.context !== undefined ? parseContext(f.context) : DEFAULT_CONTEXT;
  const prices = f.prices !== undefined ? loadPrices(f.prices) : undefined;
  const price = priceOf(prices, model.model);
  const est: CaseEstimate[] = cases.map((c) =>
    estimateCase(
      c,
      model.form,
      systemPrompt(c.robot, 'rgb_pose').length + AGENT_PROMPT.length,
      model.form === 'claude' || model.form === 'codex' ? DEFAULT_CONTEXT : context,
      price,
    ),
  );
  out.push(
    '| case | frames | asks | questions | model calls | input tokens | of them cacheable | output tokens | dollars |',
    '|---|---|---|---|---|---|---|---|---|',
  );
  const row = (e: Omit<CaseEstimate, 'cid'>, name: string) =>
    `| ${name} | ${e.frames} | ${e.asks} | ${e.questions} | ${e.calls} | ${k(e.input_tokens)} | ${k(e.cacheable_tokens)} | ${k(e.output_tokens)} | ${e.usd === null ? '-' : `$${formatUsd(Math.round(e.usd * 100) / 100)}`} |`;
  for (const e of est.slice(0, 40)) out.push(row(e, e.cid));
  if (est.length > 40) out.push(`| ... ${est.length - 40} more | | | | | | | | |`);
  const sum = (
    key: 'frames' | 'asks' | 'questions' | 'calls' | 'input_tokens' | 'cacheable_tokens' | 'output_tokens',
  ) => est.reduce((n, e) => n + e[key], 0);
  const usd = est.every((e) => e.usd !== null) ? est.reduce((n, e) => n + (e.usd ?? 0), 0) : null;
  out.push(
    row(
      {
        frames: sum('frames'),
        asks: sum('asks'),
        questions: sum('questions'),
        calls: sum('calls'),
        input_tokens: sum('input_tokens'),
        cacheable_tokens: sum('cacheable_tokens'),
        output_tokens: sum('output_tokens'),
        usd,
      },
      '**all**',
    ),
  );
  out.push(
    '',
    'An estimate: the fewest model calls the two tools take, each sending the whole conversation kept so far ' +
      `(context ${model.form === 'claude' || model.form === 'codex' ? "the CLI's own" : (f.context ?? 'all')}); the model's reasoning, longer replies and retries come on top. ` +
      (usd === null
        ? model.form === 'claude'
          ? 'Claude Code reports its dollars as it runs; give --prices for an estimate here.'
          : `No dollars: --prices has no entry for ${model.model}.`
        : 'Dollars at the --prices entry, no cache discount counted.'),
    'Nothing was run.',
  );
  return out.join('\n');
}
