/**
 * The prices file a user gives (`--prices FILE`, YAML or JSON): dollars per million tokens of each model, by the
 * model id a system names or the API reports. stbench never guesses a price: a model without an entry is
 * unpriced, its dollars are not counted (results say so), and a dollar cap (--case-usd, --max-usd) on an unpriced
 * model is refused before any case runs. Claude Code reports its own dollars and needs no entry.
 *
 *   models:
 *     gpt-4.1-mini: { input: 0.40, output: 1.60, cache_read: 0.10 }
 *     claude-sonnet-4-5: { input: 3, output: 15, cache_read: 0.30, cache_write: 3.75 }
 */
import { z } from 'zod';
import type { CostReport } from '../../formats/cost.ts';
import { loadYamlWith } from '../../foundation/index.ts';

const perMillion = z.number().nonnegative();

export const ModelPrice = z.strictObject({
  /** uncached input */
  input: perMillion,
  output: perMillion,
  /** input read from the prompt cache (default: the input price) */
  cache_read: perMillion.optional(),
  /** input written to the prompt cache (default: the input price) */
  cache_write: perMillion.optional(),
});
export type ModelPrice = z.infer<typeof ModelPrice>;

export const PricesFile = z.strictObject({ models: z.record(z.string().min(1), ModelPrice) });
export type Prices = Map<string, ModelPrice>;

/** Read a prices file; an InputError names the file, line and field of each problem. */
export function loadPrices(file: string): Prices {
  return new Map(Object.entries(loadYamlWith(file, PricesFile).value.models));
}

/** A model's price: by the id as given, else the longest entry the id begins with (`gpt-4.1-mini-2025-04-14`). */
export function priceOf(prices: Prices | undefined, model: string): ModelPrice | undefined {
  if (!prices) return undefined;
  const exact = prices.get(model);
  if (exact) return exact;
  let best: [string, ModelPrice] | undefined;
  for (const [id, p] of prices) if (model.startsWith(id) && (!best || id.length > best[0].length)) best = [id, p];
  return best?.[1];
}

/** The dollars of a call's tokens at a price (undefined: unpriced). */
export function dollars(price: ModelPrice | undefined, used: CostReport): number | undefined {
  if (!price) return undefined;
  const m = 1e-6;
  return (
    (used.input_tokens ?? 0) * price.input * m +
    (used.output_tokens ?? 0) * price.output * m +
    (used.cache_read_tokens ?? 0) * (price.cache_read ?? price.input) * m +
    (used.cache_write_tokens ?? 0) * (price.cache_write ?? price.input) * m
  );
}
