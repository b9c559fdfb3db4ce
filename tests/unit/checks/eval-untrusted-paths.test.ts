/**
 * A downloaded dataset is untrusted input: eval and run hold every file a case will have read (its frames, rgb and
 * depth, whatever the channel, its own files, the script's robot.json) to the dataset's root before the case starts,
 * and eval checks every case before the first one runs: a case that names a file outside the root, by `..`, by an
 * absolute path or through a symbolic link, is refused (InputError, exit 2, naming the file and the field), and no
 * system is opened, so nothing of the outside file reaches it. A frame inside the root that is not its script's frame
 * file (the case's gold) is refused the same way; `run` reads every case of its folder as eval does, the systems that
 * read other cases (checks/systems/case-heads.ts, training-golds.ts) read them through loadCase, and the check's
 * trick questions (compile_report.json) are held to the root too.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { trickQids } from '../../../checks/check.ts';
import { runEval } from '../../../checks/eval.ts';
import { caseHeads, clearTrainingCache, otherScriptsRows } from '../../../checks/systems/training-golds.ts';
import { loadCase, type InProcessSystem } from '../../../checks/harness/index.ts';
import { InputError } from '../../../foundation/index.ts';
import { runCli } from '../../helpers/cli-in-process.ts';
import { makeCase, type SynthCase } from '../../helpers/harness-fixture.ts';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});
const temp = (name: string) => {
  const d = mkdtempSync(join(tmpdir(), `stbench-untrusted-${name}-`));
  roots.push(d);
  return d;
};

/** A system that records every case it is opened on and every file it is handed. */
function spy(): { system: InProcessSystem; opened: string[]; files: string[] } {
  const opened: string[] = [];
  const files: string[] = [];
  const system: InProcessSystem = {
    kind: 'in_process',
    name: 'spy',
    open: (info) => {
      opened.push(info.cid);
      return {
        async start() {},
        async task() {},
        async observe(m) {
          for (const f of [m.step.rgb, m.step.depth]) if (f) files.push(f);
        },
        async ask(m) {
          return { answers: m.questions.map((q) => ({ qid: q.qid, answer: { type: 'unknown' } })) };
        },
        async finish() {},
      };
    },
  };
  return { system, opened, files };
}

/** Rewrite a field of a case's frame. */
function setFrame(c: SynthCase, k: number, field: 'rgb' | 'depth', value: string): void {
  const file = join(c.dir, 'case.json');
  const v = JSON.parse(readFileSync(file, 'utf8'));
  v.frames[k][field] = value;
  writeFileSync(file, JSON.stringify(v, null, 2));
}

async function refusal(p: Promise<unknown>): Promise<InputError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(InputError);
  return e as InputError;
}

describe('eval and run on a dataset that names files outside itself', () => {
  it('eval checks every case before the first starts: a later case naming ../../etc/hostname opens no system', async () => {
    const root = temp('eval');
    await makeCase(root, 0);
    const bad = await makeCase(root, 1);
    setFrame(bad, 2, 'rgb', '../../../../etc/hostname');
    const s = spy();
    const out = join(temp('run'), 'run');
    const e = await refusal(runEval({ system: s.system, data: root, out }));
    expect(e.issues).toEqual([expect.objectContaining({ file: join(bad.dir, 'case.json'), path: 'frames[2].rgb' })]);
    expect(e.message).toContain(
      `${join(bad.dir, 'case.json')}: frames[2].rgb: "../../../../etc/hostname" lies outside the build`,
    );
    expect(s.opened).toEqual([]);
    expect(existsSync(out)).toBe(false);
    // named as it should be, and through a link that stays inside the dataset, the frame is read and the run goes
    const frame = join(bad.root, 'scripts', bad.sid, 'sensors', 'rgb', '000012.jpg');
    const kept = frame.replace(/\.jpg$/, '.kept.jpg');
    writeFileSync(kept, readFileSync(frame));
    rmSync(frame);
    symlinkSync(kept, frame);
    setFrame(bad, 2, 'rgb', `scripts/${bad.sid}/sensors/rgb/000012.jpg`);
    const r = await runEval({ system: s.system, data: root, out });
    expect(r.broken).toBe(0);
    expect(s.opened.sort()).toEqual(['0000000000000000', '1111111111111111']);
    expect(s.files).toContain(frame);
  });

  it('names every bad path of every case at once: absolute, climbing, depth on the rgb_pose channel', async () => {
    const root = temp('eval');
    const a = await makeCase(root, 0);
    const b = await makeCase(root, 1);
    setFrame(a, 0, 'rgb', '/etc/hostname');
    setFrame(a, 1, 'depth', `private/${a.sid}/../../../etc/passwd`);
    setFrame(b, 3, 'depth', 'scripts/../private/x.png');
    const s = spy();
    const e = await refusal(runEval({ system: s.system, data: root, out: join(temp('run'), 'run') }));
    expect(e.issues.map((i) => `${i.file} ${i.path}`)).toEqual([
      `${join(a.dir, 'case.json')} frames[0].rgb`,
      `${join(a.dir, 'case.json')} frames[1].depth`,
      `${join(b.dir, 'case.json')} frames[3].depth`,
    ]);
    expect(e.issues[0].message).toMatch(/an absolute path/);
    expect(e.issues[1].message).toMatch(/climbs out of it/);
    expect(e.issues[2].message).toMatch(/holds a \.\. segment/);
    expect(s.opened).toEqual([]);
  });

  it('a frame file that is a symbolic link out of the dataset never reaches the system', async () => {
    const root = temp('eval');
    const c = await makeCase(root, 0);
    const secret = join(temp('outside'), 'secret.jpg');
    writeFileSync(secret, 'the gold of another build');
    const frame = JSON.parse(readFileSync(join(c.dir, 'case.json'), 'utf8')).frames[4].rgb as string;
    rmSync(join(root, frame));
    symlinkSync(secret, join(root, frame));
    const s = spy();
    const e = await refusal(runEval({ system: s.system, data: root, out: join(temp('run'), 'run') }));
    expect(e.issues).toEqual([
      expect.objectContaining({
        file: join(c.dir, 'case.json'),
        path: 'frames[4].rgb',
        message: expect.stringContaining(`a symbolic link on the way leads to ${secret}`),
      }),
    ]);
    expect(s.opened).toEqual([]);
    // run, on the same case, refuses it the same way
    expect(() => loadCase(c.dir)).toThrow(InputError);
    const r = await runCli(['run', 'all_unknown', c.dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${join(c.dir, 'case.json')}: frames[4].rgb: `);
  });

  it('a script folder linked from outside the dataset: its robot.json is not read', async () => {
    const root = temp('eval');
    const c = await makeCase(root, 0);
    const elsewhere = temp('elsewhere');
    const robot = join(root, 'scripts', c.sid, 'robot.json');
    writeFileSync(join(elsewhere, 'robot.json'), readFileSync(robot));
    rmSync(robot);
    symlinkSync(join(elsewhere, 'robot.json'), robot);
    const e = (() => {
      try {
        loadCase(c.dir);
        return null;
      } catch (x) {
        return x as InputError;
      }
    })();
    expect(e).toBeInstanceOf(InputError);
    expect(e!.issues).toEqual([expect.objectContaining({ file: robot, path: '' })]);
    expect(e!.message).toContain('lies outside the build');
  });

  it("a frame inside the dataset that is not its script's frame file (the case's gold) is never handed over", async () => {
    const root = temp('eval');
    const a = await makeCase(root, 0);
    const b = await makeCase(root, 1);
    setFrame(a, 1, 'rgb', `private/${a.cid}/gold.jsonl`);
    // another script's frame is not this case's either
    setFrame(b, 0, 'depth', `private/${a.sid}/depth/000000.png`);
    const s = spy();
    const e = await refusal(runEval({ system: s.system, data: root, out: join(temp('run'), 'run') }));
    expect(e.issues.map((i) => `${i.file} ${i.path}`)).toEqual([
      `${join(a.dir, 'case.json')} frames[1].rgb`,
      `${join(b.dir, 'case.json')} frames[0].depth`,
    ]);
    expect(e.issues[0].message).toContain(
      `is not a frame file of the case's script (a frame's rgb is scripts/${a.sid}/`,
    );
    expect(s.opened).toEqual([]);
    const r = await runCli(['run', 'all_unknown', a.dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${join(a.dir, 'case.json')}: frames[1].rgb: "private/${a.cid}/gold.jsonl" is not`);
  });

  it('run reads the whole folder as eval does: another case naming a file outside it refuses the run', async () => {
    const root = temp('run');
    const a = await makeCase(root, 0);
    const b = await makeCase(root, 1);
    setFrame(b, 2, 'rgb', '../../../../etc/hostname');
    const r = await runCli(['run', 'all_unknown', a.dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${join(b.dir, 'case.json')}: frames[2].rgb: "../../../../etc/hostname" lies outside`);
    expect(r.stdout).toBe('');
  });

  it("the systems that read other cases read them through loadCase: another case's gold linked out is refused", async () => {
    const root = temp('train');
    const a = await makeCase(root, 0);
    const b = await makeCase(root, 1);
    // b's gold moved out of the dataset, a link left in its place
    const outside = join(temp('outside'), 'gold.jsonl');
    writeFileSync(outside, readFileSync(join(b.dir, 'gold.jsonl')));
    rmSync(join(b.dir, 'gold.jsonl'));
    symlinkSync(outside, join(b.dir, 'gold.jsonl'));
    clearTrainingCache();
    expect(() => otherScriptsRows(root, a.sid)).toThrow(/gold\.jsonl: .*lies outside the build/);
    expect(() => caseHeads(root)).toThrow(InputError);
    clearTrainingCache();
  });

  it("the check's trick questions and eval's root files are held to the root: a compile report linked out", async () => {
    const root = temp('tricks');
    await makeCase(root, 0);
    const outside = join(temp('outside'), 'compile_report.json');
    writeFileSync(outside, JSON.stringify({ trick_qids: ['0123456789abcdef'] }));
    symlinkSync(outside, join(root, 'compile_report.json'));
    expect(() => trickQids(root)).toThrow(/compile_report\.json: .*lies outside the build/);
    const s = spy();
    const e = await refusal(runEval({ system: s.system, data: root, out: join(temp('run'), 'run') }));
    expect(e.issues).toEqual([expect.objectContaining({ file: join(root, 'compile_report.json'), path: '' })]);
    expect(s.opened).toEqual([]);
  });

  it('on the detections channel a missing depth of any selected case is refused before the first case starts', async () => {
    const root = temp('eval');
    await makeCase(root, 0);
    const b = await makeCase(root, 1);
    setFrame(b, 5, 'depth', `private/${b.sid}/depth/999999.png`);
    const s = spy();
    const e = await refusal(
      runEval({ system: s.system, data: root, out: join(temp('run'), 'run'), channel: 'detections' }),
    );
    expect(e.issues).toEqual([expect.objectContaining({ file: join(b.dir, 'case.json'), path: 'frames[5].depth' })]);
    expect(s.opened).toEqual([]);
  });
});
