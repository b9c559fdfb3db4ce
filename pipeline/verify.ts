/**
 * `stbench verify DATASET`: checks a dataset folder against its own release.json and returns every problem found
 * (empty when it is sound). Every file release.json names exists with its sha256 and no file is unnamed; every file
 * a case or an index entry names exists; nothing private is under scripts/ (no depth, no id masks, no gold, no
 * timeline, no visibility, no truth ids in what is there); nothing build-only ships; the counts, each case's counts
 * and the cell counts match a recount; the frames match the hashes of their render_log.json; the shipped questions
 * are exactly those the check report kept; the Parquet table holds exactly the shipped questions; the reference rows
 * under results/ are the ones release.json lists and agree with the shipped cases (pipeline/release/reference-rows.ts);
 * the shipped files match what the build's stages recorded of them (release.json `recorded`) and what each render log
 * recorded of its inputs (pipeline/release/recorded.ts).
 *
 * Each file is hashed once, by one cache shared by the passes (and by export's, when export verifies what it wrote:
 * pipeline/release/files.ts HashCache); the passes over every file are steps with a checkpoint between files, so a
 * signal stops a verify of a release within moments (foundation/interrupt.ts).
 *
 * A downloaded dataset is untrusted input: before anything else, every path it names (case frames, index entries,
 * the files and reference rows release.json lists, the render logs' and the carried records) and every symbolic link
 * in it is held to its root (pipeline/release/named-paths.ts); one that leads out of it is bad input (exit 2, naming
 * the file and the field), and nothing is read through it.
 */
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parquetReadObjects } from 'hyparquet';
import { familyKey, parseCheckReport, type CheckReport } from '../checks/check-report.ts';
import { Step } from '../formats/step.ts';
import { OracleRecord } from '../render/truth/records.ts';
import {
  canonicalJson,
  formatIssue,
  InputError,
  isTempName,
  readText,
  runStepsInterruptible,
  BUILD_META_DIR,
} from '../foundation/index.ts';
import { compileHash } from '../formats/compile-hash.ts';
import { readContents, type Contents } from './release/contents.ts';
import { countRelease } from './release/counts.ts';
import { HashCache, listFiles, listLinks } from './release/files.ts';
import { questionsParquet, QUESTIONS_PARQUET } from './release/parquet.ts';
import { Split } from '../formats/split.ts';
import { readRenderLog } from './release/render-log.ts';
import { ReleaseJson } from './release/release-json.ts';
import { checkReferenceRows } from './release/reference-rows.ts';
import { holdNamedPaths } from './release/named-paths.ts';
import { buildRecords, changedSinceRecordedSteps, releaseRecords, type HashRecord } from './release/recorded.ts';

/** The files at a dataset's root besides scripts/, private/ and release.json. */
export const ROOT_FILES = ['README.md', 'LICENSE', 'CREDITS.md', 'check_report.json', QUESTIONS_PARQUET] as const;

/** The files a script may hold under scripts/<sid>/: what a robot receives, nothing else. */
const PUBLIC_SCRIPT_FILE = [
  /^robot\.json$/,
  /^sensors\/camera\.json$/,
  /^sensors\/pose\.jsonl$/,
  /^sensors\/rgb\/\d{6}\.jpg$/,
  /^perception\/oracle\.jsonl$/,
];

/** Why a file under scripts/ is private, by its name (null: not recognisably private, just unexpected). */
function privateKind(rel: string): string | null {
  if (/depth/.test(rel) || /\.png$/.test(rel)) return 'a depth image (depth lives only in private/<sid>/depth/)';
  if (/(^|\/)ids(\/|$)/.test(rel) || /perception_ids/.test(rel))
    return 'truth ids (id masks never ship; perception_ids.jsonl lives in private/<sid>/)';
  if (/gold|questions|case\.json/.test(rel)) return 'gold or questions (they live in private/<cid>/)';
  if (/timeline/.test(rel)) return 'the timeline (it lives in private/<sid>/)';
  if (/visibility/.test(rel)) return 'visibility (it lives in private/<sid>/)';
  if (/render_log/.test(rel)) return 'the render log (it lives in private/<sid>/)';
  return null;
}

function readJson(file: string, problems: string[]): unknown {
  try {
    return JSON.parse(readText(file));
  } catch (e) {
    if (e instanceof InputError) problems.push(...e.issues.map(formatIssue));
    else problems.push(`${file}: not readable JSON: ${(e as Error).message}`);
    return undefined;
  }
}

/** A file a step (the poses and oracle lines of every script are parsed). */
function* checkScriptsFolder(dir: string, files: readonly string[], problems: string[]): Generator<void, void> {
  for (const rel of files) {
    if (!rel.startsWith('scripts/')) continue;
    const parts = rel.split('/');
    const inScript = parts.slice(2).join('/');
    if (parts.length < 3 || !PUBLIC_SCRIPT_FILE.some((re) => re.test(inScript))) {
      const why = privateKind(inScript);
      problems.push(
        `${rel}: ${why ? `private file under scripts/: ${why}` : 'not a file a script holds (robot.json, sensors/, perception/oracle.jsonl)'}`,
      );
    }
  }
  // what is there carries no truth: strict schemas refuse extra fields such as ids
  for (const rel of files) {
    const full = join(dir, rel);
    let schema: typeof OracleRecord | typeof Step | undefined;
    if (/^scripts\/[^/]+\/perception\/oracle\.jsonl$/.test(rel)) schema = OracleRecord;
    else if (/^scripts\/[^/]+\/sensors\/pose\.jsonl$/.test(rel)) schema = Step;
    if (!schema) continue;
    yield;
    readFileSync(full, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (!line.trim()) return;
        let v: unknown;
        try {
          v = JSON.parse(line);
        } catch {
          problems.push(`${rel}:${i + 1}: not JSON`);
          return;
        }
        const r = schema.safeParse(v);
        if (!r.success)
          problems.push(
            `${rel}:${i + 1}: ${r.error.issues.map((x) => `${x.path.join('.') || '(line)'}: ${x.message}`).join('; ')}`,
          );
      });
  }
}

/** A file a step. */
function* checkFileList(
  dir: string,
  release: ReleaseJson,
  files: readonly string[],
  problems: string[],
  hashes: HashCache,
): Generator<void, void> {
  const onDisk = new Set(files.filter((f) => f !== 'release.json'));
  for (const [rel, sha] of Object.entries(release.files)) {
    yield;
    if (!onDisk.has(rel)) problems.push(`${rel}: named in release.json, missing`);
    else if (hashes.hash(join(dir, rel)) !== sha) problems.push(`${rel}: sha256 differs from release.json`);
  }
  for (const rel of onDisk) if (!(rel in release.files)) problems.push(`${rel}: not named in release.json`);
  for (const rel of ROOT_FILES) if (!onDisk.has(rel)) problems.push(`${rel}: missing (every dataset holds it)`);
  for (const rel of files) {
    if (rel.split('/').includes(BUILD_META_DIR)) problems.push(`${rel}: build-only (${BUILD_META_DIR}/ never ships)`);
    else if (rel.split('/').some(isTempName)) problems.push(`${rel}: a temporary file left by an interrupted writer`);
    else if (
      !rel.startsWith('scripts/') &&
      !rel.startsWith('private/') &&
      rel !== 'release.json' &&
      !(ROOT_FILES as readonly string[]).includes(rel) &&
      !Split.options.some((s) => rel === questionsParquet(s)) &&
      !rel.startsWith('results/')
    ) {
      problems.push(`${rel}: not part of the dataset layout`);
    }
    if (/^private\/[^/]+\/ids\//.test(rel)) problems.push(`${rel}: an id mask (build-only)`);
  }
}

function diffCounts(release: ReleaseJson, contents: Contents, problems: string[]): void {
  const actual = countRelease(contents);
  const byKey = new Map(actual.by_job.map((g) => [`${g.layout} ${g.job}`, g]));
  const claimed = new Map(release.counts.by_job.map((g) => [`${g.layout} ${g.job}`, g]));
  for (const [k, g] of claimed) {
    const a = byKey.get(k);
    if (!a) {
      problems.push(`release.json: counts.by_job names ${k}, which the dataset does not hold`);
      continue;
    }
    for (const field of [
      'split',
      'scripts',
      'cases',
      'cases_asking_nothing',
      'questions',
      'frames',
      'abilities',
      'families',
    ] as const) {
      if (canonicalJson(g[field]) !== canonicalJson(a[field]))
        problems.push(
          `release.json: counts ${k} ${field} says ${canonicalJson(g[field])}, the dataset holds ${canonicalJson(a[field])}`,
        );
    }
  }
  for (const k of byKey.keys())
    if (!claimed.has(k)) problems.push(`release.json: counts.by_job lacks ${k}, which the dataset holds`);
  for (const field of [
    'scripts',
    'cases',
    'cases_asking_nothing',
    'questions',
    'frames',
    'abilities',
    'families',
  ] as const) {
    if (canonicalJson(release.counts.total[field]) !== canonicalJson(actual.total[field])) {
      problems.push(
        `release.json: counts total ${field} says ${canonicalJson(release.counts.total[field])}, the dataset holds ${canonicalJson(actual.total[field])}`,
      );
    }
  }
  const cases = new Map(actual.cases.map((c) => [c.cid, c]));
  for (const c of release.cases) {
    const a = cases.get(c.cid);
    if (!a) problems.push(`release.json: cases names ${c.cid}, which the dataset does not hold`);
    else if (canonicalJson(a) !== canonicalJson(c))
      problems.push(`release.json: case ${c.cid} says ${canonicalJson(c)}, the dataset holds ${canonicalJson(a)}`);
  }
  const listed = new Set(release.cases.map((c) => c.cid));
  for (const cid of cases.keys())
    if (!listed.has(cid)) problems.push(`release.json: cases lacks ${cid}, which the dataset holds`);
  if (canonicalJson(release.cell_counts) !== canonicalJson(actual.cell_counts)) {
    problems.push(
      `release.json: cell_counts say ${canonicalJson(release.cell_counts)}, the dataset holds ${canonicalJson(actual.cell_counts)}`,
    );
  }
}

function checkCaseFiles(dir: string, contents: Contents, problems: string[]): void {
  for (const c of contents.cases) {
    c.file.frames.forEach((f, i) => {
      if (!existsSync(join(dir, f.rgb)))
        problems.push(`private/${c.cid}/case.json: frames[${i}].rgb names ${f.rgb}, missing`);
      if (!existsSync(join(dir, f.depth)))
        problems.push(`private/${c.cid}/case.json: frames[${i}].depth names ${f.depth}, missing`);
    });
  }
}

function checkIndex(dir: string, problems: string[]): void {
  const idx = join(dir, 'private', 'index');
  if (!existsSync(idx)) return;
  for (const name of readdirSync(idx).sort()) {
    const rel = `private/index/${name}`;
    if (!name.endsWith('.json')) continue;
    const v = readJson(join(idx, name), problems);
    if (v === undefined) continue;
    const id = name.slice(0, -'.json'.length);
    if (!existsSync(join(dir, 'scripts', id)) && !existsSync(join(dir, 'private', id, 'case.json')))
      problems.push(`${rel}: names ${id}, neither a script nor a case of the dataset`);
    const walk = (x: unknown, path: string): void => {
      if (typeof x === 'string' && /^(scripts|private)\//.test(x)) {
        if (!existsSync(join(dir, x))) problems.push(`${rel}: ${path} names ${x}, missing`);
      } else if (Array.isArray(x)) x.forEach((y, i) => walk(y, `${path}[${i}]`));
      else if (x && typeof x === 'object') for (const [k, y] of Object.entries(x)) walk(y, path ? `${path}.${k}` : k);
    };
    walk(v, '');
  }
}

/** Check every script's frames against its render log, a file a step; returns the render engines the logs name. */
function* checkRenderLogs(
  dir: string,
  contents: Contents,
  problems: string[],
  hashes: HashCache,
): Generator<void, Set<string>> {
  const engines = new Set<string>();
  for (const s of contents.scripts) {
    yield;
    const rel = `private/${s.sid}/render_log.json`;
    const file = join(dir, rel);
    if (!existsSync(file)) {
      problems.push(`${rel}: missing (every script has its render log)`);
      continue;
    }
    let log;
    try {
      log = readRenderLog(file);
    } catch (e) {
      problems.push(...(e instanceof InputError ? e.issues.map(formatIssue) : [`${rel}: ${(e as Error).message}`]));
      continue;
    }
    engines.add(log.engine);
    const logged = new Set<number>();
    for (const f of log.frames) {
      logged.add(f.index);
      const stem = String(f.index).padStart(6, '0');
      const rgb = `scripts/${s.sid}/sensors/rgb/${stem}.jpg`;
      const depth = `private/${s.sid}/depth/${stem}.png`;
      for (const [p, sha] of [
        [rgb, f.rgb],
        [depth, f.depth],
      ] as const) {
        yield;
        if (!existsSync(join(dir, p))) problems.push(`${p}: in ${rel}, missing`);
        else if (hashes.hash(join(dir, p)) !== sha) problems.push(`${p}: sha256 differs from ${rel}`);
      }
    }
    for (const [p, sha] of Object.entries(log.outputs)) {
      if (p.split('/').includes(BUILD_META_DIR)) continue; // id masks: build-only
      yield;
      if (!existsSync(join(dir, p))) problems.push(`${p}: in ${rel}, missing`);
      else if (hashes.hash(join(dir, p)) !== sha) problems.push(`${p}: sha256 differs from ${rel}`);
    }
    const rgbDir = join(dir, 'scripts', s.sid, 'sensors', 'rgb');
    if (existsSync(rgbDir)) {
      for (const n of readdirSync(rgbDir)) {
        const m = /^(\d{6})\.jpg$/.exec(n);
        if (m && !logged.has(Number(m[1]))) problems.push(`scripts/${s.sid}/sensors/rgb/${n}: not in ${rel}`);
      }
    }
  }
  return engines;
}

/** A truth-only dataset says so in release.json, as its render logs do, and is verified only as one. */
function checkTruthOnly(
  release: ReleaseJson,
  engines: ReadonlySet<string>,
  truthOnly: boolean,
  problems: string[],
): void {
  const rayCast = engines.has('raycast');
  if (rayCast !== release.truth_only)
    problems.push(
      `release.json: truth_only is ${release.truth_only}, but the render logs name the engine${engines.size === 1 ? '' : 's'} ${[...engines].sort().join(', ')}`,
    );
  if (release.truth_only && !truthOnly)
    problems.push(
      'release.json: a truth-only dataset (its frames were ray-cast from the world model, not rendered): it is no release; verify it as one with --truth-only',
    );
}

function checkAgainstReport(report: CheckReport, release: ReleaseJson, contents: Contents, problems: string[]): void {
  if (report.compile_hash !== release.compile.hash)
    problems.push(
      `check_report.json: compile_hash ${report.compile_hash.slice(0, 12)} is not release.json's compile.hash ${release.compile.hash.slice(0, 12)}`,
    );
  const kept = new Map<string, Set<string>>();
  for (const f of report.families) if (f.status === 'kept') kept.set(familyKey(f), new Set(f.kept_qids));
  for (const c of contents.cases) {
    for (const g of c.gold) {
      const k = familyKey(g.row);
      const set = kept.get(k);
      if (!set) problems.push(`private/${c.cid}/gold.jsonl: ${g.qid} is of ${k}, which the check did not keep`);
      else if (!set.has(g.qid))
        problems.push(`private/${c.cid}/gold.jsonl: ${g.qid} is not among the qids the balance rule kept for ${k}`);
    }
  }
}

/** Each split's questions table holds exactly the split's shipped questions; no table of a split it does not hold. */
async function checkParquet(dir: string, contents: Contents, problems: string[]): Promise<void> {
  for (const split of Split.options) {
    const rel = questionsParquet(split);
    const file = join(dir, rel);
    const cases = contents.cases.filter((c) => c.file.split === split);
    if (!existsSync(file)) {
      // the dev table is a root file (its absence is reported with them); a held-out split needs its own
      if (split !== 'dev' && cases.some((c) => c.questions.length))
        problems.push(`${rel}: missing (the dataset holds ${split} questions)`);
      continue;
    }
    let rows: Record<string, unknown>[];
    try {
      const buf = readFileSync(file);
      rows = (await parquetReadObjects({
        file: buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer,
      })) as Record<string, unknown>[];
    } catch (e) {
      problems.push(`${rel}: not readable Parquet: ${(e as Error).message}`);
      continue;
    }
    const want = cases.flatMap((c) => c.questions.map((q) => `${c.cid} ${q.qid}`)).sort();
    const got = rows.map((r) => `${String(r.case)} ${String(r.qid)}`).sort();
    if (want.join() !== got.join())
      problems.push(
        `${rel}: holds ${got.length} questions, not exactly the ${want.length} shipped of the ${split} split`,
      );
  }
}

/**
 * The shipped files that differ from what the stages recorded of them: the records release.json carries from the
 * build (check_report.json's included: the check's record, .stbench/check.json), and each render log's inputs (its
 * outputs are checked with the frames, checkRenderLogs).
 */
function* checkRecorded(
  dir: string,
  release: ReleaseJson,
  problems: string[],
  hashes: HashCache,
): Generator<void, void> {
  let logs: HashRecord[] = [];
  try {
    logs = buildRecords(dir).filter((r) => r.field === 'inputs' && r.source.startsWith('private/'));
  } catch (e) {
    if (e instanceof InputError) problems.push(...e.issues.map(formatIssue));
    else throw e;
  }
  problems.push(
    ...(yield* changedSinceRecordedSteps(dir, [...logs, ...releaseRecords(dir, release.recorded)], undefined, hashes)),
  );
}

/**
 * Every problem of a dataset folder, one line each (empty: it verifies). `hashes`: the command's cache of file
 * hashes (export passes the one it hashed the dataset with; default: a new one).
 */
export async function verifyDataset(
  dir: string,
  opts: { truthOnly?: boolean; hashes?: HashCache } = {},
): Promise<string[]> {
  const problems: string[] = [];
  const hashes = opts.hashes ?? new HashCache();
  // not a dataset folder at all: bad input (exit 2), not a dataset with problems (exit 1)
  let st;
  try {
    st = lstatSync(dir);
  } catch {
    throw new InputError({
      file: dir,
      path: '',
      message: 'no such folder: give the dataset folder stbench export wrote',
    });
  }
  if (st.isSymbolicLink())
    throw new InputError({ file: dir, path: '', message: 'is a symbolic link: give the dataset folder itself' });
  if (!st.isDirectory()) throw new InputError({ file: dir, path: '', message: 'is a file, not a dataset folder' });
  if (!existsSync(join(dir, 'release.json')) && readdirSync(dir).length === 0)
    throw new InputError({
      file: dir,
      path: '',
      message: 'is an empty folder, not a dataset (a dataset holds release.json)',
    });
  // nothing is read through a path that leads out of the dataset (exit 2)
  holdNamedPaths(dir);
  const links = new Set(listLinks(dir));
  for (const link of links) problems.push(`${link}: a symbolic link (a dataset holds only files)`);
  const files = listFiles(dir, (rel) => links.has(rel));
  const rawRelease = existsSync(join(dir, 'release.json'))
    ? readJson(join(dir, 'release.json'), problems)
    : (problems.push('release.json: missing'), undefined);
  let release: ReleaseJson | undefined;
  if (rawRelease !== undefined) {
    const r = ReleaseJson.safeParse(rawRelease);
    if (r.success) release = r.data;
    else for (const i of r.error.issues) problems.push(`release.json: ${i.path.join('.') || '(file)'}: ${i.message}`);
  }
  if (release) {
    await runStepsInterruptible(checkFileList(dir, release, files, problems, hashes));
    await runStepsInterruptible(checkRecorded(dir, release, problems, hashes));
  }
  await runStepsInterruptible(checkScriptsFolder(dir, files, problems));
  let contents: Contents | undefined;
  try {
    contents = readContents(dir);
  } catch (e) {
    if (e instanceof InputError) problems.push(...e.issues.map(formatIssue));
    else throw e;
  }
  checkIndex(dir, problems);
  if (contents) {
    checkCaseFiles(dir, contents, problems);
    const engines = await runStepsInterruptible(checkRenderLogs(dir, contents, problems, hashes));
    await checkParquet(dir, contents, problems);
    if (release) {
      checkTruthOnly(release, engines, !!opts.truthOnly, problems);
      diffCounts(release, contents, problems);
      checkReferenceRows(dir, release.results, files, contents, release, problems);
      const shipped = compileHash(dir);
      if (shipped !== release.compile.shipped_hash)
        problems.push(
          `release.json: compile.shipped_hash is not the hash of the shipped cases (${shipped.slice(0, 12)})`,
        );
    }
    const reportFile = join(dir, 'check_report.json');
    if (existsSync(reportFile) && release) {
      const v = readJson(reportFile, problems);
      if (v !== undefined) {
        try {
          checkAgainstReport(parseCheckReport(v, 'check_report.json'), release, contents, problems);
        } catch (e) {
          if (e instanceof InputError) problems.push(...e.issues.map(formatIssue));
          else throw e;
        }
      }
    }
  }
  return [...new Set(problems)];
}
