/**
 * A job on a place (script/job-on-place.ts): the one check `validate` and `script` both run. Every shipped job works
 * on every shipped place of its kind; a site under a solid in the column a job's body fills there (the drone's,
 * from the street to 15.3 m) is the job's problem on that place even where the place alone is sound; and `script`
 * refuses a job with the very lines `validate` prints.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../foundation/index.ts';
import { loadAllJobs } from '../../../jobs/load.ts';
import { devPlaces } from '../../../jobs/places.ts';
import { readPlaceText } from '../../../layouts/load.ts';
import { jobOnPlaceIssues } from '../../../script/job-on-place.ts';
import { runCli } from '../../helpers/cli-in-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'stbench-job-on-place-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a job on a place', () => {
  it('finds nothing wrong with a shipped job on a shipped place of its kind', () => {
    for (const job of loadAllJobs())
      for (const place of devPlaces(job.value))
        expect(jobOnPlaceIssues(job, place), `${job.value.id} on ${place.id}`).toEqual([]);
  }, 60_000);

  it("reports a site under a solid the job's body column reaches, though the place alone is sound", () => {
    const file = join(REPO_ROOT, 'layouts', 'downtown_a.yaml');
    // an awning 6 m over the yard drop point: above the 2 m a robot standing there fills, below the drone's 15.3 m
    const text = readFileSync(file, 'utf8').replace(
      /^fixed:\n/m,
      'fixed:\n  - { id: test_awning, kind: awning, shape: box, center: [16.0, 27.0], size: [0.6, 0.6, 0.1], z: 6, material: facade_concrete }\n',
    );
    const read = readPlaceText(text, file);
    expect(read.issues).toEqual([]);
    const drone = loadAllJobs().find((j) => j.value.id === 'drone/1')!;
    const issues = jobOnPlaceIssues(drone, read.place!.place);
    expect(issues.map((i) => i.path)).toEqual(['tasks.kinds[0].sites[0]', 'tasks.kinds[1].sites[0]']);
    expect(issues[0].file).toBe(drone.file);
    expect(issues[0].line).toBe(drone.locate(['tasks', 'kinds', 0, 'sites', 0])!.line);
    expect(issues[0].message).toMatch(/site yard_a1 of downtown_a lies under fixed:test_awning \(6\.00\.\.6\.10 m\)/);
  });

  it('script refuses a job with the lines validate prints for it, and writes nothing', async () => {
    const jobs = join(dir, 'jobs');
    mkdirSync(jobs);
    const helper = readFileSync(join(REPO_ROOT, 'jobs', 'helper-1.yaml'), 'utf8');
    const job = join(jobs, 'wide-1.yaml');
    writeFileSync(
      job,
      helper
        .replace('id: helper/1', 'id: wide/1')
        .replace('name: helper', 'name: wide')
        .replace('length_m: 0.34, width_m: 0.33', 'length_m: 0.6, width_m: 1.5'),
    );
    const env = { STBENCH_JOBS: jobs };
    const v = await runCli(['validate', job], { env });
    const out = join(dir, 'out');
    const s = await runCli(['script', '--job', 'wide/1', '--count', '1', '--seed', 's', '--out', out], { env });
    expect(v.code).toBe(2);
    expect(s.code).toBe(2);
    const problems = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith(`${job}:`));
    expect(problems(v.stderr).length).toBeGreaterThan(0);
    expect(problems(s.stderr)).toEqual(problems(v.stderr));
    expect(problems(s.stderr)[0]).toContain('body.footprint.width_m: the body passes no doorway of apartment_a');
    expect(existsSync(out)).toBe(false);
  }, 60_000);
});
