/**
 * One (layout, job, family) of the check report: its gates' readings, the systems' scores, and what the export keeps
 * of it (checks/check-report.ts holds the whole report; docs/format.md documents every field).
 */
import { z } from 'zod';

export const QidString = z.string().regex(/^[0-9a-f]{16}$/, 'a question id is 16 lowercase hex characters');

/** One gate's reading on one family. */
export const GateReading = z.strictObject({
  /** the number the gate reads (a mean gate score, a lead over all_unknown, ...); null when it could not be read */
  reading: z.number().finite().nullable(),
  /** the line the reading is compared against */
  threshold: z.number().finite().nullable(),
  /** pass, fail, or not_applicable (e.g. time_needed on a family not about change) */
  verdict: z.enum(['pass', 'fail', 'not_applicable']),
  /** what decided the verdict, in words: e.g. `evidence: lower 95% bound of the lead`, `point estimate`, `thin` */
  decided_by: z.string().min(1),
  /** the 95% interval of the reading, when the gate has one */
  interval: z.tuple([z.number().finite(), z.number().finite()]).optional(),
  /** the verdict under the other reading (strict when the report's mode is evidence, and the reverse) */
  other_verdict: z.enum(['pass', 'fail', 'not_applicable']).optional(),
});
export type GateReading = z.infer<typeof GateReading>;

/** One (layout, job, family): its gates, the systems' scores, and what the export keeps of it. */
export const FamilyCheck = z
  .strictObject({
    layout: z.string().min(1),
    job: z.string().min(1),
    family: z.string().min(1),
    /** questions of the family on this job before the balance rule */
    n: z.number().int().nonnegative(),
    status: z.enum(['kept', 'dropped']),
    /** the gate that dropped it (absent when kept) */
    dropped_by: z.string().min(1).optional(),
    /** fewer than min_questions: the gates are read, but thinly */
    thin: z.boolean(),
    /** the qids the balance rule keeps (empty when dropped) */
    kept_qids: z.array(QidString),
    gates: z.record(z.string(), GateReading),
    /** each scripted system's mean gate score on the family */
    systems: z.record(z.string(), z.number().finite()),
  })
  .superRefine((f, ctx) => {
    if (f.status === 'dropped' && !f.dropped_by)
      ctx.addIssue({
        code: 'custom',
        path: ['dropped_by'],
        message: 'a dropped family names the gate that dropped it',
      });
    if (f.status === 'kept' && f.dropped_by)
      ctx.addIssue({ code: 'custom', path: ['dropped_by'], message: 'a kept family has no dropped_by' });
    if (f.status === 'dropped' && f.kept_qids.length)
      ctx.addIssue({ code: 'custom', path: ['kept_qids'], message: 'a dropped family keeps no qid' });
    if (f.kept_qids.length > f.n)
      ctx.addIssue({ code: 'custom', path: ['kept_qids'], message: `keeps ${f.kept_qids.length} of ${f.n} questions` });
  });
export type FamilyCheck = z.infer<typeof FamilyCheck>;
