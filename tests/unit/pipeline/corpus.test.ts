/**
 * The malformed-input corpus (tests/inputs/corpus/<name>/): jobs, places, gold, answers, builds, datasets and
 * systems that misbehave, each with its command line, its exit code and the lines its message must name
 * (case.json; docs in tests/inputs/corpus/README.md). Every entry is run through the CLI's own entry point,
 * main(argv), in a fresh folder, and checked for:
 *
 * - the exit code;
 * - every expected problem, by file, line and field path (`file:line:column: path: ...`);
 * - no stack trace, and bounded output (at most MAX_PRINTED_ISSUES problems and a count line, no line longer than a
 *   clipped message);
 * - no file written or changed anywhere under the entry's folder, temporary folder included (path, size and sha256
 *   of every file, before and after), except where the entry says it writes (`writes`);
 * - no hang (a generous guard marks one; timings are not asserted).
 */
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../../checks/check.ts';
import { MAX_PRINTED_ISSUES, REPO_ROOT, sha256 } from '../../../foundation/index.ts';
import { exportDataset } from '../../../pipeline/export.ts';
import { runCli } from '../../helpers/cli-in-process.ts';
import { makeBlankBuild } from '../../helpers/raycast-build.ts';
import { diffSnapshots, snapshot } from '../../helpers/tree-snapshot.ts';
import { makeCheckBuild } from '../../helpers/check-fixture.ts';
import { makeBuild } from '../../helpers/export-fixture.ts';

const CORPUS = join(REPO_ROOT, 'tests/inputs/corpus');

interface Expected {
  file: string;
  /** null: a problem of the whole file; 'last': the file's last line */
  line: number | 'last' | null;
  path: string;
}

type Mutation =
  | { op: 'remove' | 'mkdir'; path: string }
  | { op: 'truncate'; path: string; bytes: number }
  | { op: 'write' | 'append'; path: string; text: string }
  | { op: 'symlink'; path: string; target: string }
  | { op: 'move'; path: string; to: string }
  /** the first match of the regular expression `find` in the file replaced by `text` (placeholders filled in) */
  | { op: 'replace'; path: string; find: string; text: string };

interface Generated {
  path: string;
  head: string;
  /** a line repeated until the file holds `bytes` */
  repeat?: string;
  bytes?: number;
  /** a line with `{i}` repeated `count` times */
  repeat_numbered?: string;
  count?: number;
}

interface CorpusCase {
  about: string;
  setup: 'none' | 'blank-build' | 'framed-build' | 'check-build' | 'export-build' | 'dataset';
  argv: string[];
  exit: number;
  expect?: Expected[];
  stderr?: string[];
  stdout?: string[];
  mutate?: Mutation[];
  generate?: Generated[];
  /** globs (relative to the entry's folder, `**` for anything below) the command may write */
  writes?: string[];
  /** environment variables set for the run (placeholders filled in), e.g. STBENCH_JOBS of a job kept in input/ */
  env?: Record<string, string>;
}

const names = readdirSync(CORPUS)
  .filter((n) => existsSync(join(CORPUS, n, 'case.json')))
  .sort();
const cases = names.map(
  (n) => [n, JSON.parse(readFileSync(join(CORPUS, n, 'case.json'), 'utf8')) as CorpusCase] as const,
);

// ---------------------------------------------------------------- the builds the entries start from (made once)

let base: string;
const bases: Record<string, string> = {};

/** A blank build whose render log vouches for (fake) frame images as a Blender render's would. */
function framedBuild(root: string): void {
  const sids = makeBlankBuild(root, 'corpus', [{ job: 'helper/1', count: 2, tasks: 2, framesPerTask: 2 }]);
  for (const sid of sids) {
    const plan = JSON.parse(readFileSync(join(root, '.stbench', 'scripts', sid, 'plan.json'), 'utf8')) as {
      keyframes: { k: number }[];
    };
    const logFile = join(root, 'private', sid, 'render_log.json');
    const log = JSON.parse(readFileSync(logFile, 'utf8'));
    for (const { k } of plan.keyframes) {
      const stem = String(k).padStart(6, '0');
      for (const [rel, bytes] of [
        [`scripts/${sid}/sensors/rgb/${stem}.jpg`, `jpeg ${sid} ${k}`],
        [`private/${sid}/depth/${stem}.png`, `png ${sid} ${k} `.repeat(20)],
      ] as const) {
        mkdirSync(dirname(join(root, rel)), { recursive: true });
        writeFileSync(join(root, rel), bytes);
        log.outputs[rel] = sha256(bytes);
      }
    }
    log.engine = 'blender';
    writeFileSync(logFile, JSON.stringify(log, null, 2) + '\n');
  }
}

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'stbench-corpus-'));
  const want = new Set(cases.map(([, c]) => c.setup));
  const at = (k: string) => (bases[k] = join(base, k));
  if (want.has('blank-build'))
    makeBlankBuild(at('blank-build'), 'corpus', [{ job: 'helper/1', count: 2, tasks: 2, framesPerTask: 2 }]);
  if (want.has('framed-build')) framedBuild(at('framed-build'));
  if (want.has('check-build') || want.has('dataset'))
    cpSync(makeCheckBuild({ scripts: 2, seed: 'corpus' }).root, at('check-build'), { recursive: true });
  if (want.has('export-build')) cpSync(await makeBuild(), at('export-build'), { recursive: true });
  if (want.has('dataset')) {
    const root = at('dataset');
    cpSync(bases['check-build'], join(root, 'build'), { recursive: true });
    const r = await runCheck({ data: join(root, 'build'), B: 50 });
    if (r.exitCode !== 0) throw new Error('the corpus dataset build did not pass its check');
    await exportDataset({ data: join(root, 'build'), out: join(root, 'dataset'), version: '1.0.0' });
  }
}, 300_000);
afterAll(() => rmSync(base, { recursive: true, force: true }));

// ---------------------------------------------------------------- running one entry

function firstDir(dir: string): string {
  return existsSync(dir) ? (readdirSync(dir).sort()[0] ?? '-') : '-';
}

function globToRegExp(glob: string): RegExp {
  const re = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*\*/g, '\u0000')
    .replace(/\*/g, '[^/]*')
    .replace(/\u0000/g, '.*');
  return new RegExp(`^${re}$`);
}

function generate(root: string, g: Generated): void {
  const file = join(root, g.path);
  mkdirSync(dirname(file), { recursive: true });
  const parts = [g.head];
  if (g.repeat && g.bytes) {
    const n = Math.ceil((g.bytes - Buffer.byteLength(g.head)) / Buffer.byteLength(g.repeat));
    parts.push(g.repeat.repeat(Math.max(0, n)));
  }
  if (g.repeat_numbered && g.count)
    for (let i = 0; i < g.count; i++) parts.push(g.repeat_numbered.replace('{i}', String(i)));
  writeFileSync(file, parts.join(''));
}

async function runEntry(name: string, c: CorpusCase) {
  const root = mkdtempSync(join(base, `${name}-`));
  const tmp = join(root, 'tmp');
  mkdirSync(tmp);
  if (existsSync(join(CORPUS, name, 'input')))
    cpSync(join(CORPUS, name, 'input'), join(root, 'input'), { recursive: true });
  if (c.setup === 'dataset') {
    cpSync(join(bases.dataset, 'build'), join(root, 'build'), { recursive: true });
    cpSync(join(bases.dataset, 'dataset'), join(root, 'dataset'), { recursive: true });
  } else if (c.setup !== 'none') cpSync(bases[c.setup], join(root, 'build'), { recursive: true });
  // the first script and the first compiled case (sorted), as the entry's placeholders name them
  const sid = firstDir(join(root, c.setup === 'dataset' ? 'dataset' : 'build', 'scripts'));
  const priv = join(root, 'build', 'private');
  const cid =
    (existsSync(priv)
      ? readdirSync(priv)
          .filter((d) => existsSync(join(priv, d, 'case.json')))
          .sort()[0]
      : undefined) ?? '-';
  const sub = (s: string) =>
    s
      .replaceAll('{root}', root)
      .replaceAll('{build}', join(root, 'build'))
      .replaceAll('{dataset}', join(root, 'dataset'))
      .replaceAll('{sid}', sid)
      .replaceAll('{cid}', cid);
  for (const g of c.generate ?? []) generate(root, g);
  for (const m of c.mutate ?? []) {
    const p = join(root, sub(m.path));
    if (m.op === 'remove') rmSync(p, { recursive: true, force: true });
    else if (m.op === 'mkdir') mkdirSync(p, { recursive: true });
    else if (m.op === 'truncate') truncateSync(p, m.bytes);
    else if (m.op === 'write') writeFileSync(p, m.text);
    else if (m.op === 'append') appendFileSync(p, m.text);
    else if (m.op === 'symlink') symlinkSync(sub(m.target), p);
    else if (m.op === 'replace') {
      const before = readFileSync(p, 'utf8');
      const re = new RegExp(m.find);
      if (!re.test(before)) throw new Error(`${name}: replace finds no ${m.find} in ${m.path}`);
      writeFileSync(
        p,
        before.replace(re, () => sub(m.text)),
      );
    } else if (m.op === 'move') {
      mkdirSync(dirname(join(root, sub(m.to))), { recursive: true });
      renameSync(p, join(root, sub(m.to)));
    }
  }
  const before = snapshot(root);
  const env = Object.fromEntries(Object.entries(c.env ?? {}).map(([k, v]) => [k, sub(v)]));
  const r = await runCli(c.argv.map(sub), { env: { ...env, TMPDIR: tmp }, hangGuardMs: 120_000 });
  const after = snapshot(root);
  const allowed = (c.writes ?? []).map(globToRegExp);
  const changed = diffSnapshots(before, after, (rel) => allowed.some((re) => re.test(rel)));
  return { root, r, changed, sub };
}

describe('the malformed-input corpus', () => {
  it('holds at least 50 entries, each with a command line and an exit code', () => {
    expect(cases.length).toBeGreaterThanOrEqual(50);
    for (const [n, c] of cases) {
      expect(c.argv.length, n).toBeGreaterThan(0);
      expect([0, 1, 2], n).toContain(c.exit);
      expect(
        (c.expect?.length ?? 0) + (c.stderr?.length ?? 0) + (c.stdout?.length ?? 0),
        `${n} names what its output must say`,
      ).toBeGreaterThan(0);
    }
  });

  for (const [name, c] of cases) {
    it(`${name}: ${c.about}`, async () => {
      const { r, changed, root, sub } = await runEntry(name, c);
      const said = `${name}\n--- stderr\n${r.stderr.slice(0, 4000)}\n--- stdout\n${r.stdout.slice(0, 2000)}`;
      expect(r.hung, `${name} hung`).toBe(false);
      expect(r.code, said).toBe(c.exit);
      const lines = r.stderr.split('\n');
      for (const e of c.expect ?? []) {
        const file = join(root, sub(e.file));
        let line = e.line;
        if (line === 'last')
          line = readFileSync(file, 'utf8')
            .split('\n')
            .filter((l, i, a) => i < a.length - 1 || l !== '').length;
        const head = line === null ? `${file}: ` : `${file}:${line}:`;
        const hit = lines.some(
          (l) =>
            l.startsWith(head) && (line === null ? l.startsWith(`${file}: ${e.path}: `) : l.includes(`: ${e.path}: `)),
        );
        expect(hit, `expected a problem at ${head} on ${e.path}\n${said}`).toBe(true);
      }
      for (const re of c.stderr ?? []) expect(r.stderr, said).toMatch(new RegExp(re));
      for (const re of c.stdout ?? []) expect(r.stdout, said).toMatch(new RegExp(re));
      // no stack trace, bounded output
      expect(r.stderr, said).not.toMatch(/\n\s+at .+[(:]\d+:\d+\)?\n/);
      expect(r.stderr, said).not.toMatch(/^(TypeError|RangeError|ReferenceError|SyntaxError|Error): /m);
      const problemLines = lines.filter((l) => /^\/.+?: \S.*?: /.test(l) && l.startsWith(root));
      expect(problemLines.length, said).toBeLessThanOrEqual(MAX_PRINTED_ISSUES);
      for (const l of lines) expect(l.length, `an unbounded line in ${name}`).toBeLessThanOrEqual(3000);
      // nothing written or changed where it should not be, the temporary folder left empty
      expect(changed, said).toEqual([]);
      expect(readdirSync(join(root, 'tmp')), said).toEqual([]);
      rmSync(root, { recursive: true, force: true });
    }, 180_000);
  }
});
