/**
 * The check report: what `stbench check` writes to BUILD/check_report.json and what `stbench export` reads and ships.
 * Per layout, job and family: the question count, every gate's reading with its threshold and verdict, the scripted
 * systems' scores, whether the family is kept, and the qids the balance rule keeps. Broken instruments (a scripted
 * system or gate that errored or misread) are listed apart: any one of them blocks the export.
 * docs/format.md documents every field.
 */
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { InputError, pathString, readText } from '../foundation/index.ts';
import { FamilyCheck, QidString } from './family-check.ts';
import { Validity } from './validity.ts';
import { Reference } from './validity-reference.ts';
import { checkPlace, type Split } from '../formats/split.ts';

export const CHECK_REPORT_FORMAT = 'stbench.check_report/1';

const Hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'a sha256 is 64 lowercase hex characters');

export { FamilyCheck, GateReading } from './family-check.ts';

/** A broken instrument: a scripted system or gate that errored or misread; blocks the export. */
export const BrokenInstrument = z.strictObject({
  qid: QidString.optional(),
  /** the system or gate */
  what: z.string().min(1),
  why: z.string().min(1),
});
export type BrokenInstrument = z.infer<typeof BrokenInstrument>;

/** The map reader's diagnostic on one family (clear_path, open_heading): reported, never a gate. */
export const MapReaderRow = z.strictObject({
  layout: z.string().min(1),
  job: z.string().min(1),
  family: z.string().min(1),
  n: z.number().int().nonnegative(),
  /** the map reader's mean gate score */
  score: z.number().finite(),
  /** its lead over all_unknown */
  lead: z.number().finite(),
});

/** One place's exposure (render/exposure.ts): the mean luma of its frames against the 12% to 88% band. */
export const PlaceExposureRow = z.strictObject({
  place: z.string().min(1),
  frames: z.number().int().positive(),
  dark: z.number().int().nonnegative(),
  bright: z.number().int().nonnegative(),
  outside_share: z.number().min(0).max(1),
  luma_p01: z.number().min(0).max(1),
  luma_p50: z.number().min(0).max(1),
  luma_p99: z.number().min(0).max(1),
  ok: z.boolean(),
});

export const CheckReport = z
  .strictObject({
    format: z.literal(CHECK_REPORT_FORMAT),
    tool_version: z.string().min(1),
    /** compileHash() of the compile the check read */
    compile_hash: Hex64,
    /** the render engines that made the frames (render logs); raycast: a truth-only build, whose pictures are not renders */
    render_engines: z.array(z.enum(['blender', 'raycast'])).default([]),
    /** true when any frame was ray-cast (render engine raycast): the figures hold for the questions, not for renders */
    truth_only: z.boolean().default(false),
    verdict_mode: z.enum(['evidence', 'strict']),
    /** the fewest questions a family needs for its gates to be read without being marked thin */
    min_questions: z.number().int().nonnegative(),
    broken: z.array(BrokenInstrument),
    families: z.array(FamilyCheck),
    map_reader: z.strictObject({ note: z.string(), rows: z.array(MapReaderRow) }),
    summary: z.strictObject({
      kept_families: z.number().int().nonnegative(),
      dropped_families: z.number().int().nonnegative(),
    }),
    /** the release validity report (checks/validity.ts) */
    validity: Validity.optional(),
    /** a reference release's figures set beside the validity report (checks/references/) */
    reference: Reference.optional(),
    /** per place, the exposure of its rendered frames; absent on a truth-only build (its pictures are not renders) */
    exposure: z.array(PlaceExposureRow).optional(),
    /** RGB frames the exposure could not read as pictures (left out of it) */
    exposure_unreadable: z.number().int().nonnegative().optional(),
    /** free text the report states plainly, e.g. that the gates cover only the shortcuts thought of */
    note: z.string().optional(),
  })
  .superRefine((r, ctx) => {
    const kept = r.families.filter((f) => f.status === 'kept').length;
    if (r.summary.kept_families !== kept)
      ctx.addIssue({
        code: 'custom',
        path: ['summary', 'kept_families'],
        message: `says ${r.summary.kept_families}, the families list keeps ${kept}`,
      });
    const dropped = r.families.length - kept;
    if (r.summary.dropped_families !== dropped)
      ctx.addIssue({
        code: 'custom',
        path: ['summary', 'dropped_families'],
        message: `says ${r.summary.dropped_families}, the families list drops ${dropped}`,
      });
    const seen = new Map<string, number>();
    r.families.forEach((f, i) => {
      const key = familyKey(f);
      const first = seen.get(key);
      if (first !== undefined)
        ctx.addIssue({ code: 'custom', path: ['families', i], message: `${key} repeats families[${first}]` });
      else seen.set(key, i);
    });
  });
export type CheckReport = z.infer<typeof CheckReport>;

/** The key of a family on a job in a check place (formats/split.ts checkPlace): `place|job|family`. */
export function familyKey(f: { layout: string; split?: Split; job: string; family: string }): string {
  return `${checkPlace(f)}|${f.job}|${f.family}`;
}

/** Parse a check report from its JSON value; every problem names the file and field. */
export function parseCheckReport(value: unknown, file: string): CheckReport {
  const r = CheckReport.safeParse(value);
  if (!r.success)
    throw new InputError(r.error.issues.map((i) => ({ file, path: pathString(i.path), message: i.message })));
  return r.data;
}

/** Read and parse a check_report.json. */
export function readCheckReport(file: string): CheckReport {
  if (!existsSync(file))
    throw new InputError({ file, path: '', message: 'missing: there is no check report (run stbench check first)' });
  const text = readText(file);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new InputError({ file, path: '', message: `not JSON: ${(e as Error).message}` });
  }
  return parseCheckReport(value, file);
}

/** The qids the export ships: the balance rule's keep of every kept family. */
export function keptQids(report: CheckReport): Set<string> {
  const out = new Set<string>();
  for (const f of report.families) if (f.status === 'kept') for (const q of f.kept_qids) out.add(q);
  return out;
}

/** Why the report blocks an export (empty when it does not): broken instruments, or no family kept. */
export function exportBlockers(report: CheckReport): string[] {
  const out: string[] = [];
  for (const b of report.broken)
    out.push(`broken instrument ${b.what}${b.qid ? ` (question ${b.qid})` : ''}: ${b.why}`);
  if (!report.families.some((f) => f.status === 'kept' && f.kept_qids.length > 0))
    out.push('no question family survived the check');
  return out;
}
