/**
 * One-to-one assignment between two sets (gold things and listed places) over candidate pairs with weights ≥ 0.
 * Successive shortest paths on the residual graph give, for every k, a matching of exactly k pairs with the largest
 * total weight, so a caller whose objective depends on both the total and the number of pairs (the list credit
 * Σ s / (G + F/2)) can pick the best k exactly.
 */

export interface Candidate {
  /** index in the left set (a gold thing) */
  i: number;
  /** index in the right set (a listed place) */
  j: number;
  /** weight ≥ 0 (the pair's credit) */
  w: number;
}

export interface Matching {
  /** number of pairs */
  k: number;
  /** total weight */
  total: number;
  /** matched (i, j) pairs, sorted by i */
  pairs: [number, number][];
}

/** For k = 0, 1, … up to the maximum matching size: a largest-weight matching of exactly k pairs. */
export function matchingsBySize(nLeft: number, nRight: number, candidates: readonly Candidate[]): Matching[] {
  const S = 0;
  const T = nLeft + nRight + 1;
  const V = T + 1;
  const to: number[] = [];
  const cap: number[] = [];
  const cost: number[] = [];
  const head: number[][] = Array.from({ length: V }, () => []);
  const add = (u: number, v: number, c: number) => {
    head[u].push(to.length);
    to.push(v), cap.push(1), cost.push(c);
    head[v].push(to.length);
    to.push(u), cap.push(0), cost.push(-c);
  };
  for (let i = 0; i < nLeft; i++) add(S, 1 + i, 0);
  for (let j = 0; j < nRight; j++) add(1 + nLeft + j, T, 0);
  const pairEdge: { e: number; i: number; j: number }[] = [];
  for (const c of candidates) {
    pairEdge.push({ e: to.length, i: c.i, j: c.j });
    add(1 + c.i, 1 + nLeft + c.j, -c.w);
  }

  const out: Matching[] = [{ k: 0, total: 0, pairs: [] }];
  let total = 0;
  const dist = new Float64Array(V);
  const prevEdge = new Int32Array(V);
  const inQueue = new Uint8Array(V);
  for (;;) {
    dist.fill(Infinity);
    prevEdge.fill(-1);
    dist[S] = 0;
    const queue = [S];
    inQueue[S] = 1;
    for (let qi = 0; qi < queue.length; qi++) {
      const u = queue[qi];
      inQueue[u] = 0;
      for (const e of head[u]) {
        if (cap[e] <= 0) continue;
        const v = to[e];
        const nd = dist[u] + cost[e];
        if (nd < dist[v] - 1e-12) {
          dist[v] = nd;
          prevEdge[v] = e;
          if (!inQueue[v]) {
            inQueue[v] = 1;
            queue.push(v);
          }
        }
      }
    }
    if (dist[T] === Infinity) break;
    for (let v = T; v !== S; ) {
      const e = prevEdge[v];
      cap[e] -= 1;
      cap[e ^ 1] += 1;
      v = to[e ^ 1];
    }
    total -= dist[T];
    const pairs = pairEdge.filter((p) => cap[p.e] === 0).map((p) => [p.i, p.j] as [number, number]);
    pairs.sort((a, b) => a[0] - b[0]);
    out.push({ k: pairs.length, total, pairs });
  }
  return out;
}
