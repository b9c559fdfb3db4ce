/**
 * The fields of a job that only the compile reads (COMPILE_ONLY_FIELDS) shape no script: planning with them changed
 * writes the same bytes, and the script stage records the same job hash, so a compile-only change needs no new
 * scripts or renders. Changing a field the script stage does read (the body) changes the scripts and the hash.
 */
import { devPlace } from '../../../jobs/places.ts';
import { describe, expect, it } from 'vitest';
import { COMPILE_ONLY_FIELDS, scriptHash, type JobSpec } from '../../../jobs/job-schema.ts';
import { getJob } from '../../../jobs/load.ts';
import { planBatch } from '../../../script/batch.ts';

/** A copy of a job with every compile-only field replaced by another value of its kind. */
function changedCompileFields(job: JobSpec): JobSpec {
  const other = getJob(job.id === 'helper/1' ? 'vacuum/2' : 'helper/1') as unknown as Record<string, unknown>;
  const out = { ...job } as unknown as Record<string, unknown>;
  for (const k of COMPILE_ONLY_FIELDS) out[k] = other[k] ?? { changed: true };
  out.look_points = { ...(job.look_points as object), gap_frames: { mean: 17, min: 9 } };
  return out as unknown as JobSpec;
}

describe('compile-only fields of a job', () => {
  for (const id of ['helper/1', 'drone/1']) {
    it(`${id}: changing them changes no script byte and no recorded job hash`, () => {
      const job = getJob(id);
      const place = devPlace(job);
      const o = { job, place, seed: 'compile-only', count: 1, tasks: 2, maxFrames: 30 };
      const a = planBatch(o);
      const changed = changedCompileFields(job);
      expect(JSON.stringify(changed)).not.toBe(JSON.stringify(job));
      const b = planBatch({ ...o, job: changed });
      expect(b.map((s) => s.files)).toEqual(a.map((s) => s.files));
      expect(scriptHash(changed)).toBe(scriptHash(job));
      // a field the script stage reads does change them
      const wider = { ...job, body: { ...job.body, height_m: job.body.height_m + 0.1 } } as JobSpec;
      expect(scriptHash(wider)).not.toBe(scriptHash(job));
      expect(planBatch({ ...o, job: wider }).map((s) => s.files)).not.toEqual(a.map((s) => s.files));
    }, 120_000);
  }
});
