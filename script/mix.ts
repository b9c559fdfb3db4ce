/**
 * The release mix: how many tasks each script of a batch gets. The job's bands say, for its release count of
 * scripts, how many scripts fall in each range of tasks (16 scripts: 12 of 2 to 3 tasks and 4 of 4 to 6). Another
 * count scales each band in proportion (largest remainders; at least one script per band while the count allows),
 * the order of scripts is shuffled, and each script's count is drawn inside its band.
 */
import type { Stream } from '../foundation/index.ts';

export interface MixSpec {
  scripts: number;
  bands: readonly { scripts: number; tasks: { min: number; max: number } }[];
}

/** How many scripts each band gets for a batch of `count`. */
export function bandCounts(mix: MixSpec, count: number): number[] {
  const total = mix.bands.reduce((a, b) => a + b.scripts, 0);
  const exact = mix.bands.map((b) => (b.scripts * count) / total);
  const out = exact.map(Math.floor);
  let left = count - out.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    out[i]++;
    left--;
  }
  // keep every band present when the count allows, taking from the largest
  for (let i = 0; i < out.length && count >= out.length; i++) {
    if (out[i] === 0) {
      const j = out.indexOf(Math.max(...out));
      out[j]--;
      out[i]++;
    }
  }
  return out;
}

/** Tasks per script for a batch of `count` scripts; `fixed` overrides every script's count. */
export function drawTaskCounts(mix: MixSpec, count: number, s: Stream, fixed?: number): number[] {
  if (fixed !== undefined) return Array.from({ length: count }, () => fixed);
  const counts = bandCounts(mix, count);
  const bands: number[] = [];
  counts.forEach((n, i) => {
    for (let j = 0; j < n; j++) bands.push(i);
  });
  return s.shuffle(bands).map((b) => s.int(mix.bands[b].tasks.min, mix.bands[b].tasks.max));
}
