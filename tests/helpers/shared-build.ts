/**
 * The shared test fixture: one small build of every job (two scripts each, one task, 6 to 10 frames), scripted
 * and rendered with the real Blender at test quality and the cameras' native 640x480, truth records included.
 * It is built once and cached under tests/.fixture-cache/<hash>/, the hash covering everything that shapes it
 * (the fixture's settings, the places, the jobs and the sources of the script and render stages), so a later
 * test run reuses it until one of those changes. Concurrent callers wait on a lock; the cache entry appears by
 * one rename, so a reader never sees half a build.
 *
 *   const fx = await fixtureBuild();      // { dir, sids, byJob }
 *   // read only: copy it first (fixtureCopy) to write into it
 */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sha256 } from '../../foundation/index.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(REPO, 'pipeline', 'bin', 'stbench.mjs');
export const FIXTURE_CACHE = join(REPO, 'tests', '.fixture-cache');

/** What the fixture holds. Changing any of it makes a new cache entry. */
export const FIXTURE_SETTINGS = {
  /** per job: the seed and frame cap (amr/1 with this seed and cap shows a person walking in view in 9 frames) */
  jobs: [
    { job: 'vacuum/2', seed: 'fixture-1', maxFrames: 8 },
    { job: 'helper/1', seed: 'fixture-1', maxFrames: 8 },
    { job: 'amr/1', seed: 'fixture-8', maxFrames: 14 },
    { job: 'drone/1', seed: 'fixture-1', maxFrames: 6 },
  ],
  scriptsPerJob: 2,
  tasks: 1,
  quality: 'test',
  workers: 2,
} as const;

/** Folders and files whose contents shape the fixture. */
const SOURCES = [
  'layouts',
  'jobs',
  'foundation',
  'script',
  'pipeline/commands/script.ts',
  'pipeline/commands/render.ts',
  'render',
];

export interface FixtureBuild {
  /** the build folder (read only) */
  dir: string;
  /** every script id, sorted */
  sids: string[];
  /** job id -> its script ids */
  byJob: Record<string, string[]>;
  /** the cache key */
  hash: string;
}

function files(path: string): string[] {
  const abs = join(REPO, path);
  if (!existsSync(abs)) return [];
  if (statSync(abs).isFile()) return [abs];
  return readdirSync(abs, { withFileTypes: true })
    .filter((e) => !e.name.startsWith('.') && e.name !== 'node_modules' && e.name !== '__pycache__')
    .flatMap((e) =>
      e.isDirectory() ? files(join(path, e.name)) : /\.(ts|py|yaml|json)$/.test(e.name) ? [join(abs, e.name)] : [],
    );
}

/** The cache key: the settings and every source file's path and content. */
export function fixtureHash(): string {
  const parts = [JSON.stringify(FIXTURE_SETTINGS)];
  for (const f of SOURCES.flatMap(files).sort()) parts.push(relative(REPO, f), sha256(readFileSync(f)));
  return sha256(parts.join('\n')).slice(0, 16);
}

function stbench(args: string[]): string {
  return execFileSync('node', [BIN, ...args], {
    cwd: REPO,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 << 20,
  });
}

function describeBuild(dir: string, hash: string): FixtureBuild {
  const byJob = JSON.parse(readFileSync(join(dir, 'fixture.json'), 'utf8')).byJob as Record<string, string[]>;
  return { dir, sids: Object.values(byJob).flat().sort(), byJob, hash };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Take the cache lock (a folder); waits for another builder, steals a dead one's lock. */
async function withLock<T>(fn: () => Promise<T> | T): Promise<T> {
  mkdirSync(FIXTURE_CACHE, { recursive: true });
  const lock = join(FIXTURE_CACHE, '.lock');
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch {
      let pid = NaN;
      try {
        pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
      } catch {
        // the owner is still writing its pid
      }
      if (Number.isInteger(pid) && !alive(pid)) rmSync(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Script and render the fixture into `dir` (a fresh folder). */
function makeBuild(dir: string): void {
  const s = FIXTURE_SETTINGS;
  const byJob: Record<string, string[]> = {};
  for (const { job, seed, maxFrames } of s.jobs) {
    const before = new Set(existsSync(join(dir, 'private')) ? readdirSync(join(dir, 'private')) : []);
    stbench([
      'script',
      '--job',
      job,
      '--count',
      String(s.scriptsPerJob),
      '--seed',
      seed,
      '--out',
      dir,
      '--tasks',
      String(s.tasks),
      '--max-frames',
      String(maxFrames),
    ]);
    byJob[job] = readdirSync(join(dir, 'private'))
      .filter((x) => !before.has(x))
      .sort();
  }
  stbench(['render', dir, '--quality', s.quality, '--workers', String(s.workers)]);
  writeFileSync(join(dir, 'fixture.json'), JSON.stringify({ settings: s, byJob }, null, 2) + '\n');
}

let memo: Promise<FixtureBuild> | null = null;

/** The fixture build, made (minutes, once) or taken from the cache. */
export function fixtureBuild(): Promise<FixtureBuild> {
  memo ??= (async () => {
    const hash = fixtureHash();
    const dir = join(FIXTURE_CACHE, hash);
    if (existsSync(join(dir, 'fixture.json'))) return describeBuild(dir, hash);
    return withLock(() => {
      if (existsSync(join(dir, 'fixture.json'))) return describeBuild(dir, hash);
      const tmp = join(FIXTURE_CACHE, `.tmp-${hash}-${process.pid}`);
      rmSync(tmp, { recursive: true, force: true });
      makeBuild(tmp);
      // no file of a build holds an absolute path, so one rename publishes it
      renameSync(tmp, dir);
      // older entries are stale (their sources are gone)
      for (const e of readdirSync(FIXTURE_CACHE))
        if (e !== hash && !e.startsWith('.')) rmSync(join(FIXTURE_CACHE, e), { recursive: true, force: true });
      return describeBuild(dir, hash);
    });
  })();
  return memo;
}

/** A writable copy of the fixture build at `dest`. */
export async function fixtureCopy(dest: string): Promise<FixtureBuild> {
  const fx = await fixtureBuild();
  cpSync(fx.dir, dest, { recursive: true });
  return { ...fx, dir: dest };
}
