/**
 * The SYSTEM argument of a model-backed system: `claude:<model>` (Claude Code, the reference agent), `codex:<model>`
 * (Codex), `openai:<model>` (the API loop against any OpenAI-compatible chat-completions server) and
 * `anthropic:<model>` (the same loop against the Messages API). For claude: the model is an alias Claude Code knows
 * (haiku, sonnet, opus) or a full model id; for the others the id the endpoint knows. The settings a model form
 * takes (--reasoning, --context, --base-url, --prices) and which forms take which.
 */
import { UsageError } from '../../foundation/index.ts';

export const MODEL_FORMS = ['claude', 'codex', 'openai', 'anthropic'] as const;
export type ModelForm = (typeof MODEL_FORMS)[number];

/** The forms that run a vendor's CLI (in the sandbox with the network); the others loop in the harness. */
export const CLI_FORMS: readonly ModelForm[] = ['claude', 'codex'];

export const CLAUDE_ALIASES = ['haiku', 'sonnet', 'opus'] as const;

export const REASONING = ['low', 'medium', 'high'] as const;
export type Reasoning = (typeof REASONING)[number];

export interface ModelSpec {
  form: ModelForm;
  model: string;
}

/** A model form's spec, or null when `spec` names none (`cmd:`, a file, a scripted system). */
export function parseModelSpec(spec: string): ModelSpec | null {
  const i = spec.indexOf(':');
  if (i < 0) return null;
  const form = spec.slice(0, i) as ModelForm;
  if (!(MODEL_FORMS as readonly string[]).includes(form)) return null;
  const model = spec.slice(i + 1);
  if (!model)
    throw new UsageError(
      `${form}: needs a model, e.g. ${form === 'claude' ? 'claude:sonnet (or haiku, opus, a full model id)' : `${form}:gpt-4.1-mini`}`,
    );
  if (!/^[A-Za-z0-9][A-Za-z0-9._:/@+-]*$/.test(model) || model.length > 200)
    throw new UsageError(
      `${JSON.stringify(model)} is not a model id: letters, digits and . _ : / @ + - only, at most 200 characters`,
    );
  return { form, model };
}

export function parseReasoning(v: string | undefined): Reasoning | undefined {
  if (v === undefined) return undefined;
  if ((REASONING as readonly string[]).includes(v)) return v as Reasoning;
  throw new UsageError(`--reasoning takes ${REASONING.join(', ')}, not ${JSON.stringify(v)}`);
}

/** The settings given on the command line, checked against the form: each is refused where it means nothing. */
export function checkModelSettings(
  spec: ModelSpec,
  s: { context?: string; baseUrl?: string; reasoning?: string; code?: string },
): void {
  const cli = CLI_FORMS.includes(spec.form);
  const name = `${spec.form}:${spec.model}`;
  if (s.context !== undefined && cli)
    throw new UsageError(
      `--context applies to the API loop (openai:, anthropic:); ${name} runs ${spec.form === 'claude' ? 'Claude Code' : 'Codex'}, which manages its own context`,
    );
  if (s.baseUrl !== undefined && cli)
    throw new UsageError(
      `--base-url applies to openai: and anthropic:; ${name} reaches its API through its CLI's own login and settings`,
    );
  if (s.baseUrl !== undefined) {
    let u: URL;
    try {
      u = new URL(s.baseUrl);
    } catch {
      throw new UsageError(`--base-url ${JSON.stringify(s.baseUrl)} is not a URL (e.g. http://localhost:11434/v1)`);
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:')
      throw new UsageError(`--base-url must be an http or https URL, not ${s.baseUrl}`);
  }
  if (s.code !== undefined)
    throw new UsageError(`--code names the code folder of a cmd: system; ${name} runs no code of yours`);
}

/** Whether a SYSTEM argument is a model form (for the settings that only they take). */
export function isModelSpec(spec: string): boolean {
  const i = spec.indexOf(':');
  return i > 0 && (MODEL_FORMS as readonly string[]).includes(spec.slice(0, i));
}
