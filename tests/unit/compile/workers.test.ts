/**
 * Compiling on worker threads: 1 and 2 workers (and the one-thread compileBuild) write the same bytes; an input
 * error raised on a worker reaches the caller as the same InputError (file and field), with nothing written.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileBuild, compileBuildParallel } from '../../../compile/compile.ts';
import { InputError } from '../../../foundation/index.ts';
import { makeRaycastBuild } from '../../helpers/raycast-build.ts';

let dir: string;
let input: string;
let sids: string[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stbench-compile-workers-'));
  input = join(dir, 'input');
  sids = await makeRaycastBuild(input, 'workers-1', [
    { job: 'helper/1', count: 2, tasks: 3, framesPerTask: 4 },
    { job: 'vacuum/2', count: 1, tasks: 3, framesPerTask: 4 },
    { job: 'amr/1', count: 1, tasks: 2, framesPerTask: 4 },
  ]);
}, 300_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** sha256 of every file under a build (the compile manifest without its timestamp). */
function filesOf(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else {
        let bytes = readFileSync(p, 'utf8');
        if (p.endsWith(join('.stbench', 'compile.json'))) bytes = bytes.replace(/"updated": "[^"]*"/, '');
        out[relative(root, p)] = createHash('sha256').update(bytes).digest('hex');
      }
    }
  };
  walk(root);
  return out;
}

function copyOf(name: string): string {
  const to = join(dir, name);
  cpSync(input, to, { recursive: true });
  return to;
}

describe('compile on worker threads', () => {
  it('1 worker, 2 workers and compileBuild write the same bytes', async () => {
    const one = copyOf('one'),
      two = copyOf('two'),
      sync = copyOf('sync');
    const r1 = await compileBuildParallel(one, { seed: 'w', workers: 1 });
    const r2 = await compileBuildParallel(two, { seed: 'w', workers: 2 });
    const r0 = compileBuild(sync, { seed: 'w' });
    expect(r1.questions).toBeGreaterThan(20);
    expect(r2.compile_hash).toBe(r1.compile_hash);
    expect(r0.compile_hash).toBe(r1.compile_hash);
    const f1 = filesOf(one);
    expect(Object.keys(f1).filter((f) => f.endsWith('gold.jsonl')).length).toBe(r1.cases);
    expect(filesOf(two)).toEqual(f1);
    expect(filesOf(sync)).toEqual(f1);
  }, 300_000);

  it('reports progress for every script', async () => {
    const b = copyOf('progress');
    const seen: string[] = [];
    await compileBuildParallel(b, {
      seed: 'w',
      workers: 2,
      onProgress: (done, total, sid) => seen.push(`${done}/${total}/${sid}`),
    });
    expect(seen.length).toBe(sids.length);
    expect(seen.map((s) => s.split('/')[2]).sort()).toEqual([...sids].sort());
  }, 300_000);

  it('an input error on a worker is the same InputError, the first script in order, and nothing is written', async () => {
    const b = copyOf('broken');
    // two scripts lose their render log: the error names the first of them, as a one-thread compile does
    for (const sid of [sids[3], sids[1]]) rmSync(join(b, 'private', sid, 'render_log.json'));
    const err = await compileBuildParallel(b, { seed: 'w', workers: 2 }).catch((e) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).issues[0].file).toBe(join(b, 'private', sids[1], 'render_log.json'));
    expect((err as Error).message).toMatch(/incomplete/);
    const sync = join(dir, 'broken-sync');
    cpSync(b, sync, { recursive: true });
    expect(() => compileBuild(sync, { seed: 'w' })).toThrow((err as Error).message.replace(b, sync));
    expect(existsSync(join(b, 'compile_report.json'))).toBe(false);
    expect(existsSync(join(b, 'private', 'index'))).toBe(false);
  }, 300_000);
});
