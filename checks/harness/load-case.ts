/**
 * Loading one compiled case for a run: private/<cid>/case.json and questions.jsonl, the script's robot.json, and
 * (detections channel only) the script's oracle lines. Every problem names its file, line and field; a case whose
 * asks name a question it lacks, or whose frames are missing, is refused before any system sees it.
 *
 * A build or dataset is untrusted input: before it reads anything of a case, the loader holds every file the case
 * will have read (case.json, questions.jsonl, gold.jsonl, the script's files read by their fixed names, SCRIPT_FILES,
 * and every frame's rgb and depth, whatever the channel) to the rule of foundation/inside-root.ts: relative,
 * straight down from the root, and inside it with every symbolic link followed; every frame to its script's frame
 * files (formats/case-schema.ts frameFileProblem); and the case's `layout` to the place-id pattern. A case that breaks
 * it is refused (InputError, exit 2, naming the file and the field) before any system is started. readCaseJson is
 * that one reading of a case.json, for the harness and for the release's contents (pipeline/release/contents.ts).
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { CaseFile, casePathIssues, QID, QuestionRow } from '../../formats/case-schema.ts';
import { InputError, insideRoot, jsonlRows, pathString, readText, type InputIssue } from '../../foundation/index.ts';
import { readOracle } from '../../render/truth/records.ts';
import type { SentDetection } from './protocol.ts';

export interface LoadedCase {
  /** the build or dataset root (the folder holding scripts/ and private/) */
  root: string;
  /** private/<cid>, absolute */
  dir: string;
  case: CaseFile;
  /** the case's questions by qid, in file order */
  questions: Map<string, QuestionRow>;
  /** scripts/<sid>/robot.json's content */
  robot: unknown;
}

/** JSON of a file, else undefined with the problem in `issues`. */
function readJson(file: string, issues: InputIssue[]): unknown {
  try {
    return JSON.parse(readText(file));
  } catch (e) {
    if (e instanceof InputError) issues.push(...e.issues);
    else issues.push({ file, path: '', message: `not JSON: ${(e as Error).message}` });
    return undefined;
  }
}

function readQuestions(file: string): Map<string, QuestionRow> {
  const issues: InputIssue[] = [];
  const out = new Map<string, QuestionRow>();
  for (const { line, row } of jsonlRows(readText(file), QuestionRow, file, issues)) {
    if (out.has(row.qid)) issues.push({ file, line, path: 'qid', message: `${row.qid} repeats` });
    out.set(row.qid, row);
  }
  if (issues.length) throw new InputError(issues);
  return out;
}

/**
 * The files of a case's script that the harness, the scripted systems and the view read by their fixed names: held to
 * the root with the case (a link among them that leads out of the build or dataset refuses the case).
 */
export const SCRIPT_FILES = [
  'scripts/<sid>/robot.json',
  'scripts/<sid>/perception/oracle.jsonl',
  'scripts/<sid>/sensors/pose.jsonl',
  'scripts/<sid>/sensors/camera.json',
  'private/<sid>/timeline.json',
  'private/<sid>/visibility.jsonl',
  'private/<sid>/render_log.json',
] as const;

/** What readCaseJson read of a case: its folder, its case.json (as parsed JSON, and checked when it is valid). */
export interface CaseJson {
  /** private/<cid>, absolute */
  dir: string;
  /** private/<cid>/case.json, absolute */
  file: string;
  raw: unknown;
  /** the case file, where it holds to the schema */
  parsed?: CaseFile;
}

/** The files a case folder holds, held to the root with the case. */
export const CASE_FOLDER_FILES = ['case.json', 'questions.jsonl', 'gold.jsonl'] as const;

/**
 * The one reading of a case's case.json, for every reader (the harness's loadCase, the release's contents): the
 * case's own files (CASE_FOLDER_FILES) and its script's files (SCRIPT_FILES) held to the root, every frame it names
 * held to the root and to its script's frame files (formats/case-schema.ts casePathIssues), then the schema, and its
 * cid the folder's name. Problems go to `issues`; undefined when nothing more of the case may be read (a file of it,
 * or a path it names, leads out of the root or is not its own).
 */
export function readCaseJson(root: string, cid: string, issues: InputIssue[]): CaseJson | undefined {
  const dir = join(resolve(root), 'private', cid);
  const file = join(dir, 'case.json');
  const inside = insideRoot(root);
  // the case's own files first: a case.json that is a link out of the root is not read
  const outside = CASE_FOLDER_FILES.map((f) => inside.checkFile(join(dir, f))).filter((i): i is InputIssue => !!i);
  if (outside.length) {
    issues.push(...outside);
    return undefined;
  }
  const raw = readJson(file, issues);
  const named = casePathIssues(root, raw, file);
  const sid = QID.safeParse((raw as { sid?: unknown } | null)?.sid);
  if (sid.success)
    for (const rel of SCRIPT_FILES) {
      const issue = inside.checkFile(join(root, rel.replace('<sid>', sid.data)));
      if (issue) named.push(issue);
    }
  if (named.length) {
    issues.push(...named);
    return undefined;
  }
  if (raw === undefined) return { dir, file, raw };
  const parsed = CaseFile.safeParse(raw);
  if (!parsed.success) {
    for (const i of parsed.error.issues) issues.push({ file, path: pathString(i.path), message: i.message });
    return { dir, file, raw };
  }
  if (parsed.data.cid !== cid)
    issues.push({ file, path: 'cid', message: `${parsed.data.cid} is not the folder's name ${cid}` });
  return { dir, file, raw, parsed: parsed.data };
}

/** Load private/<cid> of a build or dataset. */
export function loadCase(caseDir: string): LoadedCase {
  const dir = resolve(caseDir);
  if (basename(dirname(dir)) !== 'private') {
    throw new InputError({ file: dir, path: '', message: 'a case folder is private/<cid> inside a build or dataset' });
  }
  const root = dirname(dirname(dir));
  const caseFile = join(dir, 'case.json');
  const issues: InputIssue[] = [];
  const read = readCaseJson(root, basename(dir), issues);
  if (issues.length || !read?.parsed) throw new InputError(issues);
  const c = read.parsed;
  c.frames.forEach((f, i) => {
    if (f.step.k !== i)
      issues.push({
        file: caseFile,
        path: `frames[${i}].step.k`,
        message: `frames are numbered from 0 in order; expected ${i}, found ${f.step.k}`,
      });
    if (!existsSync(join(root, f.rgb)))
      issues.push({ file: caseFile, path: `frames[${i}].rgb`, message: `${f.rgb} does not exist` });
  });
  const questionsFile = join(dir, 'questions.jsonl');
  const questions = readQuestions(questionsFile);
  const need = (qid: string, path: string) => {
    if (!questions.has(qid))
      issues.push({ file: caseFile, path, message: `question ${qid} is not in ${questionsFile}` });
  };
  let lastK = -1;
  c.asks.forEach((a, i) => {
    if (a.k >= c.frames.length)
      issues.push({
        file: caseFile,
        path: `asks[${i}].k`,
        message: `frame ${a.k} is past the last frame ${c.frames.length - 1}`,
      });
    if (a.k <= lastK)
      issues.push({ file: caseFile, path: `asks[${i}].k`, message: 'asks are in frame order, one per frame' });
    lastK = a.k;
    a.qids.forEach((q, j) => need(q, `asks[${i}].qids[${j}]`));
  });
  c.end_qids.forEach((q, j) => need(q, `end_qids[${j}]`));
  let lastStart = -1;
  c.tasks.forEach((t, i) => {
    if (t.index !== i)
      issues.push({
        file: caseFile,
        path: `tasks[${i}].index`,
        message: `tasks are indexed from 0 in order; expected ${i}`,
      });
    if (t.start_k >= c.frames.length || t.start_k <= lastStart)
      issues.push({
        file: caseFile,
        path: `tasks[${i}].start_k`,
        message: `start frames rise within the case's ${c.frames.length} frames`,
      });
    lastStart = t.start_k;
  });
  if (c.tasks[0] && c.tasks[0].start_k !== 0)
    issues.push({ file: caseFile, path: 'tasks[0].start_k', message: 'the first task starts at frame 0' });
  const robot = issues.length ? undefined : readJson(join(root, 'scripts', c.sid, 'robot.json'), issues);
  if (issues.length) throw new InputError(issues);
  return { root, dir, case: c, questions, robot };
}

/** The detections channel's per-frame lists, by case frame k: the oracle's entries without image-side fields. */
export function loadDetections(lc: LoadedCase): SentDetection[][] {
  const file = join(lc.root, 'scripts', lc.case.sid, 'perception', 'oracle.jsonl');
  if (!existsSync(file))
    throw new InputError({ file, path: '', message: "the detections channel needs the script's oracle.jsonl" });
  const byK = new Map(readOracle(file).map((r) => [r.k, r.detections]));
  const issues: InputIssue[] = [];
  const out = lc.case.frames.map((f, i) => {
    const dets = byK.get(f.script_k);
    if (!dets) issues.push({ file, path: '', message: `no line for frame ${f.script_k} (case frame ${i})` });
    if (!existsSync(join(lc.root, f.depth)))
      issues.push({
        file: join(lc.dir, 'case.json'),
        path: `frames[${i}].depth`,
        message: `${f.depth} does not exist`,
      });
    return (dets ?? []).map((d) => ({
      kind: d.kind,
      colour: d.colour,
      center: d.center,
      box: { min: d.box.min, max: d.box.max },
    }));
  });
  if (issues.length) throw new InputError(issues);
  return out;
}

/**
 * The files a case will send on `channel` that are missing (loadCase has checked the rgb frames and held every
 * path to the root): on detections, the script's oracle.jsonl and every frame's depth. Eval asks it of every
 * selected case before the first one starts.
 */
export function channelFileIssues(lc: LoadedCase, channel: string): InputIssue[] {
  if (channel !== 'detections') return [];
  const issues: InputIssue[] = [];
  const oracle = join(lc.root, 'scripts', lc.case.sid, 'perception', 'oracle.jsonl');
  if (!existsSync(oracle))
    issues.push({ file: oracle, path: '', message: "the detections channel needs the script's oracle.jsonl" });
  lc.case.frames.forEach((f, i) => {
    if (!existsSync(join(lc.root, f.depth)))
      issues.push({
        file: join(lc.dir, 'case.json'),
        path: `frames[${i}].depth`,
        message: `${f.depth} does not exist`,
      });
  });
  return issues;
}
