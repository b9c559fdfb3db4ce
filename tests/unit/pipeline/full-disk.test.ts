/**
 * A full disk (ENOSPC thrown at a write by a fault handler, foundation/atomic.ts, instead of filling a disk): the
 * ray-cast render and the view exit 1 with one line naming the file they were writing, leave no temporary file and
 * no lock, and once there is space again the same command completes with the bytes of a run that never failed; the
 * view's part-written site is its own (its mark is written first), not a stranger's folder.
 */
import { cpSync, existsSync, lstatSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setFaultHandler } from '../../../foundation/index.ts';
import { makeCheckBuild } from '../../helpers/check-fixture.ts';
import { runCli } from '../../helpers/cli-in-process.ts';
import { scriptJob } from '../../helpers/raycast-build.ts';
import { treePaths } from '../../helpers/tree-snapshot.ts';

const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'stbench-full-disk-'));
});
afterEach(() => setFaultHandler(null));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** path -> sha256 of every file (stage manifests without their `updated` time). */
function files(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of treePaths(root)) {
    if (!lstatSync(join(root, rel)).isFile()) continue;
    let text: string | Buffer = readFileSync(join(root, rel));
    if (rel.split('/').includes('.stbench') && rel.endsWith('.json'))
      text = text.toString('utf8').replace(/"updated": "[^"]*"/, '"updated": "-"');
    out[rel] = createHash('sha256').update(text).digest('hex');
  }
  return out;
}

const temps = (root: string) => treePaths(root).filter((p) => p.split('/').some((part) => part.includes('.tmp-')));
const locks = (root: string) => treePaths(root).filter((p) => p.endsWith('.lock'));
const reEscape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A fault handler that fails the nth time `point` is reached with ENOSPC. */
function fullAt(point: string, nth: number): void {
  let seen = 0;
  setFaultHandler((p) => {
    if (p === point && ++seen === nth) throw enospc();
  });
}

/** How many times a command reaches `point` (a run with a counting handler). */
async function countPoints(point: string, run: () => Promise<unknown>): Promise<number> {
  let n = 0;
  setFaultHandler((p) => {
    if (p === point) n++;
  });
  try {
    await run();
  } finally {
    setFaultHandler(null);
  }
  return n;
}

describe('a full disk under the ray-cast render', () => {
  let base: string;
  let want: Record<string, string>;
  beforeAll(async () => {
    base = join(dir, 'render-base');
    scriptJob(base, 'full', { job: 'helper/1', count: 1, tasks: 1, framesPerTask: 3 });
    const clean = join(dir, 'render-clean');
    cpSync(base, clean, { recursive: true });
    const r = await runCli(['render', clean, '--engine', 'raycast']);
    expect(r.code, r.stderr).toBe(0);
    want = files(clean);
  }, 240_000);

  it('names the frame it was writing, leaves no temporary file or lock, and resumes to the same bytes', async () => {
    const b = join(dir, 'render-full');
    cpSync(base, b, { recursive: true });
    // the second frame's files are written under their temporary names; the disk fills before they are renamed
    fullAt('render:before-rename', 2);
    const r = await runCli(['render', b, '--engine', 'raycast']);
    setFaultHandler(null);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(
        `^stbench: cannot write ${reEscape(b)}/\\S+/000001\\.(jpg|png): no space left on the device \\(ENOSPC\\); the old file, if any, is unchanged\\n$`,
        'm',
      ),
    );
    expect(temps(b)).toEqual([]);
    expect(locks(b)).toEqual([]);
    const again = await runCli(['render', b, '--engine', 'raycast']);
    expect(again.code, again.stderr).toBe(0);
    expect(files(b)).toEqual(want);
  }, 240_000);
});

describe('a full disk under the view', () => {
  let data: string;
  let want: Record<string, string>;
  let writes: number;
  beforeAll(async () => {
    data = makeCheckBuild({ scripts: 2, seed: 'full-view' }).root;
    const site = join(dir, 'site-clean');
    writes = await countPoints('atomic:mid-write', async () => {
      const r = await runCli(['view', '--data', data, '--out', site]);
      expect(r.code, r.stderr).toBe(0);
    });
    want = files(site);
  }, 240_000);
  afterAll(() => rmSync(data, { recursive: true, force: true }));

  for (const at of ['early', 'late'] as const) {
    it(`(${at} in the site) names the file, leaves no temporary file, and its rerun completes the part-written site to the same bytes`, async () => {
      const site = join(dir, `site-${at}`);
      fullAt('atomic:mid-write', at === 'early' ? 4 : writes - 1);
      const r = await runCli(['view', '--data', data, '--out', site]);
      setFaultHandler(null);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toMatch(
        new RegExp(
          `^stbench: cannot write ${reEscape(site)}/\\S+: no space left on the device \\(ENOSPC\\); the old file, if any, is unchanged\\n$`,
          'm',
        ),
      );
      expect(temps(site)).toEqual([]);
      expect(existsSync(join(site, 'index.html'))).toBe(false); // part-written
      const again = await runCli(['view', '--data', data, '--out', site]);
      expect(again.code, again.stderr).toBe(0);
      expect(files(site)).toEqual(want);
      expect(temps(site)).toEqual([]);
    }, 240_000);
  }
});
