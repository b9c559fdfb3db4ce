/**
 * A small synthetic checked build for the export tests: two scripts (vacuum/2 and helper/1 in apartment_a) with two
 * tiny frames each (JPEG, depth PNG, id mask), robot.json, pose, oracle, timeline, visibility, render logs with the
 * frames' hashes; two cases with questions and gold of two families; a check report that keeps clear_path on the
 * vacuum (the balance rule keeping two of its three questions) and drops object_where on both jobs; and the records a
 * real build's stages write of its files (recordStages, writeCheckReport), so that every file export ships as it is
 * has one.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { PNG } from 'pngjs';
import { CHECK_REPORT_FORMAT, type CheckReport } from '../../checks/check-report.ts';
import { hashFile, sha256 } from '../../foundation/index.ts';
import { compileHash } from '../../formats/compile-hash.ts';
import { fixtureFolder } from './fixture-folders.ts';
import { writeStageManifest } from './stage-records.ts';

export const SID_V = 'a0a0a0a0a0a0a0a0';
export const SID_H = 'b1b1b1b1b1b1b1b1';
export const CID_V = 'c2c2c2c2c2c2c2c2';
export const CID_H = 'd3d3d3d3d3d3d3d3';
/** vacuum clear_path (kept, kept, balanced away), vacuum object_where (dropped), helper object_where (dropped) */
export const Q = {
  cp1: '1000000000000001',
  cp2: '1000000000000002',
  cp3: '1000000000000003',
  ow1: '2000000000000001',
  ow2: '2000000000000002',
  ow3: '2000000000000003',
};

function put(root: string, rel: string, data: string | Uint8Array): void {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), data);
}

const jsonl = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

function png16(w: number, h: number, v: number): Buffer {
  const png = new PNG({ width: w, height: h, bitDepth: 16, colorType: 0, inputColorType: 0, inputHasAlpha: false });
  const data = Buffer.alloc(w * h * 2);
  for (let i = 0; i < w * h; i++) data.writeUInt16BE(v + i, i * 2);
  (png as unknown as { data: Buffer }).data = data;
  return PNG.sync.write(png as PNG, { bitDepth: 16, colorType: 0, inputColorType: 0, inputHasAlpha: false });
}

function step(k: number, task = 0) {
  return {
    k,
    clock: `2026-01-01T08:00:0${k}.0`,
    pose: { pos: [1 + k, 2, 0], heading_deg: 0 },
    velocity: [0.3, 0],
    camera: { pitch_deg: 0 },
    status: { phase: 'cleaning', task, battery_pct: 90 },
    subgoal: 'clean the living room',
  };
}

async function script(root: string, sid: string, job: string, seed: number, raycast = false): Promise<void> {
  put(
    root,
    `scripts/${sid}/robot.json`,
    JSON.stringify({ format: 'stbench.robot/1', sid, job, layout: 'apartment_a' }, null, 2),
  );
  put(root, `scripts/${sid}/sensors/camera.json`, JSON.stringify({ format: 'stbench.camera/1', width: 4, height: 3 }));
  put(root, `scripts/${sid}/sensors/pose.jsonl`, jsonl([step(0), step(1)]));
  put(
    root,
    `scripts/${sid}/perception/oracle.jsonl`,
    jsonl([
      { k: 0, detections: [] },
      { k: 1, detections: [] },
    ]),
  );
  put(root, `private/${sid}/timeline.json`, JSON.stringify({ format: 'stbench.timeline/1', place_id: 'apartment_a' }));
  put(root, `private/${sid}/visibility.jsonl`, jsonl([{ k: 0 }, { k: 1 }]));
  put(
    root,
    `private/${sid}/perception_ids.jsonl`,
    jsonl([
      { k: 0, ids: [] },
      { k: 1, ids: [] },
    ]),
  );
  const frames = [];
  for (const k of [0, 1]) {
    const stem = String(k).padStart(6, '0');
    const rgb = await sharp({
      create: { width: 4, height: 3, channels: 3, background: { r: 10 * seed + k, g: 80, b: 120 } },
    })
      .jpeg()
      .toBuffer();
    const depth = png16(4, 3, 1000 * seed + k);
    const ids = png16(4, 3, k);
    put(root, `scripts/${sid}/sensors/rgb/${stem}.jpg`, rgb);
    put(root, `private/${sid}/depth/${stem}.png`, depth);
    put(root, `.stbench/scripts/${sid}/ids/${stem}.png`, ids);
    frames.push({
      sid,
      index: k,
      status: 'rendered',
      render_s: 0.1,
      wall_s: 0.2,
      samples: 1,
      device: 'CPU',
      blender: '3.4.1',
      attempts: 1,
      sha256: { rgb: sha256(rgb), depth: sha256(depth), ids: sha256(ids) },
    });
  }
  const outputs: Record<string, string> = {};
  for (const f of frames) {
    const stem = String(f.index).padStart(6, '0');
    outputs[`scripts/${sid}/sensors/rgb/${stem}.jpg`] = f.sha256.rgb;
    outputs[`private/${sid}/depth/${stem}.png`] = f.sha256.depth;
    outputs[`.stbench/scripts/${sid}/ids/${stem}.png`] = f.sha256.ids;
  }
  for (const rel of [
    `private/${sid}/visibility.jsonl`,
    `private/${sid}/perception_ids.jsonl`,
    `scripts/${sid}/perception/oracle.jsonl`,
  ])
    outputs[rel] = hashFile(join(root, rel));
  put(
    root,
    `private/${sid}/render_log.json`,
    JSON.stringify(
      {
        format: 'stbench.render_log/1',
        sid,
        blender: raycast ? null : '3.4.1',
        ...(raycast ? { engine: 'raycast' } : {}),
        frames,
        outputs,
      },
      null,
      2,
    ),
  );
  put(root, `.stbench/scripts/${sid}/render_job.json`, '{}');
  put(
    root,
    `private/index/${sid}.json`,
    JSON.stringify({ id: sid, kind: 'script', robot: `scripts/${sid}/robot.json` }),
  );
}

function gold(
  qid: string,
  cid: string,
  sid: string,
  job: 'vacuum/2' | 'helper/1',
  length: 'short' | 'medium',
  family: 'clear_path' | 'object_where',
) {
  const base = {
    qid,
    job,
    layout: 'apartment_a',
    sid,
    cid,
    length,
    evidence_frames: [0],
    age_s: 0,
    task_critical: false,
    clearance_m: job === 'vacuum/2' ? 0.1 : 0.15,
    reacquire_m: 1,
    match_m: 0.5,
    pixel_m: 0.01,
    knowable: true,
  };
  return family === 'clear_path'
    ? {
        ...base,
        family,
        kind: 'harm',
        ability: 'clearance',
        column: 'now',
        answer_type: 'number',
        value: 1.25,
        age_band: 'now',
        harmful_side: 'longer',
        catastrophe: 'minus2_corridor',
      }
    : {
        ...base,
        family,
        kind: 'reuse',
        ability: 'memory',
        column: 'memory',
        answer_type: 'place',
        value: { x: 2, y: 3 },
        age_band: 'task',
        harmful_side: 'none',
        catastrophe: null,
        length_m: 0.2,
        top_above_camera: false,
      };
}

function question(qid: string, family: string) {
  return {
    qid,
    text:
      family === 'clear_path'
        ? 'How far could your body move straight ahead before it touched anything?'
        : 'Where on the map did you last see the red mug?',
    answer_type: family === 'clear_path' ? 'number' : 'place',
  };
}

function caseFile(
  cid: string,
  sid: string,
  job: string,
  length: 'short' | 'medium',
  asks: { k: number; qids: string[] }[],
  end_qids: string[],
) {
  return {
    cid,
    sid,
    job,
    layout: 'apartment_a',
    length,
    script_tasks: [0],
    tasks: [{ index: 0, assignment: 'clean the living room', unobserved_s: 0, start_k: 0 }],
    frames: [0, 1].map((k) => ({
      step: step(k),
      script_k: k,
      rgb: `scripts/${sid}/sensors/rgb/${String(k).padStart(6, '0')}.jpg`,
      depth: `private/${sid}/depth/${String(k).padStart(6, '0')}.png`,
    })),
    asks,
    end_qids,
  };
}

function compiledCase(
  root: string,
  c: ReturnType<typeof caseFile>,
  rows: { qid: string; family: 'clear_path' | 'object_where' }[],
): void {
  put(root, `private/${c.cid}/case.json`, JSON.stringify(c, null, 2));
  put(root, `private/${c.cid}/questions.jsonl`, jsonl(rows.map((r) => question(r.qid, r.family))));
  put(
    root,
    `private/${c.cid}/gold.jsonl`,
    jsonl(rows.map((r) => gold(r.qid, c.cid, c.sid, c.job as 'vacuum/2' | 'helper/1', c.length, r.family))),
  );
  put(
    root,
    `private/index/${c.cid}.json`,
    JSON.stringify({ id: c.cid, kind: 'case', sid: c.sid, case: `private/${c.cid}/case.json` }),
  );
}

const gate = (reading: number, threshold: number, verdict: 'pass' | 'fail') => ({
  reading,
  threshold,
  verdict,
  decided_by: 'evidence: lower 95% bound',
});

export function checkReport(root: string, over: Partial<CheckReport> = {}): CheckReport {
  const families: CheckReport['families'] = [
    {
      layout: 'apartment_a',
      job: 'vacuum/2',
      family: 'clear_path',
      n: 3,
      status: 'kept',
      thin: true,
      kept_qids: [Q.cp1, Q.cp2],
      gates: { ceiling: gate(1, 0.99, 'pass'), shortcuts: gate(0.02, 0.1, 'pass') },
      systems: { perfect_memory: 1, all_unknown: 0 },
    },
    {
      layout: 'apartment_a',
      job: 'vacuum/2',
      family: 'object_where',
      n: 1,
      status: 'dropped',
      dropped_by: 'shortcuts',
      thin: true,
      kept_qids: [],
      gates: { ceiling: gate(1, 0.99, 'pass'), shortcuts: gate(0.4, 0.1, 'fail') },
      systems: { perfect_memory: 1, priors: 0.4 },
    },
    {
      layout: 'apartment_a',
      job: 'helper/1',
      family: 'object_where',
      n: 2,
      status: 'dropped',
      dropped_by: 'shortcuts',
      thin: true,
      kept_qids: [],
      gates: { shortcuts: gate(0.3, 0.1, 'fail') },
      systems: { priors: 0.3 },
    },
  ];
  return {
    format: CHECK_REPORT_FORMAT,
    tool_version: '0.1.0',
    compile_hash: compileHash(root),
    render_engines: ['blender'],
    truth_only: false,
    verdict_mode: 'evidence',
    min_questions: 20,
    broken: [],
    families,
    map_reader: {
      note: 'raycasts the public map for every clear_path and open_heading',
      rows: [{ layout: 'apartment_a', job: 'vacuum/2', family: 'clear_path', n: 3, score: 0.5, lead: 0.5 }],
    },
    summary: { kept_families: 1, dropped_families: 2 },
    ...over,
  };
}

/** Write the check report and record it as the check stage does (BUILD/.stbench/check.json: the report and check.md). */
export function writeCheckReport(root: string, report: CheckReport): void {
  put(root, 'check_report.json', JSON.stringify(report, null, 2));
  put(root, 'check.md', '# check\n');
  writeStageManifest(
    root,
    'check',
    { outputs: ['check_report.json', 'check.md'] },
    { verdict_mode: report.verdict_mode, min_questions: report.min_questions, compile_hash: report.compile_hash },
  );
}

/**
 * Record in the build what a real build's stages record of its files (every file export ships as it is has a record):
 * each render log's inputs; the script stage's outputs (BUILD/.stbench/script-<job>.json); the render's render logs
 * (BUILD/.stbench/render.json); the compile's inputs and outputs (BUILD/.stbench/compile.json). The check's record is
 * writeCheckReport's.
 */
function recordStages(root: string): void {
  const scripts: [string, string][] = [
    ['script-vacuum', SID_V],
    ['script-helper', SID_H],
  ];
  for (const [, sid] of scripts) {
    const log = join(root, 'private', sid, 'render_log.json');
    const v = JSON.parse(readFileSync(log, 'utf8'));
    v.inputs = Object.fromEntries(
      [`private/${sid}/timeline.json`, `scripts/${sid}/sensors/camera.json`].map((r) => [r, hashFile(join(root, r))]),
    );
    put(root, `private/${sid}/render_log.json`, JSON.stringify(v, null, 2));
  }
  for (const [stage, sid] of scripts)
    writeStageManifest(root, stage, {
      outputs: [
        `scripts/${sid}/robot.json`,
        `scripts/${sid}/sensors/camera.json`,
        `scripts/${sid}/sensors/pose.jsonl`,
        `private/${sid}/timeline.json`,
      ],
    });
  writeStageManifest(
    root,
    'render',
    {
      inputs: scripts.flatMap(([, sid]) => [`private/${sid}/timeline.json`, `scripts/${sid}/sensors/camera.json`]),
      outputs: scripts.map(([, sid]) => `private/${sid}/render_log.json`),
    },
    {},
    { render: '0.1.0' },
  );
  writeStageManifest(
    root,
    'compile',
    {
      inputs: scripts.flatMap(([, sid]) => [
        `private/${sid}/timeline.json`,
        `private/${sid}/visibility.jsonl`,
        `scripts/${sid}/sensors/pose.jsonl`,
        `private/${sid}/render_log.json`,
      ]),
      outputs: [
        ...[CID_V, CID_H].flatMap((cid) => [
          `private/${cid}/case.json`,
          `private/${cid}/questions.jsonl`,
          `private/${cid}/gold.jsonl`,
          `private/index/${cid}.json`,
        ]),
        ...scripts.map(([, sid]) => `private/index/${sid}.json`),
        'compile_report.json',
      ],
    },
    { seed: 'seed-42' },
  );
}

/**
 * Build the synthetic checked build in a fresh temp folder; returns its path. `raycast`: its render logs say its
 * frames were ray-cast (a truth-only build), as the render stage wrote and recorded them.
 */
export async function makeBuild(opts: { raycast?: boolean } = {}): Promise<string> {
  const root = fixtureFolder('stbench-export-build-');
  await script(root, SID_V, 'vacuum/2', 1, opts.raycast);
  await script(root, SID_H, 'helper/1', 2, opts.raycast);
  compiledCase(
    root,
    caseFile(
      CID_V,
      SID_V,
      'vacuum/2',
      'short',
      [
        { k: 0, qids: [Q.cp1, Q.cp3] },
        { k: 1, qids: [Q.cp2] },
      ],
      [Q.ow1],
    ),
    [
      { qid: Q.cp1, family: 'clear_path' },
      { qid: Q.cp3, family: 'clear_path' },
      { qid: Q.cp2, family: 'clear_path' },
      { qid: Q.ow1, family: 'object_where' },
    ],
  );
  compiledCase(root, caseFile(CID_H, SID_H, 'helper/1', 'medium', [], [Q.ow2, Q.ow3]), [
    { qid: Q.ow2, family: 'object_where' },
    { qid: Q.ow3, family: 'object_where' },
  ]);
  const hash = compileHash(root);
  put(
    root,
    'compile_report.json',
    JSON.stringify({ compile_hash: hash, compile_seed: 'seed-42', compile_version: '0.1.0' }),
  );
  recordStages(root);
  writeCheckReport(root, checkReport(root));
  // the answers the check saved for the reference systems on the detections channel: unknown for the floor, and the
  // perfect reader's (the gold's values) for the ceiling; export takes them instead of running the reader on frames
  // this synthetic build's truth records cannot feed
  const value = (family: string) =>
    family === 'clear_path' ? { type: 'number', value: 1.25 } : { type: 'place', x: 2, y: 3 };
  const asked: [string, [string, string][]][] = [
    [
      CID_V,
      [
        [Q.cp1, 'clear_path'],
        [Q.cp3, 'clear_path'],
        [Q.cp2, 'clear_path'],
        [Q.ow1, 'object_where'],
      ],
    ],
    [
      CID_H,
      [
        [Q.ow2, 'object_where'],
        [Q.ow3, 'object_where'],
      ],
    ],
  ];
  for (const [system, answer] of [
    ['all_unknown', () => ({ type: 'unknown' })],
    ['perfect_reader', value],
  ] as const)
    for (const [cid, qs] of asked)
      put(
        root,
        `.stbench/check/${hash.slice(0, 16)}/${system}/answers/${cid}.json`,
        JSON.stringify({
          format: 'stbench-case-answers/1',
          system,
          channel: 'detections',
          cid,
          status: 'ok',
          answers: Object.fromEntries(qs.map(([q, f]) => [q, answer(f)])),
          timings: { wall_ms: 1, frames: 2, asks: 1, answer_ms: [1] },
        }),
      );
  return root;
}
