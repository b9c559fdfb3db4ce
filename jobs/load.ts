/**
 * Reading job files: jobs/<name>-<version>.yaml against the schema, then the checks that need more than one field
 * (ranges, the id against the name, version and file name, the slot table against `families`), and across files
 * (one file per id). Every issue of a file comes back at once, each with file:line and the field path.
 */
import { readdirSync } from 'node:fs';
import { basename, delimiter, join, resolve } from 'node:path';
import { z } from 'zod';
import {
  InputError,
  parseYamlWith,
  pathString,
  readYamlText,
  REPO_ROOT,
  zodIssues,
  type InputIssue,
  type LoadedYaml,
} from '../foundation/index.ts';
import { JobSchema, type JobSpec } from './job-schema.ts';

type Path = (string | number)[];
export type Locate = LoadedYaml<unknown>['locate'];

/** The folder that holds the jobs of a repository. */
export function jobsDir(repoRoot: string = REPO_ROOT): string {
  return join(repoRoot, 'jobs');
}

/**
 * The folders of job files outside the repository (STBENCH_JOBS, separated like PATH): a new job is one YAML file,
 * kept in jobs/ or in such a folder, and every command finds it.
 */
export function extraJobDirs(): string[] {
  return (process.env.STBENCH_JOBS ?? '')
    .split(delimiter)
    .filter((d) => d.trim() !== '')
    .map((d) => resolve(d));
}

function yamlFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith('.yaml') && !n.startsWith('.'))
    .sort()
    .map((n) => join(dir, n));
}

/** Every job file of a repository (jobs/*.yaml, sorted), then those of the STBENCH_JOBS folders. */
export function listJobFiles(repoRoot: string = REPO_ROOT): string[] {
  return [jobsDir(repoRoot), ...extraJobDirs()].flatMap(yamlFiles);
}

/**
 * A check of a job file that needs more than the jobs layer knows (the compile's families: compile/job-families.ts),
 * run on the raw YAML with its locations by the callers that read those fields.
 */
export type JobCheck = (raw: Record<string, unknown>, file: string, locate: Locate) => InputIssue[];

/** Read one job file; returns the job when it is valid and every issue found (all at once). */
export function readJobFile(path: string, extra?: JobCheck): { job?: LoadedYaml<JobSpec>; issues: InputIssue[] } {
  const { job, issues } = readJob(path, extra);
  return { job, issues };
}

/** Read one job file once: the job when valid, every issue, and its id wherever the YAML parses (for duplicates). */
function readJob(
  path: string,
  extra?: JobCheck,
): { job?: LoadedYaml<JobSpec>; issues: InputIssue[]; id?: { id: string; locate: Locate } } {
  const file = path;
  let raw: LoadedYaml<unknown>;
  try {
    raw = parseYamlWith(readYamlText(path), file, z.unknown());
  } catch (e) {
    if (e instanceof InputError) return { issues: e.issues };
    throw e;
  }
  const issues: InputIssue[] = [];
  if (raw.value === null || typeof raw.value !== 'object' || Array.isArray(raw.value)) {
    return { issues: [{ file, line: 1, column: 1, path: '', message: 'a job file holds a mapping of fields' }] };
  }
  const rawIdValue = (raw.value as Record<string, unknown>).id;
  const id = typeof rawIdValue === 'string' ? { id: rawIdValue, locate: raw.locate } : undefined;
  const res = JobSchema.safeParse(raw.value);
  if (!res.success)
    issues.push(...zodIssues(res.error, file, (p) => raw.locate(p as (string | number)[])).map(plainer));
  issues.push(...semanticIssues(raw.value as Record<string, unknown>, file, raw.locate));
  if (extra) issues.push(...extra(raw.value as Record<string, unknown>, file, raw.locate));
  const unique = dedupe(issues).sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  if (unique.length || !res.success) return { issues: unique, id };
  const job = { file, value: res.data, locate: raw.locate };
  sources.set(res.data, job);
  return { job, issues: [], id };
}

/** Each job read from a file, by its spec: where a check of the spec against a place says a field is. */
const sources = new WeakMap<JobSpec, LoadedYaml<JobSpec>>();

/**
 * The file and locations a job was read from (the spec `getJob` returned, or one of `loadAllJobs`); undefined for a
 * spec made in code (a copy with a field changed), whose problems are then reported against its conventional file.
 */
export function jobSource(job: JobSpec): LoadedYaml<JobSpec> | undefined {
  return sources.get(job);
}

/** Load one job file; throws an InputError listing every issue of the file. */
export function loadJobFile(path: string): LoadedYaml<JobSpec> {
  const { job, issues } = readJobFile(path);
  if (!job) throw new InputError(issues);
  return job;
}

/** Read several job files and check them against each other (one file per job id). */
export function checkJobFiles(
  files: readonly string[],
  extra?: JobCheck,
): { jobs: LoadedYaml<JobSpec>[]; issues: InputIssue[] } {
  const jobs: LoadedYaml<JobSpec>[] = [];
  const issues: InputIssue[] = [];
  // ids are read from every file that parses as YAML, even an invalid job, so duplicates are always reported
  const byId = new Map<string, { file: string; locate: Locate }[]>();
  for (const f of files) {
    const r = readJob(f, extra);
    issues.push(...r.issues);
    if (r.job) jobs.push(r.job);
    const idOf = r.id;
    if (idOf) {
      const list = byId.get(idOf.id) ?? [];
      list.push({ file: f, locate: idOf.locate });
      byId.set(idOf.id, list);
    }
  }
  for (const [id, list] of byId) {
    if (list.length < 2) continue;
    for (const entry of list) {
      const others = list.filter((o) => o !== entry).map((o) => o.file);
      const loc = entry.locate(['id']);
      issues.push({
        file: entry.file,
        line: loc?.line,
        column: loc?.column,
        path: 'id',
        message: `job id ${id} is also defined in ${others.join(', ')}`,
      });
    }
  }
  const dupIds = new Set([...byId].filter(([, l]) => l.length > 1).map(([id]) => id));
  return { jobs: jobs.filter((j) => !dupIds.has(j.value.id)), issues };
}

const cache = new Map<string, LoadedYaml<JobSpec>[]>();

/** Every job of a repository, sorted by id (read once per root and process); throws an InputError listing every issue of every file. */
export function loadAllJobs(repoRoot: string = REPO_ROOT): LoadedYaml<JobSpec>[] {
  const key = `${resolve(repoRoot)}\u0000${extraJobDirs().join(delimiter)}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const { jobs, issues } = checkJobFiles(listJobFiles(repoRoot));
  if (issues.length) throw new InputError(issues);
  jobs.sort((a, b) => (a.value.id < b.value.id ? -1 : a.value.id > b.value.id ? 1 : 0));
  cache.set(key, jobs);
  return jobs;
}

/** One job by id (e.g. 'vacuum/2'); throws an InputError naming the known ids when there is none. */
export function getJob(id: string, repoRoot: string = REPO_ROOT): JobSpec {
  const jobs = loadAllJobs(repoRoot);
  const j = jobs.find((x) => x.value.id === id);
  if (!j) {
    throw new InputError({
      file: jobsDir(repoRoot),
      path: 'id',
      message: `no job ${id} (known: ${jobs.map((x) => x.value.id).join(', ')})`,
    });
  }
  return j.value;
}

// ---------------------------------------------------------------- checks beyond the schema

/**
 * Checks that need more than one field. They read the raw YAML defensively, so they run (and report) even when
 * the schema found problems elsewhere in the same file.
 */
export function semanticIssues(raw: Record<string, unknown>, file: string, locate: Locate): InputIssue[] {
  const out: InputIssue[] = [];
  const add = (path: Path, message: string) => {
    const loc = locate(path);
    out.push({ file, line: loc?.line, column: loc?.column, path: pathString(path), message });
  };

  // every {min, max} range, wherever it is
  walk(raw, [], (node, path) => {
    if (typeof node.min === 'number' && typeof node.max === 'number' && node.min > node.max) {
      add(path, `min ${node.min} is greater than max ${node.max}`);
    }
  });

  // the id against name, version and the file name
  const id = raw.id;
  const m = typeof id === 'string' ? /^([a-z][a-z0-9_]*)\/([1-9][0-9]*)$/.exec(id) : null;
  if (m) {
    const [, idName, idVersion] = m;
    if (typeof raw.name === 'string' && raw.name !== idName)
      add(['name'], `name ${raw.name} does not match the id ${id}`);
    if (typeof raw.version === 'number' && raw.version !== Number(idVersion)) {
      add(['version'], `version ${raw.version} does not match the id ${id} (bump both together)`);
    }
    const expected = `${idName}-${idVersion}.yaml`;
    if (basename(file) !== expected)
      add(['id'], `the file of job ${id} must be named ${expected}, not ${basename(file)}`);
  }

  // gaps
  const gaps = obj(raw.gaps);
  const gMin = num(gaps?.min_s);
  const gMax = num(gaps?.max_s);
  if (gMin !== undefined && gMax !== undefined && gMin > gMax) {
    add(['gaps', 'min_s'], `min_s ${gMin} is greater than max_s ${gMax}`);
  }

  // the release mix fits tasks_per_script and adds up
  const tps = obj(raw.tasks_per_script);
  const mix = obj(raw.release_mix);
  if (mix && Array.isArray(mix.bands)) {
    let sum = 0;
    mix.bands.forEach((b, i) => {
      const band = obj(b);
      if (!band) return;
      if (typeof band.scripts === 'number') sum += band.scripts;
      const t = obj(band.tasks);
      if (
        t &&
        tps &&
        typeof t.min === 'number' &&
        typeof t.max === 'number' &&
        typeof tps.min === 'number' &&
        typeof tps.max === 'number'
      ) {
        if (t.min < tps.min || t.max > tps.max) {
          add(
            ['release_mix', 'bands', i, 'tasks'],
            `tasks ${t.min}-${t.max} fall outside tasks_per_script ${tps.min}-${tps.max}`,
          );
        }
      }
    });
    if (typeof mix.scripts === 'number' && sum !== mix.scripts) {
      add(['release_mix', 'scripts'], `the bands hold ${sum} scripts, not ${mix.scripts}`);
    }
  }

  // look points: gap, slots against families, harm first
  const families = Array.isArray(raw.families)
    ? raw.families.filter((f): f is string => typeof f === 'string')
    : undefined;
  if (Array.isArray(raw.families)) {
    const seen = new Set<string>();
    raw.families.forEach((f, i) => {
      if (typeof f === 'string' && seen.has(f)) add(['families', i], `family ${f} is listed twice`);
      if (typeof f === 'string') seen.add(f);
    });
  }
  const lp = obj(raw.look_points);
  const gf = obj(lp?.gap_frames);
  if (gf && typeof gf.min === 'number' && typeof gf.mean === 'number' && gf.min > gf.mean) {
    add(['look_points', 'gap_frames'], `min ${gf.min} is greater than mean ${gf.mean}`);
  }
  if (lp && Array.isArray(lp.slots) && Array.isArray(lp.slot_order) && lp.slot_order.length !== lp.slots.length)
    add(
      ['look_points', 'slot_order'],
      `names the order of ${lp.slot_order.length} slots, the look points have ${lp.slots.length}`,
    );
  if (lp && Array.isArray(lp.slots)) {
    lp.slots.forEach((slot, si) => {
      if (!Array.isArray(slot)) return;
      slot.forEach((f, fi) => {
        if (typeof f !== 'string') return;
        if (families && !families.includes(f))
          add(['look_points', 'slots', si, fi], `family ${f} is not in this job's families`);
      });
    });
  }
  if (Array.isArray(raw.end_questions)) {
    raw.end_questions.forEach((q, i) => {
      const f = obj(q)?.family;
      if (typeof f === 'string' && families && !families.includes(f)) {
        add(['end_questions', i, 'family'], `family ${f} is not in this job's families`);
      }
    });
  }

  // what families need from the rest of the job
  const has = (f: string) => families?.includes(f) ?? false;
  if (has('tangle_ahead')) {
    if (raw.hazards === undefined)
      add(['families'], 'tangle_ahead needs a hazards block (the kinds the brush catches)');
    if (raw.tangle_ahead === undefined) add(['families'], 'tangle_ahead needs a tangle_ahead block (the region ahead)');
  }
  if (has('drop_zone_people') && raw.drop_zone_people === undefined)
    add(['families'], 'drop_zone_people needs a drop_zone_people block');
  const hz = obj(raw.hazards);
  if (hz && Array.isArray(hz.catastrophe) && Array.isArray(hz.brush_catches)) {
    hz.catastrophe.forEach((k, i) => {
      if (typeof k === 'string' && !(hz.brush_catches as unknown[]).includes(k)) {
        add(['hazards', 'catastrophe', i], `${k} is not among brush_catches`);
      }
    });
  }
  const tt = obj(raw.task_things);
  if (tt?.scope === 'route' && tt.distance_m === null)
    add(['task_things', 'distance_m'], 'a route scope needs a distance');
  if (tt?.scope === 'rooms_cleaned' && raw.hazards === undefined)
    add(['task_things', 'scope'], 'rooms_cleaned lists hazards, so the job needs a hazards block');

  // the depth encoding's near plane sits before its far one
  const depth = obj(raw.depth);
  if (depth && typeof depth.near_m === 'number' && depth.near_m >= 65.535)
    add(['depth', 'near_m'], 'near_m must be below far_m (65.535)');

  return out;
}

/** Say "missing" where zod says a required field received undefined. */
function plainer(i: InputIssue): InputIssue {
  const m = /^Invalid input: expected (\w+), received undefined$/.exec(i.message);
  return m ? { ...i, message: `missing (a ${m[1]} is required)` } : i;
}

function obj(v: unknown): Record<string, unknown> | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' ? v : undefined;
}

function walk(node: unknown, path: Path, visit: (node: Record<string, unknown>, path: Path) => void): void {
  if (Array.isArray(node)) node.forEach((x, i) => walk(x, [...path, i], visit));
  else if (node && typeof node === 'object') {
    visit(node as Record<string, unknown>, path);
    for (const [k, v] of Object.entries(node)) walk(v, [...path, k], visit);
  }
}

function dedupe(issues: InputIssue[]): InputIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const k = `${i.line}:${i.path}:${i.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
