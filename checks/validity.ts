/**
 * The release validity report: the figures a maintainer reads to judge a release at a glance, computed by the check
 * from the gold rows, the gates' verdicts and the scripted systems' scores, and set beside a reference release's
 * figures when one is given (checks/references/, `stbench check --reference`).
 *
 * - per layout, job and family: questions asked and kept, the share of unknown golds (all and in the memory column),
 *   the floor (all_unknown), the ceiling (perfect_reader), the worst shortcut and its lead over the floor;
 * - per job: scripts, frames, questions kept and their density per frame, kept questions by ability, the trick
 *   share of the where-is questions, the share of people-approach golds that are 0 (the path meets the body);
 * - per layout and column (headline, now, memory): the floor's score over the short and medium cases, with its 95%
 *   interval over scripts: both readings, whatever the verdict mode.
 */
import { z } from 'zod';
import { aggregate, cellCountsOf, resultRow, type GoldRow, type ScoredRow } from './score/index.ts';
import type { FamilyCheck } from './family-check.ts';
import { checkPlace, Split } from '../formats/split.ts';

const num = z.number().finite();
const share = num.min(0).max(1);
const Interval = z.tuple([num, num]);

export const ValidityFamily = z.strictObject({
  layout: z.string(),
  job: z.string(),
  family: z.string(),
  /** the ability most of its questions ask */
  ability: z.string(),
  asked: z.number().int().nonnegative(),
  kept: z.number().int().nonnegative(),
  status: z.enum(['kept', 'dropped']),
  dropped_by: z.string().optional(),
  thin: z.boolean(),
  /** unknown golds over the questions asked */
  unknown_share: share,
  /** unknown golds over the questions asked in the memory column (null: none there) */
  unknown_share_memory: share.nullable(),
  /** all_unknown's mean gate score on the questions the gates read */
  floor: num.nullable(),
  /** perfect_reader's mean gate score on them */
  ceiling: num.nullable(),
  /** the shortcut system with the largest lead over the floor, and the lead */
  worst_shortcut: z.strictObject({ system: z.string(), lead: num }).nullable(),
});
export type ValidityFamily = z.infer<typeof ValidityFamily>;

export const ValidityJob = z.strictObject({
  layout: z.string(),
  /** the layout's split (a report written before splits: dev) */
  split: Split.default('dev'),
  job: z.string(),
  scripts: z.number().int().nonnegative(),
  frames: z.number().int().nonnegative(),
  asked: z.number().int().nonnegative(),
  kept: z.number().int().nonnegative(),
  /** kept questions per frame */
  density: num,
  /** kept questions by ability */
  by_ability: z.record(z.string(), z.number().int().nonnegative()),
  /** kept where-is questions (ego_mem, object_where, way_to) and the trick unknowns among them (null: not known) */
  where_is: z.number().int().nonnegative(),
  tricks: z.number().int().nonnegative().nullable(),
  trick_share: share.nullable(),
  /** per people-approach family asked: answerable golds, those that are 0 (the person meets the body), the share */
  person_meets: z.record(
    z.string(),
    z.strictObject({
      answerable: z.number().int().nonnegative(),
      zero: z.number().int().nonnegative(),
      share: share.nullable(),
    }),
  ),
});
export type ValidityJob = z.infer<typeof ValidityJob>;

export const FloorRow = z.strictObject({
  layout: z.string(),
  column: z.enum(['headline', 'now', 'memory']),
  /** all_unknown's score (the headline's rules: cells, weights) over the kept questions of short and medium cases */
  score: num.nullable(),
  /** its 95% interval over scripts */
  interval: Interval.nullable(),
  n: z.number().int().nonnegative(),
});
export type FloorRow = z.infer<typeof FloorRow>;

export const Validity = z.strictObject({
  /** what the floor rows cover */
  floor_scope: z.string(),
  families: z.array(ValidityFamily),
  jobs: z.array(ValidityJob),
  floor: z.array(FloorRow),
});
export type Validity = z.infer<typeof Validity>;

/** The where-is families, whose unknowns include trick questions. */
export const WHERE_IS = ['ego_mem', 'object_where', 'way_to', 'person_mem'] as const;
/** The people-approach families, whose gold 0 means the person comes inside the body. */
export const PERSON_APPROACH = ['closest_person', 'closest_approach', 'approach_mem'] as const;
/** The case lengths the floor is read on (the reference rows' cases). */
export const FLOOR_LENGTHS = ['short', 'medium'] as const;

export interface ValidityInput {
  golds: readonly GoldRow[];
  families: readonly FamilyCheck[];
  /** all_unknown's scored rows by qid */
  floor: ReadonlyMap<string, ScoredRow>;
  /** the shortcut systems' names (their leads are read from each family's systems) */
  shortcuts: readonly string[];
  floorName: string;
  ceilingName: string;
  /** frames per script */
  frames: ReadonlyMap<string, number>;
  /** the qids that are trick unknowns (null: not known, e.g. on a dataset) */
  tricks: ReadonlySet<string> | null;
  B?: number;
  seed?: string | number;
}

const byKey = <T>(rows: readonly T[], key: (r: T) => string) => {
  const m = new Map<string, T[]>();
  for (const r of rows) (m.get(key(r)) ?? m.set(key(r), []).get(key(r))!).push(r);
  return m;
};

const mostCommon = (xs: readonly string[]) => {
  const c = new Map<string, number>();
  for (const x of xs) c.set(x, (c.get(x) ?? 0) + 1);
  return [...c].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? '-';
};

/** The validity report of a checked build. */
export function validityReport(input: ValidityInput): Validity {
  const kept = new Set(input.families.flatMap((f) => f.kept_qids));
  const fam = byKey(input.golds, (g) => `${checkPlace(g)}|${g.job}|${g.family}`);
  const families: ValidityFamily[] = input.families.map((f) => {
    const rows = fam.get(`${f.layout}|${f.job}|${f.family}`) ?? [];
    const memory = rows.filter((g) => g.column === 'memory');
    const leads = input.shortcuts
      .filter((s) => s in f.systems)
      .map((s) => ({ system: s, lead: f.systems[s] - (f.systems[input.floorName] ?? 0) }));
    const worst = leads.sort((a, b) => b.lead - a.lead || (a.system < b.system ? -1 : 1))[0] ?? null;
    return {
      layout: f.layout,
      job: f.job,
      family: f.family,
      ability: mostCommon(rows.map((g) => g.ability)),
      asked: f.n,
      kept: f.kept_qids.length,
      status: f.status,
      ...(f.dropped_by ? { dropped_by: f.dropped_by } : {}),
      thin: f.thin,
      unknown_share: rows.length ? rows.filter((g) => !g.knowable).length / rows.length : 0,
      unknown_share_memory: memory.length ? memory.filter((g) => !g.knowable).length / memory.length : null,
      floor: f.systems[input.floorName] ?? null,
      ceiling: f.systems[input.ceilingName] ?? null,
      worst_shortcut: worst,
    };
  });

  const jobs: ValidityJob[] = [];
  for (const [key, rows] of [...byKey(input.golds, (g) => `${g.layout}|${g.job}`)].sort(([a], [b]) =>
    a < b ? -1 : 1,
  )) {
    const [layout, job] = key.split('|');
    const sids = [...new Set(rows.map((g) => g.sid))];
    const frames = sids.reduce((a, s) => a + (input.frames.get(s) ?? 0), 0);
    const mine = rows.filter((g) => kept.has(g.qid));
    const byAbility: Record<string, number> = {};
    for (const g of mine) byAbility[g.ability] = (byAbility[g.ability] ?? 0) + 1;
    const whereIs = mine.filter((g) => (WHERE_IS as readonly string[]).includes(g.family));
    const tricks = input.tricks ? whereIs.filter((g) => input.tricks!.has(g.qid)).length : null;
    const meets: ValidityJob['person_meets'] = {};
    for (const family of PERSON_APPROACH) {
      const asked = rows.filter((g) => g.family === family);
      if (!asked.length) continue;
      const answerable = asked.filter((g) => g.knowable);
      const zero = answerable.filter((g) => g.value === 0).length;
      meets[family] = {
        answerable: answerable.length,
        zero,
        share: answerable.length ? zero / answerable.length : null,
      };
    }
    jobs.push({
      layout,
      split: rows[0].split,
      job,
      scripts: sids.length,
      frames,
      asked: rows.length,
      kept: mine.length,
      density: frames ? mine.length / frames : 0,
      by_ability: Object.fromEntries(Object.entries(byAbility).sort(([a], [b]) => (a < b ? -1 : 1))),
      where_is: whereIs.length,
      tricks,
      trick_share: tricks !== null && whereIs.length ? tricks / whereIs.length : null,
      person_meets: meets,
    });
  }

  // the floor as the headline reads it: all_unknown's rows on the kept questions of the short and medium cases,
  // cells weighted by the kept questions' counts (the release's own dev root)
  const keptRows = input.golds.filter((g) => kept.has(g.qid));
  const cellCounts = cellCountsOf(keptRows);
  const rows = keptRows
    .filter((g) => (FLOOR_LENGTHS as readonly string[]).includes(g.length))
    .map((g) => resultRow(g, input.floor.get(g.qid)!));
  const floor: FloorRow[] = [];
  for (const a of aggregate(rows, { cellCounts, B: input.B, seed: input.seed ?? 'validity' })) {
    const ci = (x: { lo: number; hi: number } | null) => (x ? ([x.lo, x.hi] as [number, number]) : null);
    floor.push({ layout: a.layout, column: 'headline', score: a.headline, interval: ci(a.headline_ci), n: a.n_rows });
    floor.push({ layout: a.layout, column: 'now', score: a.now.score, interval: ci(a.now.ci), n: a.now.n });
    floor.push({ layout: a.layout, column: 'memory', score: a.memory.score, interval: ci(a.memory.ci), n: a.memory.n });
  }
  return { floor_scope: `${FLOOR_LENGTHS.join(' and ')} cases, kept questions`, families, jobs, floor };
}
