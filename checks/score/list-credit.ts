/**
 * The credit of a list of places against a list of gold things (SCORING.md 1.6d): places inside a don't-care circle
 * are dropped; an empty gold list is one item diluted by the false places; otherwise a one-to-one assignment within
 * four matching radii maximises s = Σ s_ij / (G + F/2), each pair credited with need M and the thing's own pixel.
 */
import { matchingsBySize, type Candidate } from './assignment.ts';
import { creditOf, EPS, quarters } from './credit.ts';
import type { ListThing } from '../../formats/gold-row.ts';

export interface ListMatch {
  /** index of the gold thing */
  thing: number;
  /** index of the listed place in the answer as given */
  place: number;
  /** distance (m) */
  e: number;
  /** the pair's credit in [0, 1] */
  s: number;
}

export interface ListCredit {
  s: number;
  matches: ListMatch[];
  /** listed places left unmatched (outside don't-care circles) */
  false_places: number;
  /** gold things left unmatched */
  missed: number;
  /** places dropped inside don't-care circles */
  ignored: number;
  /** a gold hazard was left unmatched */
  hazard_missed: boolean;
}

export function listCredit(
  things: readonly ListThing[],
  places: readonly { x: number; y: number }[],
  M: number,
  dontCare: readonly { x: number; y: number; radius: number }[] = [],
): ListCredit {
  const kept: number[] = [];
  places.forEach((p, j) => {
    const inside = dontCare.some((c) => Math.hypot(p.x - c.x, p.y - c.y) <= c.radius + EPS);
    if (!inside) kept.push(j);
  });
  const ignored = places.length - kept.length;
  const G = things.length;
  if (G === 0) {
    const F = kept.length;
    return { s: 1 / (1 + F / 2), matches: [], false_places: F, missed: 0, ignored, hazard_missed: false };
  }
  const candidates: (Candidate & { e: number })[] = [];
  things.forEach((t, i) => {
    kept.forEach((j, jj) => {
      const p = places[j];
      const e = Math.hypot(p.x - t.x, p.y - t.y);
      if (e <= 4 * M + EPS) {
        const w = creditOf(quarters(e, M, t.pixel_m, e <= M + EPS ? 1 : 0));
        candidates.push({ i, j: jj, w, e });
      }
    });
  });
  const P = kept.length;
  let best = { s: -1, k: 0, pairs: [] as [number, number][] };
  for (const m of matchingsBySize(G, P, candidates)) {
    const s = m.total / (G + (P - m.k) / 2);
    // ties go to the larger matching (a listed place next to a thing counts as listing it)
    if (s > best.s - EPS) best = { s: Math.max(s, best.s), k: m.k, pairs: m.pairs };
  }
  const byPair = new Map(candidates.map((c) => [`${c.i}/${c.j}`, c]));
  const matches: ListMatch[] = best.pairs.map(([i, jj]) => {
    const c = byPair.get(`${i}/${jj}`)!;
    return { thing: i, place: kept[jj], e: c.e, s: c.w };
  });
  const matched = new Set(matches.map((m) => m.thing));
  const hazard_missed = things.some((t, i) => t.hazard && !matched.has(i));
  const s = Math.min(1, Math.max(0, matches.reduce((a, m) => a + m.s, 0) / (G + (P - matches.length) / 2)));
  return { s, matches, false_places: P - matches.length, missed: G - matches.length, ignored, hazard_missed };
}
