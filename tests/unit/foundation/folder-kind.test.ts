/**
 * What a folder is to stbench (foundation/folder-kind.ts), the one predicate the output-path rule, the sandbox's
 * code-folder check, the check's data root and the rule on paths a root names all ask: a dataset whatever the key
 * order of its release.json (a damaged one beside scripts/ and private/ too), a build with or without its .stbench/,
 * and the stbench output that carries the gold or the scores (a view site, a run folder, a check's output); and the
 * one real-path resolver and "inside" test they share (foundation/real-path.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CASE_ANSWERS_FORMAT,
  DATASET_CHECK_DIR,
  describeKind,
  folderKind,
  insideRoot,
  kindAround,
  MAX_JSON_BYTES,
  readRelease,
  realPathOf,
  sameOrInside,
  VIEW_SITE_MARK,
} from '../../../foundation/index.ts';

let d: string;
beforeAll(() => {
  d = realPathOf(mkdtempSync(join(tmpdir(), 'stbench-folder-kind-')));
});
afterAll(() => rmSync(d, { recursive: true, force: true }));

/** A folder under the scratch folder holding `files` (a name ending in / is a folder). */
function folder(name: string, files: Record<string, string> = {}): string {
  const root = join(d, name);
  mkdirSync(root, { recursive: true });
  for (const [rel, text] of Object.entries(files)) {
    const p = join(root, rel);
    if (rel.endsWith('/')) mkdirSync(p, { recursive: true });
    else {
      mkdirSync(join(p, '..'), { recursive: true });
      writeFileSync(p, text);
    }
  }
  return root;
}

/** A release.json as a tool writing sorted keys would: `files` (thousands of entries) long before `format`. */
function sortedRelease(): string {
  const files: Record<string, string> = {};
  for (let i = 0; i < 2000; i++) files[`scripts/s/sensors/rgb/${String(i).padStart(6, '0')}.jpg`] = 'ab'.repeat(32);
  return JSON.stringify({ cell_counts: {}, files, format: 'stbench.release/1', version: '1.0.0' }, null, 2);
}

describe('datasets', () => {
  it('knows a dataset by its release.json format, whatever its key order', () => {
    const text = sortedRelease();
    expect(text.indexOf('"format"')).toBeGreaterThan(4096);
    const ds = folder('ds-sorted', { 'release.json': text, 'scripts/': '', 'private/': '' });
    const k = folderKind(ds);
    expect(k?.kind).toBe('dataset');
    expect(k?.kind === 'dataset' && k.release?.version).toBe('1.0.0');
    expect(readRelease(ds).state).toBe('stbench');
    // and what lies in it, however deep
    expect(kindAround(join(ds, 'scripts', 'x', 'y.png'))?.dir).toBe(ds);
  });

  it('a truncated or foreign release.json beside scripts/ and private/ is a damaged dataset, kept out all the same', () => {
    const text = sortedRelease();
    const cut = folder('ds-cut', { 'release.json': text.slice(0, 5000), 'scripts/': '', 'private/': '' });
    expect(folderKind(cut)).toEqual({ kind: 'dataset', dir: cut, release: null });
    expect(describeKind(folderKind(cut)!)).toContain(`the dataset ${cut} (its release.json is not a release's`);
    const other = folder('ds-other', { 'release.json': '{"format": "hf.dataset/2"}', 'scripts/': '', 'private/': '' });
    expect(folderKind(other)?.kind).toBe('dataset');
    // alone, a release.json that is not a release's makes nothing
    expect(folderKind(folder('loose-cut', { 'release.json': text.slice(0, 5000) }))).toBe(null);
    expect(folderKind(folder('loose-other', { 'release.json': '{"format": "hf.dataset/2"}' }))).toBe(null);
    expect(folderKind(folder('loose-dir', { 'release.json/': '' }))).toBe(null);
  });

  it('reads a release.json only within the JSON limit', () => {
    const big = folder('ds-big', { 'scripts/': '', 'private/': '' });
    const file = join(big, 'release.json');
    writeFileSync(file, '{"format": "stbench.release/1"}');
    // a sparse file past the limit: never read, and not a release (a damaged dataset here, beside scripts/, private/)
    truncateSync(file, MAX_JSON_BYTES + 1);
    expect(readRelease(big)).toMatchObject({ state: 'unreadable' });
    expect(folderKind(big)).toEqual({ kind: 'dataset', dir: big, release: null });
  });

  it('names a root the dataset or the build in the words of the rule on paths it names', () => {
    const ds = folder('ds-word', { 'release.json': sortedRelease(), 'scripts/': '', 'private/': '' });
    expect(insideRoot(ds).word).toBe('the dataset');
    expect(insideRoot(folder('build-word', { '.stbench/': '' })).word).toBe('the build');
  });
});

describe('builds', () => {
  it('knows a build by its .stbench/, or by a private/ holding a case or a script folder (copied without dot-folders)', () => {
    const meta = folder('b-meta', { '.stbench/': '' });
    expect(folderKind(meta)).toEqual({ kind: 'build', dir: meta, by: 'meta' });
    for (const f of ['case.json', 'gold.jsonl', 'timeline.json', 'render_log.json', 'perception_ids.jsonl']) {
      const b = folder(`b-private-${f}`, { [`private/c0/${f}`]: '{}', 'scripts/': '' });
      expect(folderKind(b), f).toEqual({ kind: 'build', dir: b, by: 'private' });
      expect(describeKind(folderKind(b)!)).toBe(`the build ${b} (its private/ holds cases or scripts)`);
    }
    // a private/ of a user's own, with nothing of a case in it, is not a build
    expect(folderKind(folder('b-not', { 'private/notes/todo.txt': 'x', 'private/a.json': '{}' }))).toBe(null);
  });

  it('finds the build around a path through a link into it', () => {
    const b = folder('b-linked', { 'private/c1/gold.jsonl': '' });
    symlinkSync(join(b, 'private'), join(d, 'to-b-linked'));
    expect(kindAround(join(d, 'to-b-linked', 'c1', 'gold.jsonl'))).toEqual({ kind: 'build', dir: b, by: 'private' });
  });
});

describe('stbench output that carries the gold or the scores', () => {
  it('a view site: its mark, or index.html with assets/view.js', () => {
    const marked = folder('site-mark', { [VIEW_SITE_MARK]: 'a site\n' });
    expect(folderKind(marked)).toEqual({ kind: 'site', dir: marked });
    const old = folder('site-old', { 'index.html': '<html>', 'assets/view.js': '' });
    expect(folderKind(old)?.kind).toBe('site');
    expect(folderKind(folder('not-site', { 'index.html': '<html>', 'assets/app.js': '' }))).toBe(null);
  });

  it("a run folder: run.json or results.json of stbench's format (or unreadable), or answers/ in the answers format", () => {
    const run = folder('run-json', { 'run.json': '{"format": "stbench.run/1"}' });
    expect(folderKind(run)).toEqual({ kind: 'run', dir: run, by: 'run.json' });
    const results = folder('run-results', { 'results.json': '{"format": "stbench-results/1"}' });
    expect(folderKind(results)).toEqual({ kind: 'run', dir: results, by: 'results.json' });
    expect(folderKind(folder('run-torn', { 'results.json': '{"format": "stbench-res' }))?.kind).toBe('run');
    const answers = folder('run-answers', {
      'answers/notes.json': '{"mine": 1}',
      'answers/c0.json': JSON.stringify({ format: CASE_ANSWERS_FORMAT, cid: 'c0', answers: {} }),
    });
    expect(folderKind(answers)).toEqual({ kind: 'run', dir: answers, by: 'answers/' });
    expect(describeKind(folderKind(answers)!)).toContain(`the run folder ${answers} (its answers/`);
    // a user's own results.json and answers/ are theirs
    expect(folderKind(folder('mine', { 'results.json': '{"acc": 0.5}', 'answers/q1.json': '{"a": 1}' }))).toBe(null);
  });

  it("a check's output: check_report.json, or the answers folder a dataset's check keeps while it runs", () => {
    const rep = folder('check-rep', { 'check_report.json': '{"format": "stbench.check_report/1"}' });
    expect(folderKind(rep)).toEqual({ kind: 'check', dir: rep, by: 'check_report.json' });
    // the answers folder itself, not the user's folder it lies in (that stays theirs to write and to run code from)
    const reports = folder('check-answers', { [`${DATASET_CHECK_DIR}/0123456789abcdef/oracle/answers/`]: '' });
    expect(folderKind(join(reports, DATASET_CHECK_DIR))).toEqual({
      kind: 'check',
      dir: join(reports, DATASET_CHECK_DIR),
      by: 'answers',
    });
    expect(folderKind(reports)).toBe(null);
  });

  it('a build or dataset is that first, whatever output it also holds', () => {
    const b = folder('b-with-report', { '.stbench/': '', 'check_report.json': '{"format": "stbench.check_report/1"}' });
    expect(folderKind(b)?.kind).toBe('build');
  });
});

describe('the real path and the inside test', () => {
  it('one resolver for a path that exists or not, through links, dangling ones too', () => {
    const t = folder('rp-target');
    symlinkSync(t, join(d, 'rp-link'));
    symlinkSync(join(t, 'not-yet'), join(d, 'rp-dangling'));
    expect(realPathOf(join(d, 'rp-link', 'a', 'b'))).toBe(join(t, 'a', 'b'));
    expect(realPathOf(join(d, 'rp-dangling', 'c'))).toBe(join(t, 'not-yet', 'c'));
  });

  it('inside means the folder itself or below it, never a sibling that shares a prefix', () => {
    expect(sameOrInside('/a/b', '/a/b')).toBe(true);
    expect(sameOrInside('/a/b/c', '/a/b')).toBe(true);
    expect(sameOrInside('/a/bc', '/a/b')).toBe(false);
    expect(sameOrInside('/a', '/a/b')).toBe(false);
    expect(sameOrInside('/anything', '/')).toBe(true);
  });
});
