/**
 * wording: nearest neighbour on the question's text among the questions of the build's OTHER scripts (word-set
 * Jaccard similarity, same answer type; ties to the lower qid); it answers that neighbour's gold. It measures how
 * much the wording alone gives away.
 */
import type { InProcessSystem } from '../harness/index.ts';
import { questionOnlySystem } from './question-only.ts';
import { goldAsAnswer, otherScriptsRows, type TrainingRow } from './training-golds.ts';

function words(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9.-]+/)
      .filter(Boolean),
  );
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let inter = 0;
  for (const w of a) if (b.has(w)) inter++;
  const union = a.size + b.size - inter;
  return union ? inter / union : 0;
}

interface Indexed {
  row: TrainingRow;
  words: Set<string>;
}

const indexes = new Map<string, Indexed[]>();

function index(root: string, sid: string): Indexed[] {
  const key = `${root}\u0000${sid}`;
  const hit = indexes.get(key);
  if (hit) return hit;
  const out = otherScriptsRows(root, sid)
    .map((row) => ({ row, words: words(row.text) }))
    .sort((a, b) => (a.row.gold.qid < b.row.gold.qid ? -1 : 1));
  indexes.set(key, out);
  return out;
}

export const wordingSystem: InProcessSystem = questionOnlySystem('wording', (info) => {
  const idx = index(info.root, info.sid);
  return (q) => {
    const w = words(q.text);
    let best: Indexed | null = null;
    let bestSim = -1;
    for (const c of idx) {
      if (c.row.gold.answer_type !== q.answer_type) continue;
      const s = jaccard(w, c.words);
      if (s > bestSim + 1e-12) {
        best = c;
        bestSim = s;
      }
    }
    return best ? goldAsAnswer(best.row.gold) : { type: 'unknown' };
  };
});

export function clearWordingCache(): void {
  indexes.clear();
}
