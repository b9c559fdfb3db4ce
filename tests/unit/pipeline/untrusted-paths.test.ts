/**
 * The one rule for a path read from a build or dataset (foundation/inside-root.ts): relative, straight down from the
 * root, inside it with every symbolic link followed; and the readers that hold to it beyond the case loader: the
 * view (its screen audit copies the frames the compile report names) and the path pass of export and verify
 * (pipeline/release/named-paths.ts: index entries, render logs' and carried records, release.json's lists).
 * The corpus (tests/inputs/corpus/*-path-*) runs the same refusals through the CLI.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InputError, insideRoot, pathTextProblem } from '../../../foundation/index.ts';
import { namedPathIssues } from '../../../pipeline/release/named-paths.ts';
import { writeSite } from '../../../pipeline/view/site.ts';
import { makeViewBuild } from '../../helpers/view-fixture.ts';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});
const temp = (name: string) => {
  const d = mkdtempSync(join(tmpdir(), `stbench-paths-${name}-`));
  roots.push(d);
  return d;
};
const HEX = 'a'.repeat(64);

describe('the rule: a path a build or dataset names', () => {
  it('is relative and goes straight down from the root, by its text', () => {
    for (const ok of ['scripts/a/sensors/rgb/000000.jpg', 'private/x/depth/000001.png', './scripts/a', 'a//b'])
      expect(pathTextProblem(ok), ok).toBeNull();
    const bad: [unknown, RegExp][] = [
      ['../../../../etc/hostname', /lies outside the build or dataset \(its \.\. climbs out of it\)/],
      ['scripts/../../x', /climbs out of it/],
      ['scripts/../private/x', /holds a \.\. segment/],
      ['/etc/hostname', /an absolute path/],
      ['C:/Windows/win.ini', /an absolute path/],
      ['scripts\\..\\..\\x', /backslash/],
      ['scripts/a\u0000.jpg', /NUL/],
      ['', /is empty/],
      [42, /is not a path/],
    ];
    for (const [p, re] of bad) expect(pathTextProblem(p), String(p)).toMatch(re);
  });

  it('leads inside the root with every link followed; the message names the dataset and where a link leads', () => {
    const root = temp('root');
    const outside = temp('outside');
    writeFileSync(join(outside, 'secret'), 'x');
    mkdirSync(join(root, 'scripts', 'a'), { recursive: true });
    writeFileSync(join(root, 'scripts', 'a', 'real.jpg'), 'jpeg');
    symlinkSync(join(root, 'scripts', 'a', 'real.jpg'), join(root, 'scripts', 'a', 'inside.jpg'));
    symlinkSync(join(outside, 'secret'), join(root, 'scripts', 'a', 'out.jpg'));
    symlinkSync(join(outside, 'not-yet'), join(root, 'scripts', 'a', 'dangling.jpg'));
    symlinkSync(outside, join(root, 'scripts', 'b'));
    const from = { file: join(root, 'private', 'c', 'case.json'), path: 'frames[0].rgb' };
    const check = insideRoot(root).check;
    expect(check('scripts/a/real.jpg', from)).toBeNull();
    expect(check('scripts/a/inside.jpg', from)).toBeNull();
    expect(check('scripts/a/missing.jpg', from)).toBeNull(); // missing is the reader's to report
    expect(check('scripts/a/out.jpg', from)).toEqual({
      ...from,
      message: `"scripts/a/out.jpg" lies outside the build (a symbolic link on the way leads to ${join(outside, 'secret')})`,
    });
    expect(check('scripts/a/dangling.jpg', from)?.message).toMatch(/lies outside the build/);
    expect(check('scripts/b/000000.jpg', from)?.message).toMatch(/lies outside the build/); // a folder linked out
    // a root given through a link is its target: what lies inside the target is inside
    const link = join(temp('via'), 'link');
    symlinkSync(root, link);
    expect(insideRoot(link).check('scripts/a/real.jpg', from)).toBeNull();
    expect(insideRoot(link).check('scripts/a/out.jpg', from)?.message).toMatch(/lies outside the build/);
    // a folder holding release.json is the dataset
    writeFileSync(join(root, 'release.json'), '{"format":"stbench.release/1"}');
    expect(insideRoot(root).check('../x', from)?.message).toMatch(/lies outside the dataset/);
  });
});

describe('the view', () => {
  it('refuses a compile report whose screen audit names a frame outside the build, and writes nothing', async () => {
    const v = await makeViewBuild();
    roots.push(v.root);
    const file = join(v.root, 'compile_report.json');
    const report = JSON.parse(readFileSync(file, 'utf8'));
    report.funnel.dropped[1].frame = '../../../../etc/hostname';
    writeFileSync(file, JSON.stringify(report));
    const out = join(temp('site'), 'site');
    const e = await writeSite({ data: v.root, out }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(InputError);
    expect((e as InputError).issues).toEqual([expect.objectContaining({ file, path: 'funnel.dropped[1].frame' })]);
    expect(existsSync(out)).toBe(false);
  });
});

describe('the path pass of export and verify', () => {
  it('names the records, release.json lists and index entries that lead out of the root, each by file and field', () => {
    const root = temp('dataset');
    const sid = 'a'.repeat(16);
    mkdirSync(join(root, 'scripts', sid), { recursive: true });
    mkdirSync(join(root, 'private', sid), { recursive: true });
    mkdirSync(join(root, 'private', 'index'), { recursive: true });
    const log = join(root, 'private', sid, 'render_log.json');
    writeFileSync(log, JSON.stringify({ frames: [], inputs: { '/etc/passwd': HEX }, outputs: { 'scripts/x': HEX } }));
    const index = join(root, 'private', 'index', `${sid}.json`);
    writeFileSync(index, JSON.stringify({ id: sid, kind: 'script', job: 'helper/1', pose: '../pose.jsonl' }));
    const release = join(root, 'release.json');
    writeFileSync(
      release,
      JSON.stringify({
        format: 'stbench.release/1',
        files: { 'scripts/ok': HEX },
        results: [{ name: 'all_unknown', file: '/tmp/x.json' }],
        recorded: { '.stbench/compile.json inputs': { 'private/../../y': HEX } },
      }),
    );
    const issues = namedPathIssues(root).map((i) => `${i.file} ${i.path}`);
    expect(issues).toEqual([
      `${index} pose`,
      `${log} inputs["/etc/passwd"]`,
      `${release} results[0].file`,
      `${release} recorded[".stbench/compile.json inputs"]["private/../../y"]`,
    ]);
  });
});
