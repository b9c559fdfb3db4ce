/** `stbench run SYSTEM CASE_DIR` end to end, as a user runs it. */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCase, tempRoot, type SynthCase } from '../../../helpers/harness-fixture.ts';

const run = (...args: string[]) => spawnSync('node', ['pipeline/bin/stbench.mjs', ...args], { encoding: 'utf8' });

describe('stbench run', () => {
  let c: SynthCase;
  beforeAll(async () => {
    c = await makeCase(tempRoot());
  });

  it('runs an in-process system and prints its answers, then the scored rows and results', () => {
    const r = run('run', 'all_unknown', c.dir);
    expect(r.status).toBe(0);
    const lines = r.stdout.split('\n');
    const answers = lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
    expect(answers).toEqual(Object.values(c.qids).map((qid) => ({ qid, answer: { type: 'unknown' } })));
    // q4 is unknowable: unknown is right there (+1); the others score 0
    expect(r.stdout).toMatch(
      new RegExp(
        `\\| ${c.qids.q4} \\| object_where \\| \`\\{"type":"unknown"\\}\` \\| 1\\.000 \\| 1\\.000 \\| unknown is right \\|`,
      ),
    );
    expect(r.stdout).toMatch(new RegExp(`\\| ${c.qids.q1} \\| clear_path \\| .* \\| 0\\.000 \\| 0\\.000 \\|`));
    expect(r.stdout).toContain('# Results: all_unknown');
    expect(r.stderr).toMatch(/ok, 5 answers, 6 frames, 3 asks/);
  });

  it("runs an external command (the docs' example)", () => {
    const r = run('run', 'cmd:python3 checks/harness/examples/minimal_system.py', '--local', c.dir);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`{"qid":"${c.qids.q2}","answer":{"type":"place","x":0.6,"y":2.7}}`);
  });

  it('exits 1 with the reason on a broken outcome', () => {
    const file = join(c.root, 'dies.py');
    writeFileSync(file, 'import sys\nsys.stdin.readline()\nsys.exit(4)\n');
    const r = run('run', `cmd:python3 ${file}`, '--local', c.dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/is broken: the system exited with code 4/);
  });

  it('refuses rgbd_pose, an unknown system and a folder that is not a case (exit 2)', () => {
    const a = run('run', 'all_unknown', c.dir, '--channel', 'rgbd_pose');
    expect(a.status).toBe(2);
    expect(a.stderr).toMatch(/rgbd_pose channel is retired/);
    const b = run('run', 'nobody', c.dir);
    expect(b.status).toBe(2);
    expect(b.stderr).toMatch(
      /unknown system "nobody": use a model \(claude:sonnet, codex:<model>, openai:<model>, anthropic:<model>\), one of all_unknown/,
    );
    const d = run('run', 'all_unknown', c.root);
    expect(d.status).toBe(2);
    expect(d.stderr).toMatch(/a case folder is private\/<cid>/);
  });
});
