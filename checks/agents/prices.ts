/**
 * The prices file a user gives (`--prices FILE`, YAML or JSON): dollars per million tokens of each model, by the
 * model id a system names or the API reports. stbench never guesses a price: an id matches an entry exactly, or
 * across a date suffix only (`gpt-4.1-mini-2025-04-14`, `claude-sonnet-4-5-20250929`, Vertex's
 * `claude-sonnet-4-5@20250929`: the id less the suffix is the entry), never by a prefix (`o3-pro` is not `o3`,
 * `gpt-4o-mini` not `gpt-4o`). A call is priced by the id the API reported, else by the requested one. A model
 * without an entry is unpriced, its dollars are not counted (results say so), and a dollar cap (--case-usd,
 * --max-usd) on an unpriced model is refused before any case runs; a call under a cap that neither id prices
 * breaks the case. Claude Code reports its own dollars and needs no entry.
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

/** A date suffix a model id may carry beyond its entry: `-YYYY-MM-DD`, `-YYYYMMDD`, or `@YYYYMMDD` (Vertex). */
const DATE_SUFFIX = /(?:-\d{4}-\d{2}-\d{2}|[-@]\d{8})$/;

/** A model's price: the entry of the id as given, else of the id less its date suffix; never a guess. */
export function priceOf(prices: Prices | undefined, model: string | undefined): ModelPrice | undefined {
  if (!prices || !model) return undefined;
  const exact = prices.get(model);
  if (exact) return exact;
  const undated = model.replace(DATE_SUFFIX, '');
  return undated !== model && undated ? prices.get(undated) : undefined;
}

/** A call's price: by the model id the API reported, else by the requested one (undefined: unpriced). */
export function priceOfCall(
  prices: Prices | undefined,
  reported: string | undefined,
  requested: string,
): ModelPrice | undefined {
  return priceOf(prices, reported) ?? priceOf(prices, requested);
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
