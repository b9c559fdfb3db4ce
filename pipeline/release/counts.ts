/**
 * A release's counts, per layout and job and in total (the dataset card's tables and release.json's `counts`), from
 * the contents of a build or dataset. The same function counts for export and for verify.
 */
import { cellCountsOf, type CellCounts } from '../../checks/score/aggregate.ts';
import { ABILITIES } from '../../formats/gold-row.ts';
import type { Split } from '../../formats/split.ts';
import type { CaseContents, Contents } from './contents.ts';

export type LengthCounts = { short: number; medium: number; long: number };
export type AbilityCounts = Record<(typeof ABILITIES)[number], number>;

export interface GroupCounts {
  scripts: number;
  cases: LengthCounts;
  cases_asking_nothing: number;
  questions: number;
  /** rendered frames of the group's scripts (each frame once, however many cases show it) */
  frames: number;
  abilities: AbilityCounts;
  families: Record<string, number>;
}

export interface JobCounts extends GroupCounts {
  layout: string;
  /** the layout's split: a shipped place's dev, a generated place's heldout */
  split: Split;
  job: string;
}

export interface CaseEntry {
  cid: string;
  sid: string;
  layout: string;
  split: Split;
  job: string;
  length: 'short' | 'medium' | 'long';
  /** the case's frames */
  frames: number;
  questions: number;
}

export interface ReleaseCounts {
  by_job: JobCounts[];
  total: GroupCounts;
  cases: CaseEntry[];
  /** the question count of every (job, ability, column) cell, keyed `job|ability|column`: what the scorer's weights read */
  cell_counts: CellCounts;
}

function emptyGroup(): GroupCounts {
  const abilities = Object.fromEntries(ABILITIES.map((a) => [a, 0])) as AbilityCounts;
  return {
    scripts: 0,
    cases: { short: 0, medium: 0, long: 0 },
    cases_asking_nothing: 0,
    questions: 0,
    frames: 0,
    abilities,
    families: {},
  };
}

function addCase(g: GroupCounts, c: CaseContents): void {
  g.cases[c.file.length] += 1;
  if (c.questions.length === 0) g.cases_asking_nothing += 1;
  g.questions += c.questions.length;
  for (const { row } of c.gold) {
    g.abilities[row.ability] += 1;
    g.families[row.family] = (g.families[row.family] ?? 0) + 1;
  }
}

const byKey = (a: { layout: string; job: string }, b: { layout: string; job: string }) =>
  a.layout < b.layout ? -1 : a.layout > b.layout ? 1 : a.job < b.job ? -1 : a.job > b.job ? 1 : 0;

/** Count a build's or dataset's contents: per (layout, job), sorted by layout then job, and the total. */
export function countRelease(contents: Contents): ReleaseCounts {
  const groups = new Map<string, JobCounts>();
  const group = (layout: string, split: Split, job: string): JobCounts => {
    const k = `${layout}|${job}`;
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { layout, split, job, ...emptyGroup() }));
    return g;
  };
  const total = emptyGroup();
  for (const s of contents.scripts) {
    for (const g of [group(s.layout, s.split, s.job), total]) {
      g.scripts += 1;
      g.frames += s.frames;
    }
  }
  const cases: CaseEntry[] = [];
  for (const c of contents.cases) {
    addCase(group(c.file.layout, c.file.split, c.file.job), c);
    addCase(total, c);
    cases.push({
      cid: c.cid,
      sid: c.file.sid,
      layout: c.file.layout,
      split: c.file.split,
      job: c.file.job,
      length: c.file.length,
      frames: c.file.frames.length,
      questions: c.questions.length,
    });
  }
  const sortedFamilies = (f: Record<string, number>) =>
    Object.fromEntries(Object.entries(f).sort(([a], [b]) => (a < b ? -1 : 1)));
  const by_job = [...groups.values()].sort(byKey).map((g) => ({ ...g, families: sortedFamilies(g.families) }));
  const cellCounts = cellCountsOf(contents.cases.flatMap((c) => c.gold.map((g) => g.row)));
  const cell_counts = Object.fromEntries(Object.entries(cellCounts).sort(([a], [b]) => (a < b ? -1 : 1)));
  return { by_job, total: { ...total, families: sortedFamilies(total.families) }, cases, cell_counts };
}
