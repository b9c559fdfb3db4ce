/**
 * Export and verify hold every shipped file to the hashes the stages recorded (pipeline/release/recorded.ts): a pose
 * moved by hand after the compile and the check is refused by export, naming the file; the same edit made to an
 * exported dataset, with release.json's own hash updated to match, is caught by verify through the records the
 * dataset carries (release.json `recorded`), and a render log's inputs hold the files it was rendered from.
 *
 * The build is the export fixture's, with the records a real build's stages write: the script stage's outputs
 * (BUILD/.stbench/script-<job>.json), the compile's inputs and outputs (BUILD/.stbench/compile.json), and the
 * render logs' inputs.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckFailed, hashFile } from '../../../foundation/index.ts';
import { exportDataset } from '../../../pipeline/export.ts';
import { verifyDataset } from '../../../pipeline/verify.ts';
import { runCli } from '../../helpers/cli-in-process.ts';
import { CID_H, CID_V, makeBuild, SID_H, SID_V } from '../../helpers/export-fixture.ts';

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

/** Record in the fixture build what a real build's stages record of its files. */
function recordStages(build: string): void {
  const sha = (rel: string) => hashFile(join(build, rel));
  for (const sid of [SID_V, SID_H]) {
    const log = join(build, 'private', sid, 'render_log.json');
    const v = JSON.parse(readFileSync(log, 'utf8'));
    v.inputs = Object.fromEntries(
      [`private/${sid}/timeline.json`, `scripts/${sid}/sensors/camera.json`].map((r) => [r, sha(r)]),
    );
    writeFileSync(log, JSON.stringify(v, null, 2));
  }
  const manifest = (stage: string, inputs: string[], outputs: string[], settings = {}) =>
    writeFileSync(
      join(build, '.stbench', `${stage}.json`),
      JSON.stringify({
        stage,
        tool_version: '0.1.0',
        settings,
        inputs: Object.fromEntries(inputs.map((r) => [r, sha(r)])),
        outputs: Object.fromEntries(outputs.map((r) => [r, sha(r)])),
        versions: {},
        complete: true,
        updated: '',
      }),
    );
  for (const [stage, sid] of [
    ['script-vacuum', SID_V],
    ['script-helper', SID_H],
  ])
    manifest(
      stage,
      [],
      ['robot.json', 'sensors/camera.json', 'sensors/pose.jsonl']
        .map((f) => `scripts/${sid}/${f}`)
        .concat([`private/${sid}/timeline.json`]),
    );
  manifest(
    'compile',
    [SID_V, SID_H].flatMap((sid) => [
      `private/${sid}/timeline.json`,
      `private/${sid}/visibility.jsonl`,
      `scripts/${sid}/sensors/pose.jsonl`,
      `private/${sid}/render_log.json`,
    ]),
    [CID_V, CID_H].flatMap((cid) => [
      `private/${cid}/case.json`,
      `private/${cid}/questions.jsonl`,
      `private/${cid}/gold.jsonl`,
      `private/index/${cid}.json`,
    ]),
    { seed: 'seed-42' },
  );
}

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
    made.push(build);
    recordStages(build);
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
      `${CAMERA}: missing, though .stbench/script-vacuum.json outputs, private/${SID_V}/render_log.json inputs recorded it`,
    );
  });
});
