/**
 * The funnel: every candidate question's fate, per job and family: candidates, drops per screen (or `family` when
 * the family itself found no question to ask there), questions kept; and each dropped candidate with its script,
 * case, frame, what it named, the screen and the reason. candidates = kept + the sum of drops, always.
 */

/** The funnel key of a family's own refusal (the family found no fair question there). */
export const FAMILY_DROP = 'family';

export interface FunnelCount {
  job: string;
  family: string;
  candidates: number;
  drops: Record<string, number>;
  kept: number;
}

export interface FunnelDrop {
  job: string;
  family: string;
  sid: string;
  cid: string;
  /** the script's frame index of the ask (null for end questions) */
  k: number | null;
  thing: string | null;
  screen: string;
  reason: string;
}

export interface FunnelReport {
  counts: FunnelCount[];
  dropped: FunnelDrop[];
}

export class Funnel {
  private counts = new Map<string, FunnelCount>();
  private drops: FunnelDrop[] = [];

  private count(job: string, family: string): FunnelCount {
    const key = `${job}\u0000${family}`;
    let c = this.counts.get(key);
    if (!c) this.counts.set(key, (c = { job, family, candidates: 0, drops: {}, kept: 0 }));
    return c;
  }

  keep(job: string, family: string): void {
    const c = this.count(job, family);
    c.candidates++;
    c.kept++;
  }

  drop(d: FunnelDrop): void {
    const c = this.count(d.job, d.family);
    c.candidates++;
    c.drops[d.screen] = (c.drops[d.screen] ?? 0) + 1;
    this.drops.push(d);
  }

  /** A post-pass (compile/screens/trick-share.ts) drops a question it had kept: kept moves to the screen's drops. */
  retract(d: FunnelDrop): void {
    const c = this.count(d.job, d.family);
    if (c.kept < 1) throw new Error(`funnel: nothing kept to retract for ${d.job} ${d.family}`);
    c.kept--;
    c.drops[d.screen] = (c.drops[d.screen] ?? 0) + 1;
    this.drops.push(d);
  }

  /** Add another funnel's report (a part of the compile that happened after everything recorded so far). */
  absorb(r: FunnelReport): void {
    for (const o of r.counts) {
      const c = this.count(o.job, o.family);
      c.candidates += o.candidates;
      c.kept += o.kept;
      for (const [screen, n] of Object.entries(o.drops)) c.drops[screen] = (c.drops[screen] ?? 0) + n;
    }
    for (const d of r.dropped) this.drops.push(d);
  }

  /** The report, sorted (job, family) and drops in the order they happened. */
  report(): FunnelReport {
    const counts = [...this.counts.values()]
      .sort((a, b) => (a.job < b.job ? -1 : a.job > b.job ? 1 : a.family < b.family ? -1 : a.family > b.family ? 1 : 0))
      .map((c) => ({ ...c, drops: Object.fromEntries(Object.entries(c.drops).sort(([a], [b]) => (a < b ? -1 : 1))) }));
    return { counts, dropped: [...this.drops] };
  }
}
