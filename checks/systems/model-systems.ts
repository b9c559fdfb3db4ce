/**
 * A model form's SYSTEM argument as a system (checks/agents/model-spec.ts): Claude Code or Codex in the sandbox
 * with the network (plain processes with --local), or the API loop in the harness. Every setting is checked against
 * the form before anything starts, and so is the endpoint of an API form (its key or base URL) and the prices a
 * dollar cap needs.
 */
import { UsageError } from '../../foundation/index.ts';
import { agentSystem, type AgentBackend } from '../agents/agent-system.ts';
import { anthropicBackend } from '../agents/anthropic-messages.ts';
import { claudeCodeBackend } from '../agents/claude-code.ts';
import { codexBackend } from '../agents/codex.ts';
import { DEFAULT_CONTEXT, parseContext } from '../agents/context-policy.ts';
import { checkModelSettings, parseReasoning, type ModelSpec } from '../agents/model-spec.ts';
import { checkOpenaiSetup, openaiBackend } from '../agents/openai-chat.ts';
import { loadPrices, priceOf, type Prices } from '../agents/prices.ts';
import { requireSandbox, type HiddenFolder, type InProcessSystem } from '../harness/index.ts';

export interface ModelSettings {
  local?: boolean;
  reasoning?: string;
  context?: string;
  baseUrl?: string;
  /** --prices FILE */
  prices?: string;
  code?: string;
  /** a dollar cap was given (--case-usd, --max-usd): the model must be priced */
  capped?: boolean;
  /** --case-usd: Claude Code gets it as its own cap too (--max-budget-usd) */
  caseUsd?: number;
  /** folders a CLI's install must not hold or lie inside (the data folder, the run folder) */
  hidden?: readonly HiddenFolder[];
}

/** The backend of a model form with its settings; a UsageError for a setting the form does not take. */
export function modelBackend(spec: ModelSpec, s: ModelSettings): AgentBackend {
  checkModelSettings(spec, s);
  const reasoning = parseReasoning(s.reasoning);
  const prices: Prices | undefined = s.prices !== undefined ? loadPrices(s.prices) : undefined;
  const name = `${spec.form}:${spec.model}`;
  if (s.capped && spec.form !== 'claude' && !priceOf(prices, spec.model))
    throw new UsageError(
      `a dollar cap (--case-usd, --max-usd) needs the dollars of ${name}: give --prices FILE with an entry for ${spec.model} (stbench never guesses a price; Claude Code alone reports its own)`,
    );
  switch (spec.form) {
    case 'claude':
    case 'codex': {
      const opts = {
        model: spec.model,
        reasoning,
        local: !!s.local,
        sandbox: s.local ? undefined : requireSandbox(name),
        prices,
        hide: s.hidden,
      };
      return spec.form === 'claude'
        ? claudeCodeBackend({ ...opts, ...(s.caseUsd !== undefined ? { maxBudgetUsd: s.caseUsd } : {}) })
        : codexBackend({ ...opts, capped: !!s.capped });
    }
    case 'openai':
    case 'anthropic': {
      if (s.local)
        throw new UsageError(
          `--local runs an external system unsandboxed; ${name} runs its loop in stbench's own process, where the model sees only what the two tools return: drop --local`,
        );
      const context = s.context !== undefined ? parseContext(s.context) : DEFAULT_CONTEXT;
      const opts = { model: spec.model, baseUrl: s.baseUrl, context, prices, reasoning, capped: !!s.capped };
      const problem = checkOpenaiSetup({ ...opts, form: spec.form });
      if (problem) throw new UsageError(`${name}: ${problem}`);
      return spec.form === 'openai' ? openaiBackend(opts) : anthropicBackend(opts);
    }
  }
}

/** A model form as a system. */
export function modelSystem(spec: ModelSpec, s: ModelSettings): InProcessSystem {
  return agentSystem(modelBackend(spec, s));
}
