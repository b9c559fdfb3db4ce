/**
 * checks/agents/prices.ts: a model id is priced by its entry exactly, or across a date suffix only (`-YYYY-MM-DD`,
 * `-YYYYMMDD`, Vertex's `@YYYYMMDD`), never by a prefix (`o3-pro` is not `o3`, `gpt-4o-mini` not `gpt-4o`); a call is
 * priced by the id the API reported, else by the requested one.
 */
import { describe, expect, it } from 'vitest';
import { type ModelPrice, type Prices, priceOf, priceOfCall } from '../../../../checks/agents/prices.ts';

const p = (input: number): ModelPrice => ({ input, output: input * 4 });
const PRICES: Prices = new Map([
  ['o3', p(2)],
  ['gpt-4o', p(2.5)],
  ['gpt-4.1-mini', p(0.4)],
  ['claude-sonnet-4-5', p(3)],
  ['gpt-4o-mini', p(0.15)],
  ['gpt-4o-2024-05-13', p(5)],
]);

describe('priceOf', () => {
  it('matches an entry exactly', () => {
    expect(priceOf(PRICES, 'o3')).toEqual(p(2));
    expect(priceOf(PRICES, 'gpt-4o-mini')).toEqual(p(0.15));
    expect(priceOf(PRICES, 'gpt-4o-2024-05-13')).toEqual(p(5));
  });

  it('matches across a date suffix only: -YYYY-MM-DD, -YYYYMMDD, @YYYYMMDD', () => {
    expect(priceOf(PRICES, 'gpt-4.1-mini-2025-04-14')).toEqual(p(0.4));
    expect(priceOf(PRICES, 'gpt-4o-mini-2024-07-18')).toEqual(p(0.15));
    expect(priceOf(PRICES, 'gpt-4o-2024-08-06')).toEqual(p(2.5));
    expect(priceOf(PRICES, 'claude-sonnet-4-5-20250929')).toEqual(p(3));
    expect(priceOf(PRICES, 'claude-sonnet-4-5@20250929')).toEqual(p(3));
  });

  it('never guesses by a prefix: another model, a longer name, a suffix that is no date', () => {
    for (const id of [
      'o3-pro',
      'o3-mini',
      'gpt-4o-realtime',
      'gpt-4.1-mini-high',
      'claude-sonnet-4-5-fast',
      'gpt-4o-2024',
      'gpt-4o-mini-2024-07-18-v2',
      'claude-sonnet-4-5@latest',
      'o3-pro-2025-06-10',
    ])
      expect(priceOf(PRICES, id), id).toBeUndefined();
  });

  it('is unpriced without a prices file or an id', () => {
    expect(priceOf(undefined, 'o3')).toBeUndefined();
    expect(priceOf(PRICES, undefined)).toBeUndefined();
    expect(priceOf(PRICES, '')).toBeUndefined();
  });
});

describe('priceOfCall', () => {
  it('prices by the reported id, else by the requested one', () => {
    expect(priceOfCall(PRICES, 'gpt-4o-2024-08-06', 'my-azure-deployment')).toEqual(p(2.5));
    expect(priceOfCall(PRICES, 'o3-pro-2025-06-10', 'o3')).toEqual(p(2));
    expect(priceOfCall(PRICES, undefined, 'gpt-4o-mini')).toEqual(p(0.15));
    expect(priceOfCall(PRICES, 'gpt-4o-mini', 'o3')).toEqual(p(0.15));
    expect(priceOfCall(PRICES, 'some-model', 'my-azure-deployment')).toBeUndefined();
  });
});
