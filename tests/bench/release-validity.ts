/**
 * The release validity report of a release-shaped truth-only build: 16 scripts a job in the job's release mix
 * (`stbench script --count 16`), every frame ray-cast by the truth-only engine (`stbench render --engine raycast`),
 * compiled and checked with the 0.11 card's figures beside it (`stbench check --reference spatiotemporalbench-0.11`).
 * The truth-only build is made once and cached under tests/.bench-cache/release-<key>/, the key covering everything
 * that shapes scripts and frames (jobs, places, the script stage, the render stage, the foundation); the compile and
 * the check run afresh each time. Prints the report (check.md's validity section) and the release targets, each
 * met or not, with its figure. Timings are printed beside it.
 *
 *   npx tsx tests/bench/release-validity.ts [--scripts 16] [--frames N] [--workers 2] [--seed release] [--cache DIR]
 *                                           [--build-only] [--jobs drone/1,amr/1] [--heldout] [--build DIR]
 *
 * `--heldout` adds the release's held-out split: per job whose kind of place has a generator, 4 scripts on each of 2
 * places generated from a fixed secret ("release-validity", so the bench is reproducible; a release draws its own),
 * and reads the held-out targets apart: every family kept, the worst shortcut lead, and the map reader's lead from
 * the dev map of the kind, and the layout prior's (generated places of the kind), each beside its dev figure.
 *
 * `--frames N` thins each task to N frames (decision frames first), the compile bench's variant. `--jobs` builds
 * only the jobs named (all four by default): a quicker reading of one job's families, its targets only.
 *
 * `--build DIR` compiles and checks a truth-only build already made (by this bench or `stbench render --engine
 * raycast`) as it is, whatever the sources now say: for a change to the compile or the check alone, whose scripts
 * and frames are those of the build. The report names the build and says it was given.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runCheck } from '../../checks/check.ts';
import { MAP_FAMILIES } from '../../checks/gates.ts';
import { validityMarkdown } from '../../checks/check-markdown.ts';
import type { CheckReport } from '../../checks/check-report.ts';
import { compileBuildParallel } from '../../compile/compile.ts';
import { scriptHash } from '../../jobs/job-schema.ts';
import { getJob } from '../../jobs/load.ts';
import { REPO_ROOT, sha256 } from '../../foundation/index.ts';
import { caseIdsOf } from '../../formats/compile-hash.ts';
import { scriptJob } from '../helpers/raycast-build.ts';
import { canHoldOut, heldoutPlaces, heldoutSecret } from '../../pipeline/heldout-places.ts';
import { runBatch } from '../../script/batch.ts';
import { recomputeBuild } from '../helpers/recompute-build.ts';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const perJob = Number(arg('scripts', '16'));
const framesPerTask = Number(arg('frames', '0'));
const workers = Number(arg('workers', '2'));
const seed = arg('seed', 'release');
const JOBS = arg('jobs', 'vacuum/2,helper/1,amr/1,drone/1').split(',');
const HELDOUT = process.argv.includes('--heldout');
const HELDOUT_SECRET = 'release-validity';
const BIN = join(REPO_ROOT, 'pipeline', 'bin', 'stbench.mjs');

/** Every file that shapes the scripts and their frames. */
function sourceFiles(dir: string): string[] {
  const abs = join(REPO_ROOT, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { withFileTypes: true }).flatMap((e) => {
    const rel = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'blender' ? [] : sourceFiles(rel);
    return /\.(ts|yaml|mjs)$/.test(e.name) ? [rel] : [];
  });
}
// the jobs by what the script stage reads of them, as parsed (their compile-only fields change no script: scriptHash)
const SOURCES = [
  ...['layouts', 'script', 'foundation', 'render'].flatMap(sourceFiles),
  ...(HELDOUT ? ['pipeline/heldout-places.ts'] : []),
].sort();
const key = sha256(
  JSON.stringify({
    perJob,
    framesPerTask,
    seed,
    ...(HELDOUT ? { heldout: HELDOUT_SECRET } : {}),
    jobs: JOBS.map((j) => scriptHash(getJob(j))),
    files: SOURCES.map((f) => [f, sha256(readFileSync(join(REPO_ROOT, f)))]),
  }),
).slice(0, 16);
const cacheDir = arg('cache', join(REPO_ROOT, 'tests', '.bench-cache'));
const given = arg('build', '');
if (given && !existsSync(join(given, '.stbench', 'render.json'))) {
  process.stderr.write(`--build ${given}: not a rendered build (no .stbench/render.json)\n`);
  process.exit(2);
}
const build = given || join(cacheDir, `release-${key}`);
let made = false;
const secs = (t0: number) => ((performance.now() - t0) / 1000).toFixed(0);

if (!given && !existsSync(join(build, 'done'))) {
  const tmp = `${build}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const t0 = performance.now();
  process.stderr.write(
    `making the release-shaped truth-only build (${perJob} scripts a job${framesPerTask ? `, ${framesPerTask} frames a task` : ''}), once ...\n`,
  );
  for (const job of JOBS) {
    if (framesPerTask) scriptJob(tmp, seed, { job, count: perJob, framesPerTask });
    else
      execFileSync('node', [BIN, 'script', '--job', job, '--count', String(perJob), '--seed', seed, '--out', tmp], {
        stdio: ['ignore', 'ignore', 'inherit'],
      });
  }
  if (HELDOUT) {
    const secret = heldoutSecret(tmp, HELDOUT_SECRET);
    for (const id of JOBS) {
      const job = getJob(id);
      if (!canHoldOut(job.place_kind)) continue;
      for (const place of heldoutPlaces(tmp, job.place_kind, 2, secret)) {
        const made = runBatch(tmp, { job, place, split: 'heldout', count: 4, seed });
        process.stderr.write(`  held out: ${id} on ${place.id}, ${made.length} scripts\n`);
      }
    }
  }
  const t1 = performance.now();
  execFileSync('node', [BIN, 'render', tmp, '--engine', 'raycast', '--workers', String(workers)], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  process.stderr.write(`  scripted in ${((t1 - t0) / 1000).toFixed(0)} s, ray-cast in ${secs(t1)} s\n`);
  mkdirSync(join(tmp, 'done'));
  renameSync(tmp, build);
  made = true;
}
if (process.argv.includes('--build-only')) {
  console.log(build);
  process.exit(0);
}

// the compile and the check afresh: what an earlier compile or check of this build left goes first
for (const cid of caseIdsOf(build)) rmSync(join(build, 'private', cid), { recursive: true, force: true });
for (const p of [
  'private/index',
  'compile_report.json',
  'compile_report.md',
  'check_report.json',
  'check.md',
  '.stbench/compile.json',
  '.stbench/check',
])
  rmSync(join(build, p), { recursive: true, force: true });
const t2 = performance.now();
const compiled = await compileBuildParallel(build, { seed, workers });
const compileS = secs(t2);
const t3 = performance.now();
const check = await runCheck({ data: build, workers: 4, reference: 'spatiotemporalbench-0.11' });
const checkS = secs(t3);
const report = check.report;
const t4 = performance.now();
const recomputed = recomputeBuild(build);
const recomputeS = secs(t4);

const frames = report.validity!.jobs.reduce((a, j) => a + j.frames, 0);
console.log(`# Release validity of a release-shaped truth-only build\n`);
console.log(
  `${compiled.scripts} scripts, ${frames} frames, ${compiled.cases} cases, ${compiled.questions} questions compiled; ${report.summary.kept_families} families kept, ${report.summary.dropped_families} dropped; ${report.broken.length} broken instruments.`,
);
console.log(
  `Build: ${build} (${made ? 'made by this run' : given ? 'given with --build, as it is' : 'cached'}); compile ${compileS} s, check ${checkS} s, golds recomputed in ${recomputeS} s on this machine.\n`,
);
console.log(validityMarkdown(report.validity!, report.reference).join('\n'));
console.log(targets(report).join('\n'));
console.log(`\n## Golds recomputed by independent code (tests/helpers/recompute-build.ts)\n`);
console.log(
  [...recomputed.checked].map(([f, n]) => `${f} ${n}`).join(', ') +
    ` golds compared; ${recomputed.mismatches.length} disagree`,
);
for (const m of recomputed.mismatches.slice(0, 20)) console.log(`- ${m}`);
if (report.broken.length) {
  console.log('\n## Broken instruments\n');
  for (const b of report.broken.slice(0, 40)) console.log(`- ${b.what}${b.qid ? ` ${b.qid}` : ''}: ${b.why}`);
}

/** The release targets, each met or not, with the figure that decides it. */
function targets(r: CheckReport): string[] {
  const v = r.validity!;
  const ref = r.reference!;
  const rows: [string, boolean, string][] = [];
  const f3 = (x: number | null | undefined) =>
    x === null || x === undefined ? '-' : (x >= 0 ? '+' : '') + x.toFixed(3);
  rows.push([
    'the perfect reader scores 1 on every question (no broken instrument)',
    r.broken.length === 0,
    `${r.broken.length} broken`,
  ]);
  for (const job of JOBS) {
    const spec = getJob(job);
    const fams = v.families.filter((f) => f.job === job && !isHeldout(f.layout));
    const missing = spec.families.filter((fam) => !fams.some((f) => f.family === fam && f.status === 'kept'));
    rows.push([
      `${job} keeps every family its YAML declares`,
      missing.length === 0,
      missing.length
        ? `missing: ${missing.map((m) => `${m} (${fams.find((f) => f.family === m)?.dropped_by ?? 'never asked'})`).join(', ')}`
        : 'all kept',
    ]);
    const j = v.jobs.find((x) => x.job === job && x.split === 'dev');
    const rj = ref.jobs.find((x) => x.job === job)!;
    if (!j) continue;
    const short = Object.entries(rj.by_ability).filter(([a, n]) => (j.by_ability[a] ?? 0) < n);
    rows.push([
      `${job} asks at least the card's questions per ability`,
      short.length === 0,
      Object.entries(rj.by_ability)
        .map(([a, n]) => `${a} ${j.by_ability[a] ?? 0}/${n}`)
        .join(', '),
    ]);
    const ratio = j.density / (rj.questions / rj.frames);
    rows.push([
      `${job} question density within 0.5-2x the card's`,
      ratio >= 0.5 && ratio <= 2,
      `${j.density.toFixed(3)} per frame, ${ratio.toFixed(2)}x`,
    ]);
    if (j.where_is)
      rows.push([
        `${job} trick unknowns 15-25% of where-is`,
        j.trick_share !== null && j.trick_share >= 0.15 && j.trick_share <= 0.25,
        `${j.tricks}/${j.where_is}`,
      ]);
    for (const fam of ['closest_person', 'closest_approach']) {
      if (!spec.families.includes(fam as never)) continue;
      const m = j.person_meets[fam];
      rows.push([
        `${job} ${fam}: at least 5% of golds are 0`,
        !!m && m.share !== null && m.share >= 0.05,
        m ? `${m.zero}/${m.answerable}` : 'never asked',
      ]);
    }
    if (job === 'amr/1')
      rows.push([
        'amr/1 gets where-is and distance questions',
        j.where_is > 0 && (j.by_ability.distance ?? 0) > 0,
        `where-is ${j.where_is}, distance ${j.by_ability.distance ?? 0}`,
      ]);
  }
  const limits: Record<string, number> = { apartment_a: 0.05, downtown_a: 0.14, warehouse_a: 0.07 };
  for (const [layout, lim] of Object.entries(limits)) {
    if (!v.floor.some((f) => f.layout === layout)) continue; // a place none of the jobs built works in
    const h = v.floor.find((f) => f.layout === layout && f.column === 'headline');
    const now = v.floor.find((f) => f.layout === layout && f.column === 'now');
    rows.push([
      `${layout} always-unknown headline at most ${f3(lim)}`,
      !!h && h.score !== null && h.score <= lim + 5e-4,
      f3(h?.score),
    ]);
    rows.push([
      `${layout} always-unknown now column +0.00`,
      !now || now.score === null || now.score <= 5e-3,
      f3(now?.score),
    ]);
  }
  const worstOf = (kept: typeof v.families) =>
    kept.reduce<{ f?: (typeof kept)[number]; lead: number }>(
      (a, f) => (f.worst_shortcut && f.worst_shortcut.lead > a.lead ? { f, lead: f.worst_shortcut.lead } : a),
      { lead: -Infinity },
    );
  const worst = worstOf(v.families.filter((f) => f.status === 'kept' && !isHeldout(f.layout)));
  rows.push([
    'the worst shortcut lead on a kept family at most +0.04',
    worst.lead <= 0.04 + 1e-9,
    worst.f ? `${f3(worst.lead)} (${worst.f.job} ${worst.f.family}, ${worst.f.worst_shortcut!.system})` : '-',
  ]);
  if (HELDOUT) rows.push(...heldoutTargets(r, worstOf, f3));
  const constants = r.families.filter((f) => f.status === 'kept' && (f.gates.constants?.reading ?? 0) > 1e-9);
  rows.push([
    'no constant beats unknown on a kept family',
    constants.length === 0,
    constants.map((f) => `${f.job} ${f.family}`).join(', ') || 'none',
  ]);
  rows.push([
    'every knowable gold recomputed by independent code agrees',
    recomputed.mismatches.length === 0,
    `${recomputed.mismatches.length} of ${[...recomputed.checked.values()].reduce((a, b) => a + b, 0)} disagree`,
  ]);
  const met = rows.filter((x) => x[1]).length;
  return [
    '',
    `## Targets: ${met} of ${rows.length} met`,
    '',
    '| Target | Met | Figure |',
    '|---|---|---|',
    ...rows.map(([t, ok, fig]) => `| ${t} | ${ok ? 'yes' : '**no**'} | ${fig} |`),
  ];
}

/** A check place of the held-out split (formats/split.ts checkPlace). */
function isHeldout(checkPlace: string): boolean {
  return checkPlace.startsWith('heldout:');
}

/**
 * The held-out split's targets: every family a held-out job declares kept there, the worst shortcut lead on its kept
 * families, and the map reader's lead (answering from the dev map of the kind) beside its dev figure, per job and
 * family, and the layout prior's lead on the families it answers, held out beside dev.
 */
function heldoutTargets(
  r: CheckReport,
  worstOf: (k: NonNullable<CheckReport['validity']>['families']) => {
    f?: { job: string; family: string; worst_shortcut: { system: string; lead: number } | null };
    lead: number;
  },
  f3: (x: number | null | undefined) => string,
): [string, boolean, string][] {
  const v = r.validity!;
  const rows: [string, boolean, string][] = [];
  const held = v.families.filter((f) => isHeldout(f.layout));
  for (const job of JOBS) {
    const fams = held.filter((f) => f.job === job);
    if (!fams.length) continue;
    const spec = getJob(job);
    const missing = spec.families.filter((fam) => !fams.some((f) => f.family === fam && f.status === 'kept'));
    rows.push([
      `held out: ${job} keeps every family its YAML declares`,
      missing.length === 0,
      missing.length
        ? `missing: ${missing.map((m) => `${m} (${fams.find((f) => f.family === m)?.dropped_by ?? 'never asked'})`).join(', ')}`
        : 'all kept',
    ]);
  }
  const worst = worstOf(held.filter((f) => f.status === 'kept'));
  rows.push([
    'held out: the worst shortcut lead on a kept family at most +0.04',
    worst.lead <= 0.04 + 1e-9,
    worst.f ? `${f3(worst.lead)} (${worst.f.job} ${worst.f.family}, ${worst.f.worst_shortcut!.system})` : '-',
  ]);
  for (const m of r.map_reader.rows.filter((x) => isHeldout(x.layout))) {
    const dev = r.map_reader.rows.filter((x) => !isHeldout(x.layout) && x.job === m.job && x.family === m.family);
    rows.push([
      `held out: the map reader's lead on ${m.job} ${m.family} at most +0.04 (from the dev map)`,
      m.lead <= 0.04 + 1e-9,
      `${f3(m.lead)} held out (n ${m.n}); dev ${dev.map((d) => `${d.layout} ${f3(d.lead)}`).join(', ') || '-'}`,
    ]);
  }
  // the layout prior (a shortcut, gated as the others): its lead on every family it answers, held out beside dev
  const lead = (f: CheckReport['families'][number]) => (f.systems.layout_prior ?? 0) - (f.systems.all_unknown ?? 0);
  for (const f of r.families.filter((x) => isHeldout(x.layout) && MAP_FAMILIES.includes(x.family))) {
    const dev = r.families.filter((x) => !isHeldout(x.layout) && x.job === f.job && x.family === f.family);
    rows.push([
      `held out: the layout prior's lead on ${f.job} ${f.family} at most +0.04`,
      lead(f) <= 0.04 + 1e-9,
      `${f3(lead(f))} held out (${f.status}); dev ${dev.map((d) => `${d.layout} ${f3(lead(d))}`).join(', ') || '-'}`,
    ]);
  }
  return rows;
}
