/** The shipped jobs agree with the dataset card and release post, and the loader's API behaves. */
import { devPlaces } from '../../../jobs/places.ts';
import { mkdtempSync, rmSync, writeFileSync, readFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError, REPO_ROOT } from '../../../foundation/index.ts';
import { cameraHeightM, focalPx, footprintSize, vfovDeg } from '../../../jobs/camera.ts';
import { familiesWhere, familyDef } from '../../../compile/family-registry.ts';
import { checkJobFiles, getJob, loadAllJobs, loadJobFile, readJobFile } from '../../../jobs/load.ts';

describe('the four jobs', () => {
  it('are vacuum/2, helper/1, amr/1 and drone/1, each on the shipped places of its kind', () => {
    const jobs = loadAllJobs();
    expect(jobs.map((j) => [j.value.id, j.value.place_kind, devPlaces(j.value).map((p) => p.id)])).toEqual([
      ['amr/1', 'warehouse', ['warehouse_a']],
      ['drone/1', 'downtown', ['downtown_a']],
      ['helper/1', 'apartment', ['apartment_a']],
      ['vacuum/2', 'apartment', ['apartment_a']],
    ]);
  });

  it('carry the card tolerance table: C, R and the list matching radius', () => {
    const t = (id: string) => {
      const j = getJob(id);
      return [j.clearance.value, j.reacquire.value, j.match_m.value];
    };
    expect(t('vacuum/2')).toEqual([0.1, 1, 0.5]);
    expect(t('helper/1')).toEqual([0.15, 1, 0.5]);
    expect(t('amr/1')).toEqual([0.45, 1, 1]);
    expect(t('drone/1')).toEqual([2.4, 2, null]);
    for (const j of loadAllJobs()) {
      for (const m of [j.value.clearance, j.value.reacquire, j.value.match_m])
        expect(m.source.length).toBeGreaterThan(10);
    }
  });

  it('mount their cameras as the release post says: 640x480, 80 degrees, at 0.08, 1.30, 0.50 and 15 m', () => {
    const h = (id: string) => cameraHeightM(getJob(id));
    expect([h('vacuum/2'), h('helper/1'), h('amr/1'), h('drone/1')]).toEqual([0.08, 1.3, 0.5, 15]);
    expect(getJob('helper/1').camera.mount.pitch_deg).toBe(-45);
    for (const j of loadAllJobs()) {
      const c = j.value.camera;
      expect([c.width, c.height, c.hfov_deg]).toEqual([640, 480, 80]);
      expect(focalPx(c)).toBeCloseTo(381.4, 1);
      expect(vfovDeg(c)).toBeCloseTo(64.5, 0);
      expect(j.value.depth).toMatchObject({ unit: 'mm', far_m: 65.535, no_return: 65535 });
    }
    expect(footprintSize(getJob('amr/1')).width_m).toBe(0.58);
  });

  it('share the script shape: 2-6 tasks, 12 + 4 of 16 scripts, gaps of 10 min to 3 h', () => {
    for (const { value: j } of loadAllJobs()) {
      expect(j.tasks_per_script).toEqual({ min: 2, max: 6 });
      expect(j.release_mix.bands.map((b) => [b.scripts, b.tasks.min, b.tasks.max])).toEqual([
        [12, 2, 3],
        [4, 4, 6],
      ]);
      expect([j.gaps.min_s, j.gaps.max_s]).toEqual([600, 10800]);
      expect(j.closest_approach.horizon_s).toBe(5);
      expect(j.way_to.cell_m).toBe(0.1);
      expect(j.look_points.slots.length).toBeGreaterThanOrEqual(1);
      expect(j.look_points.slots.length).toBeLessThanOrEqual(3);
    }
  });

  it('aim at the card frames per job over about 50 tasks a job', () => {
    const frames = { 'vacuum/2': 6460, 'helper/1': 3157, 'amr/1': 4679, 'drone/1': 2534 } as const;
    const tasksPerJob = 12 * 2.5 + 4 * 5;
    for (const [id, n] of Object.entries(frames)) {
      expect(getJob(id).keyframes.target_per_task.value).toBe(Math.round(n / tasksPerJob));
    }
  });

  it('ask the families the card gives each job', () => {
    const fam = (id: string) => getJob(id).families as string[];
    expect(fam('helper/1')).toContain('way_to');
    for (const id of ['vacuum/2', 'amr/1', 'drone/1']) expect(fam(id)).not.toContain('way_to');
    for (const id of ['amr/1', 'drone/1']) expect(fam(id)).not.toContain('open_heading');
    expect(fam('helper/1')).not.toContain('person_mem');
    expect(fam('vacuum/2')).toContain('tangle_ahead');
    expect(fam('vacuum/2')).not.toContain('ego_now');
    expect(fam('drone/1').filter((f) => familiesWhere((d) => d.answer_type === 'list').includes(f))).toEqual([]);
    expect(fam('drone/1')).not.toContain('ego_now');
    for (const { value: j } of loadAllJobs()) {
      expect(j.families).toContain('clear_path');
      expect(j.families).toContain('ego_mem');
      expect(j.families).not.toContain('drop_zone_people');
      for (const f of j.look_points.slots[0]) expect(familyDef(f).kind).toBe('harm');
    }
    expect(getJob('vacuum/2').hazards?.catastrophe).toContain('cord');
  });

  it('getJob names the known ids when asked for another', () => {
    expect(() => getJob('vacuum/1')).toThrow(/no job vacuum\/1 \(known: amr\/1, drone\/1, helper\/1, vacuum\/2\)/);
  });
});

describe('the loader', () => {
  const vacuum = readFileSync(join(REPO_ROOT, 'jobs/vacuum-2.yaml'), 'utf8');

  it('reports schema and cross-field problems of one file together, in line order', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stbench-jobs-'));
    try {
      const f = join(dir, 'vacuum-2.yaml');
      const text = vacuum
        .replace('  value: 0.10\n', '  value: -1\n')
        .replace('    - [ego_mem]', '    - [ego_mem, ego_now]')
        .replace('  per_task: { min: 0, max: 2 }', '  per_task: { min: 4, max: 2 }');
      writeFileSync(f, text);
      const { job, issues } = readJobFile(f);
      expect(job).toBeUndefined();
      expect(issues.map((i) => i.path)).toEqual(['clearance.value', 'people.per_task', 'look_points.slots[2][1]']);
      const lines = issues.map((i) => i.line!);
      expect([...lines].sort((a, b) => a - b)).toEqual(lines);
      expect(() => loadJobFile(f)).toThrow(InputError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('loads all jobs of another repository root, and refuses duplicates across folders', () => {
    const root = mkdtempSync(join(tmpdir(), 'stbench-root-'));
    try {
      mkdirSync(join(root, 'jobs'));
      writeFileSync(join(root, 'jobs/vacuum-2.yaml'), vacuum);
      expect(loadAllJobs(root).map((j) => j.value.id)).toEqual(['vacuum/2']);
      mkdirSync(join(root, 'more'));
      writeFileSync(join(root, 'more/vacuum-2.yaml'), vacuum);
      const r = checkJobFiles([join(root, 'jobs/vacuum-2.yaml'), join(root, 'more/vacuum-2.yaml')]);
      expect(r.jobs).toEqual([]);
      expect(r.issues.map((i) => `${i.line}:${i.path}`)).toEqual(['3:id', '3:id']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
