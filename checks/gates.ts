/**
 * The check's instrument checks and gates: pure functions of the gold rows, the question texts and every scripted
 * system's scored rows (score_gate). docs/check.md gives every formula and threshold.
 *
 * Instrument checks, per question (a failure is a broken instrument: the check exits 1):
 * - ceiling: the perfect reader's score_gate is 1 on every question;
 * - knowable: every answerable gold names evidence frames, none after its ask; an unknown gold names none (or only
 *   its ask frame, where one looks and finds nothing).
 * Gates, per (layout, job, family), on the questions the balance rule keeps:
 * - memory_needed (memory families): current_view − all_unknown ≤ +0.10;
 * - shortcuts: every shortcut system's lead over all_unknown < +0.10;
 * - constants: form_adversary − all_unknown ≤ 0;
 * - separation: perfect_reader − the best of the shortcuts and the floor ≥ 0.5;
 * - balance: questions are dropped, one at a time, until no class prior (the thing's kind, the wording template)
 *   beats unknown on its class; the kept qids are listed.
 * Verdicts: `evidence` reads the point estimates; `strict` the 95% bootstrap interval over scripts (a ceiling gate
 * must hold at the interval's unfavourable end). Both readings are always computed and reported; the mode decides.
 * A family read on fewer than min_questions questions is thin: flagged, and gated on its evidence like any other.
 */
import type { BrokenInstrument, CheckReport, FamilyCheck, GateReading } from './check-report.ts';
import { bootstrapOverScripts, type GoldRow, type ScoredRow, type ScriptGroup } from './score/index.ts';
import { questionClass } from '../compile/question-form.ts';
import { familiesWhere } from '../compile/family-registry.ts';
import type { SystemRole } from './harness/index.ts';
import { SYSTEMS } from './systems/registry.ts';
import { checkPlace } from '../formats/split.ts';
import { runSteps, runStepsInterruptible } from '../foundation/index.ts';

/** The scripted systems the check runs, in the order the report lists them: by role (ceiling, memory, now-only,
 * shortcuts, floor, diagnostic), then as registered (checks/systems/registry.ts). */
const ROLE_ORDER: readonly SystemRole[] = ['ceiling', 'memory', 'now_only', 'shortcut', 'floor', 'diagnostic'];
const ROSTER = [...SYSTEMS.values()].filter((s) => s.role !== undefined);
const named = (pick: (s: (typeof ROSTER)[number]) => boolean, what: string): string[] => {
  const out = ROSTER.filter(pick).map((s) => s.name);
  if (!out.length) throw new Error(`no scripted system is the check's ${what}`);
  return out;
};
const one = (pick: (s: (typeof ROSTER)[number]) => boolean, what: string): string => {
  const out = named(pick, what);
  if (out.length > 1) throw new Error(`${out.join(' and ')} are both the check's ${what}`);
  return out[0];
};

export const CEILING = one((s) => s.role === 'ceiling', 'ceiling');
export const FLOOR = one((s) => s.role === 'floor', 'floor');
export const CURRENT_VIEW = one((s) => s.role === 'now_only', 'latest-frame reader');
export const MEMORY = one((s) => s.role === 'memory', 'memory');
export const CONSTANT = one((s) => s.gate === 'constants', 'constant answerer');
export const DIAGNOSTIC = one((s) => s.role === 'diagnostic', 'diagnostic');
/** The shortcut systems: what a system could score without the skill a family asks for. */
export const SHORTCUTS: readonly string[] = named((s) => s.role === 'shortcut', 'shortcuts');
/** The system the balance rule reads the class priors from. */
export const PRIOR = one((s) => s.gate === 'class_priors', 'class priors');
/** Every system the check runs. */
export const CHECK_SYSTEMS: readonly string[] = ROLE_ORDER.flatMap((r) => {
  const mine = ROSTER.filter((s) => s.role === r);
  // the constant answerer closes the shortcuts (the report's order)
  return [...mine.filter((s) => s.gate !== 'constants'), ...mine.filter((s) => s.gate === 'constants')].map(
    (s) => s.name,
  );
});

export const THRESHOLDS = { memory_needed: 0.1, shortcuts: 0.1, constants: 0, separation: 0.5, ceiling: 1 } as const;
export const DEFAULT_MIN_QUESTIONS = 10;
/** Families the map reader's diagnostic covers (declared `map_diagnostic`). */
export const MAP_FAMILIES = familiesWhere((d) => d.map_diagnostic);
const EPS = 1e-9;

export type Verdict = 'evidence' | 'strict';

export interface GateInput {
  golds: readonly GoldRow[];
  /** qid -> question text */
  texts: ReadonlyMap<string, string>;
  /** qid -> the case frame after which it is asked (the last frame for end questions) */
  askFrames?: ReadonlyMap<string, number>;
  /** system -> qid -> its scored row */
  scores: Readonly<Record<string, ReadonlyMap<string, ScoredRow>>>;
  verdict: Verdict;
  minQuestions: number;
  /** bootstrap resamples for the strict reading (default 2000) and seed */
  B?: number;
  seed?: string | number;
}

export type GateResult = Pick<CheckReport, 'broken' | 'families' | 'map_reader'>;

/** Per-question instrument checks: ceiling and knowable. */
export function instrumentChecks(input: GateInput): BrokenInstrument[] {
  const out: BrokenInstrument[] = [];
  const ceiling = input.scores[CEILING];
  for (const g of input.golds) {
    const r = ceiling?.get(g.qid);
    if (!r) out.push({ qid: g.qid, what: 'ceiling', why: `${CEILING} has no score for the question` });
    else if (r.score_gate < 1 - EPS)
      out.push({
        qid: g.qid,
        what: 'ceiling',
        why: `${CEILING} scores ${r.score_gate.toFixed(3)} on ${g.family} (${r.reason})`,
      });
    const why = knowableProblem(g, input.askFrames?.get(g.qid));
    if (why) out.push({ qid: g.qid, what: 'knowable', why });
  }
  return out;
}

/** What is wrong with a gold's evidence frames, or null. */
export function knowableProblem(g: GoldRow, askK?: number): string | null {
  const ev = g.evidence_frames;
  if (g.knowable) {
    if (!ev.length) return `an answerable ${g.family} gold names no evidence frame`;
    if (askK !== undefined && ev.some((k) => k > askK))
      return `an answerable ${g.family} gold names a frame after its ask (${askK}): ${ev.join(', ')}`;
    return null;
  }
  if (ev.length && !(askK !== undefined && ev.every((k) => k === askK)))
    return `an unknown ${g.family} gold names evidence frames ${ev.join(', ')}`;
  return null;
}

function meanGate(scores: ReadonlyMap<string, ScoredRow> | undefined, qids: readonly string[]): number {
  if (!qids.length) return 0;
  let s = 0;
  for (const q of qids) s += scores?.get(q)?.score_gate ?? -1;
  return s / qids.length;
}

/**
 * The balance rule: while some class (thing kind, wording template) has a positive mean prior gain (the priors
 * system's gate score minus all_unknown's) over its kept questions, drop from the class with the largest mean gain
 * its question of largest gain (ties: the larger qid). Returns the kept qids (sorted) and the largest class gain
 * before balancing.
 */
export function balance(
  qids: readonly string[],
  texts: ReadonlyMap<string, string>,
  prior: ReadonlyMap<string, ScoredRow> | undefined,
  floor: ReadonlyMap<string, ScoredRow> | undefined,
): { kept: string[]; worst_before: number } {
  const gain = new Map(qids.map((q) => [q, (prior?.get(q)?.score_gate ?? -1) - (floor?.get(q)?.score_gate ?? -1)]));
  const classes = new Map<string, Set<string>>();
  for (const q of qids) {
    const c = questionClass(texts.get(q) ?? '');
    for (const key of [`kind:${c.kind}`, `template:${c.template}`])
      (classes.get(key) ?? classes.set(key, new Set()).get(key)!).add(q);
  }
  const classGain = (members: Set<string>) => {
    let s = 0;
    for (const q of members) s += gain.get(q)!;
    return members.size ? s / members.size : 0;
  };
  let worstBefore = -Infinity;
  for (const m of classes.values()) worstBefore = Math.max(worstBefore, classGain(m));
  const kept = new Set(qids);
  for (;;) {
    let worst: { key: string; g: number } | null = null;
    for (const [key, m] of [...classes].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const g = classGain(m);
      if (m.size && g > EPS && (!worst || g > worst.g + EPS)) worst = { key, g };
    }
    if (!worst) break;
    const members = [...classes.get(worst.key)!].sort((a, b) => gain.get(b)! - gain.get(a)! || (a < b ? 1 : -1));
    const drop = members[0];
    kept.delete(drop);
    for (const m of classes.values()) m.delete(drop);
  }
  return { kept: [...kept].sort(), worst_before: Number.isFinite(worstBefore) ? worstBefore : 0 };
}

type Direction = 'below' | 'at_most' | 'at_least';

function passes(x: number, threshold: number, dir: Direction): boolean {
  if (dir === 'below') return x < threshold - EPS;
  if (dir === 'at_most') return x <= threshold + EPS;
  return x >= threshold - EPS;
}

/** A gate's reading with both verdicts; the report's mode decides, the other is recorded. */
function gate(
  reading: number,
  threshold: number,
  dir: Direction,
  ci: { lo: number; hi: number } | null,
  mode: Verdict,
  thin: boolean,
  minQ: number,
  n: number,
): GateReading {
  const evidence = passes(reading, threshold, dir) ? 'pass' : 'fail';
  // strict: the interval's unfavourable end must pass (the upper end of a lead, the lower end of a separation)
  const strictX = ci ? (dir === 'at_least' ? ci.lo : ci.hi) : reading;
  const strict = passes(strictX, threshold, dir) ? 'pass' : 'fail';
  const verdict = mode === 'evidence' ? evidence : strict;
  const how =
    mode === 'evidence'
      ? 'evidence: point estimate'
      : ci
        ? `strict: ${dir === 'at_least' ? 'lower' : 'upper'} end of the 95% interval over scripts`
        : 'strict: point estimate (one script, no interval)';
  return {
    reading,
    threshold,
    verdict,
    decided_by: thin ? `thin (${n} < ${minQ} questions): ${how}` : how,
    ...(ci ? { interval: [ci.lo, ci.hi] as [number, number] } : {}),
    other_verdict: mode === 'evidence' ? strict : evidence,
  };
}

function notApplicable(why: string): GateReading {
  return { reading: null, threshold: null, verdict: 'not_applicable', decided_by: why };
}

/** Mean gate scores of the systems over a set of rows. */
function systemMeans(
  systems: readonly string[],
  scores: GateInput['scores'],
  qids: readonly string[],
): Record<string, number> {
  return Object.fromEntries(systems.map((s) => [s, meanGate(scores[s], qids)]));
}

/** The readings of one family's gates from the systems' means. */
function readings(m: Record<string, number>, shortcuts: readonly string[]) {
  const floor = m[FLOOR];
  const leads = Object.fromEntries(shortcuts.map((s) => [s, m[s] - floor]));
  const bestShortcut = Math.max(floor, ...shortcuts.map((s) => m[s]));
  return {
    ceiling: m[CEILING],
    memory_needed: m[CURRENT_VIEW] - floor,
    shortcuts: Math.max(...shortcuts.map((s) => leads[s])),
    constants: m[CONSTANT] - floor,
    separation: m[CEILING] - bestShortcut,
  };
}

/** Every instrument check, gate and the map reader's diagnostic over the build's gold rows. */
export function runGates(input: GateInput): GateResult {
  return runSteps(gateSteps(input));
}

/** runGates letting a signal in between families (each family's bootstrap takes a while: foundation/interrupt.ts). */
export function runGatesInterruptible(input: GateInput): Promise<GateResult> {
  return runStepsInterruptible(gateSteps(input));
}

/** runGates a family a step. */
function* gateSteps(input: GateInput): Generator<void, GateResult> {
  const broken = instrumentChecks(input);
  const brokenBy = new Map<string, string>();
  for (const b of broken) if (b.qid && !brokenBy.has(b.qid)) brokenBy.set(b.qid, b.what);
  const groups = new Map<string, GoldRow[]>();
  for (const g of input.golds) {
    const k = `${checkPlace(g)}|${g.job}|${g.family}`;
    (groups.get(k) ?? groups.set(k, []).get(k)!).push(g);
  }
  const present = Object.keys(input.scores);
  const systems = [...CHECK_SYSTEMS.filter((s) => s !== DIAGNOSTIC && present.includes(s))];
  const shortcuts = SHORTCUTS.filter((s) => present.includes(s));
  const families: FamilyCheck[] = [];
  const mapRows: CheckReport['map_reader']['rows'] = [];
  for (const key of [...groups.keys()].sort()) {
    yield;
    const rows = groups.get(key)!;
    const [layout, job, family] = key.split('|');
    const all = rows.map((g) => g.qid).sort();
    const bal = balance(all, input.texts, input.scores[PRIOR], input.scores[FLOOR]);
    const qids = bal.kept.length ? bal.kept : all;
    const n = qids.length;
    const thin = n < input.minQuestions;
    const means = systemMeans(systems, input.scores, qids);
    const point = readings(means, shortcuts);
    const byQid = new Map(rows.map((g) => [g.qid, g]));
    let ci: Record<string, { lo: number; hi: number } | null> = {};
    const sids = new Set(qids.map((q) => byQid.get(q)!.sid));
    // both readings are always reported: the interval is read whatever the mode, the mode decides
    if (sids.size > 1) {
      const bySid = new Map<string, ScriptGroup<string>>();
      for (const q of qids) {
        const g = byQid.get(q)!;
        (bySid.get(g.sid) ?? bySid.set(g.sid, { stratum: g.job, rows: [] }).get(g.sid)!).rows.push(q);
      }
      ci = bootstrapOverScripts(
        [...bySid.keys()].sort().map((k) => bySid.get(k)!),
        (sample) =>
          readings(
            systemMeans(
              systems,
              input.scores,
              sample.flatMap((s) => s.rows),
            ),
            shortcuts,
          ),
        { B: input.B ?? 2000, seed: input.seed ?? 'check', id: key },
      );
    }
    const g = (name: keyof typeof point, threshold: number, dir: Direction) =>
      gate(point[name], threshold, dir, ci[name] ?? null, input.verdict, thin, input.minQuestions, n);
    const memoryFamily = rows.filter((r) => r.column === 'memory').length * 2 >= rows.length;
    const instrument = rows.filter((r) => brokenBy.get(r.qid) === 'ceiling').length;
    const ceilingGate: GateReading = {
      reading: meanGate(input.scores[CEILING], all),
      threshold: THRESHOLDS.ceiling,
      verdict: instrument ? 'fail' : 'pass',
      decided_by: 'instrument: the perfect reader scores 1 on every question',
    };
    const unknowable = rows.filter((r) => brokenBy.get(r.qid) === 'knowable').length;
    const gates: Record<string, GateReading> = {
      ceiling: ceilingGate,
      knowable: {
        reading: unknowable,
        threshold: 0,
        verdict: unknowable ? 'fail' : 'pass',
        decided_by: 'instrument: questions whose evidence frames break the seen-or-unknown rule',
      },
      memory_needed:
        memoryFamily && present.includes(CURRENT_VIEW)
          ? g('memory_needed', THRESHOLDS.memory_needed, 'at_most')
          : notApplicable(memoryFamily ? 'current_view was not run' : 'not a memory family'),
      shortcuts: shortcuts.length
        ? g('shortcuts', THRESHOLDS.shortcuts, 'below')
        : notApplicable('no shortcut system was run'),
      constants: present.includes(CONSTANT)
        ? g('constants', THRESHOLDS.constants, 'at_most')
        : notApplicable('form_adversary was not run'),
      separation: present.includes(CEILING)
        ? g('separation', THRESHOLDS.separation, 'at_least')
        : notApplicable('perfect_reader was not run'),
      balance: {
        reading: bal.worst_before,
        threshold: 0,
        verdict: bal.kept.length ? 'pass' : 'fail',
        decided_by: `the largest class prior lead over unknown before balancing; ${bal.kept.length} of ${all.length} questions kept`,
      },
      time_needed: notApplicable('not a change-over-time family'),
    };
    let dropped: string | undefined;
    for (const name of ['ceiling', 'knowable']) if (!dropped && gates[name].verdict === 'fail') dropped = name;
    if (!dropped && !bal.kept.length) dropped = 'balance';
    // a thin family is gated on its evidence like any other (and flagged): never kept because it is thin
    dropped ??= ['memory_needed', 'shortcuts', 'constants', 'separation'].find(
      (name) => gates[name].verdict === 'fail',
    );
    families.push({
      layout,
      job,
      family,
      n: all.length,
      status: dropped ? 'dropped' : 'kept',
      ...(dropped ? { dropped_by: dropped } : {}),
      thin,
      kept_qids: dropped ? [] : bal.kept,
      gates,
      systems: means,
    });
    if (MAP_FAMILIES.includes(family) && input.scores[DIAGNOSTIC]) {
      const score = meanGate(input.scores[DIAGNOSTIC], all);
      mapRows.push({ layout, job, family, n: all.length, score, lead: score - meanGate(input.scores[FLOOR], all) });
    }
  }
  return {
    broken,
    families,
    map_reader: {
      note: 'The map reader answers clear_path and open_heading from the public map alone: a diagnostic, never a gate and never in a results table.',
      rows: mapRows,
    },
  };
}
