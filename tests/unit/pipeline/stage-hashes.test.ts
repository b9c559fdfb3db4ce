/**
 * Export and verify hold every shipped file to the hashes the stages recorded (pipeline/release/recorded.ts): a pose
 * moved by hand after the compile and the check is refused by export, naming the file; the same edit made to an
 * exported dataset, with release.json's own hash updated to match, is caught by verify through the records the
 * dataset carries (release.json `recorded`), and a render log's inputs hold the files it was rendered from.
 *
 * The check records what it writes (BUILD/.stbench/check.json): a check report edited after the check (to keep a
 * question the balance rule dropped) is refused by export, and by verify once it ships. A file export would ship as it
 * is that no stage recorded is refused, naming the stage to run again.
 *
 * The build is the export fixture's, with the records a real build's stages write (tests/helpers/export-fixture.ts):
 * the script stage's outputs (BUILD/.stbench/script-<job>.json), the render's render logs, the compile's inputs and
 * outputs (BUILD/.stbench/compile.json), the check's report, and the render logs' inputs.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckFailed, hashFile } from '../../../foundation/index.ts';
import { exportDataset } from '../../../pipeline/export.ts';
import { verifyDataset } from '../../../pipeline/verify.ts';
import { runCli } from '../../helpers/cli-in-process.ts';
import { CID_V, makeBuild, Q, SID_H, SID_V } from '../../helpers/export-fixture.ts';

const made: string[] = [];
const fresh = (name: string) => {
  made.push(mkdtempSync(join(tmpdir(), 'stbench-stage-hashes-')));
  return join(made[made.length - 1], name);
};
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});
const POSE = `scripts/${SID_V}/sensors/pose.jsonl`;
const CAMERA = `scripts/${SID_V}/sensors/camera.json`;

/** Move the first pose of a pose.jsonl 3 m along x: still a valid step, another world. */
function movePose(file: string): void {
  const lines = readFileSync(file, 'utf8').split('\n');
  const step = JSON.parse(lines[0]);
  step.pose.pos[0] += 3;
  lines[0] = JSON.stringify(step);
  writeFileSync(file, lines.join('\n'));
}

/** Set release.json's own hash of `rel` to the file's, as an editor who wants the dataset to verify would. */
function rehash(dataset: string, rel: string): void {
  const file = join(dataset, 'release.json');
  const r = JSON.parse(readFileSync(file, 'utf8'));
  r.files[rel] = hashFile(join(dataset, rel));
  writeFileSync(file, JSON.stringify(r, null, 2) + '\n');
}

describe('export and verify hold shipped files to what the stages recorded', () => {
  let build: string;
  let dataset: string;
  beforeAll(async () => {
    build = await makeBuild();
    dataset = fresh('dataset');
    await exportDataset({ data: build, out: dataset, version: '1.0.0' });
  }, 120_000);

  it("carries the stages' records of the files it ships into release.json; a dataset without them still verifies", async () => {
    const r = JSON.parse(readFileSync(join(dataset, 'release.json'), 'utf8'));
    expect(r.recorded['.stbench/compile.json inputs'][POSE]).toBe(hashFile(join(build, POSE)));
    expect(r.recorded['.stbench/script-vacuum.json outputs'][POSE]).toBe(hashFile(join(build, POSE)));
    // the compiled case files ship filtered, not as the compile wrote them: no record of them is carried
    expect(r.recorded['.stbench/compile.json outputs'][`private/${CID_V}/case.json`]).toBeUndefined();
    expect(r.recorded['.stbench/compile.json outputs'][`private/index/${CID_V}.json`]).toBeDefined();
    expect(await verifyDataset(dataset)).toEqual([]);
    // a dataset exported before the records were carried
    const old = fresh('old');
    cpSync(dataset, old, { recursive: true });
    delete r.recorded;
    writeFileSync(join(old, 'release.json'), JSON.stringify(r, null, 2) + '\n');
    expect(await verifyDataset(old)).toEqual([]);
  });

  it('export refuses a pose moved after compile and check, naming the file and who recorded it', async () => {
    const b = fresh('build');
    cpSync(build, b, { recursive: true });
    movePose(join(b, POSE));
    const out = fresh('out');
    const e = await exportDataset({ data: b, out, version: '1.0.0' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(CheckFailed);
    const msg = (e as Error).message;
    expect(msg).toMatch(/^export refused:/);
    expect(msg).toContain(
      `${POSE}: sha256 differs from what .stbench/compile.json inputs, .stbench/script-vacuum.json outputs recorded`,
    );
    expect(existsSync(out)).toBe(false);
    // through the CLI: exit 1, the file named
    const r = await runCli(['export', '--data', b, '--out', out, '--version', '1.0.0']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${POSE}: sha256 differs`);
    expect(existsSync(out)).toBe(false);
  });

  it('verify catches the same edit in a dataset whose release.json hash was updated to match', async () => {
    const d = fresh('edited');
    cpSync(dataset, d, { recursive: true });
    movePose(join(d, POSE));
    rehash(d, POSE);
    const p = await verifyDataset(d);
    expect(p.some((x) => x.startsWith(`${POSE}: sha256 differs from release.json`))).toBe(false);
    expect(p).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^${POSE}: sha256 differs from what release\\.json recorded\\[".stbench/compile.json inputs"\\], release\\.json recorded\\[".stbench/script-vacuum.json outputs"\\] recorded`,
        ),
      ),
    );
    const r = await runCli(['verify', d]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${POSE}: sha256 differs from what release.json recorded`);
  });

  it('verify holds a shipped file to the inputs its render log records', async () => {
    const d = fresh('camera');
    cpSync(dataset, d, { recursive: true });
    // drop the carried records: the render log alone still names the edited camera
    const file = join(d, 'release.json');
    const r = JSON.parse(readFileSync(file, 'utf8'));
    delete r.recorded;
    writeFileSync(file, JSON.stringify(r, null, 2) + '\n');
    writeFileSync(join(d, CAMERA), JSON.stringify({ format: 'stbench.camera/1', width: 4, height: 3, hfov_deg: 120 }));
    rehash(d, CAMERA);
    expect(await verifyDataset(d)).toEqual([
      expect.stringMatching(
        new RegExp(`^${CAMERA}: sha256 differs from what private/${SID_V}/render_log\\.json inputs recorded`),
      ),
    ]);
  });

  it('export names a file a stage recorded that is gone, and every changed file at once', async () => {
    const b = fresh('build');
    cpSync(build, b, { recursive: true });
    movePose(join(b, `scripts/${SID_H}/sensors/pose.jsonl`));
    writeFileSync(join(b, `private/${SID_V}/visibility.jsonl`), '{"k":0}\n');
    rmSync(join(b, CAMERA));
    const e = await exportDataset({ data: b, out: fresh('out'), version: '1.0.0' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(CheckFailed);
    const msg = (e as Error).message;
    expect(msg).toContain(`scripts/${SID_H}/sensors/pose.jsonl: sha256 differs from what`);
    expect(msg).toContain(
      `private/${SID_V}/visibility.jsonl: sha256 differs from what .stbench/compile.json inputs, private/${SID_V}/render_log.json outputs recorded`,
    );
    expect(msg).toContain(
      `${CAMERA}: missing, though .stbench/render.json inputs, .stbench/script-vacuum.json outputs, private/${SID_V}/render_log.json inputs recorded it`,
    );
  });

  /** Keep in the check report a clear_path question the balance rule dropped (Q.cp3), as a hand edit would. */
  const keepDropped = (file: string) => {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    const fam = r.families.find((f: { family: string; status: string }) => f.family === 'clear_path');
    fam.kept_qids.push(Q.cp3);
    writeFileSync(file, JSON.stringify(r, null, 2));
  };

  it('the check records its report: one edited after the check is refused by export and, shipped, by verify', async () => {
    const rec = JSON.parse(readFileSync(join(build, '.stbench', 'check.json'), 'utf8'));
    expect(rec.outputs['check_report.json']).toBe(hashFile(join(build, 'check_report.json')));
    const r = JSON.parse(readFileSync(join(dataset, 'release.json'), 'utf8'));
    expect(r.recorded['.stbench/check.json outputs']).toEqual({
      'check_report.json': rec.outputs['check_report.json'],
    });
    // the build's report edited to keep a question the balance rule dropped: export refuses it, writing nothing
    const b = fresh('build');
    cpSync(build, b, { recursive: true });
    keepDropped(join(b, 'check_report.json'));
    const out = fresh('out');
    const e = await exportDataset({ data: b, out, version: '1.0.0' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(CheckFailed);
    expect((e as Error).message).toContain(
      'check_report.json: sha256 differs from what .stbench/check.json outputs recorded',
    );
    expect(existsSync(out)).toBe(false);
    // the same edit in the dataset, release.json's own hash brought in line: verify names the check's record
    const d = fresh('report');
    cpSync(dataset, d, { recursive: true });
    keepDropped(join(d, 'check_report.json'));
    rehash(d, 'check_report.json');
    expect(await verifyDataset(d)).toEqual([
      expect.stringMatching(
        /^check_report\.json: sha256 differs from what release\.json recorded\["\.stbench\/check\.json outputs"\] recorded/,
      ),
    ]);
    const v = await runCli(['verify', d]);
    expect(v.code).toBe(1);
    expect(v.stderr).toContain('check_report.json: sha256 differs from what release.json recorded');
  });

  it('a file export would ship as it is that no stage recorded is refused, naming the stage to run again', async () => {
    const b = fresh('build');
    cpSync(build, b, { recursive: true });
    // the script stage's record of the vacuum's scripts gone, the check's gone, and a file no stage writes
    rmSync(join(b, '.stbench', 'script-vacuum.json'));
    rmSync(join(b, '.stbench', 'check.json'));
    writeFileSync(join(b, 'private', SID_H, 'notes.txt'), 'a note');
    const out = fresh('out');
    const r = await runCli(['export', '--data', b, '--out', out, '--version', '1.0.0']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`scripts/${SID_V}/robot.json: no stage recorded it: rerun stbench script`);
    expect(r.stderr).toContain('check_report.json: no stage recorded it: rerun stbench check');
    expect(r.stderr).toContain(`private/${SID_H}/notes.txt: no stage recorded it, and no stage writes such a file`);
    // what another record still holds is not named: the vacuum's pose is the compile's input
    expect(r.stderr).not.toContain(`${POSE}: no stage recorded it`);
    expect(existsSync(out)).toBe(false);
  });
});
