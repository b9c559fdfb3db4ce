/**
 * A small synthetic build for the view's tests: one helper/1 script in apartment_a (a timeline where one resident
 * walks, ten little JPEG frames, pose steps), one case with asks after frames 2, 5 and 7 and one end question, gold
 * rows of four families (ego_now, clear_path, way_to with a heading table, object_where), a compile report with a
 * funnel, and a run folder (results.json and answers/) for the run variant.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { CaseFile } from '../../formats/case-schema.ts';
import { buildResults, type GoldRow } from '../../checks/score/index.ts';
import { CASE_ANSWERS_FORMAT } from '../../checks/harness/index.ts';
import { formatClock, type Step } from '../../formats/step.ts';
import { getPlace } from '../../layouts/load.ts';
import { emptyTimeline } from '../../layouts/timeline.ts';
import { gold, table } from './score-fixture.ts';
import { fixtureFolder } from './fixture-folders.ts';

export const SID = 'a1b2c3d4e5f60718';
export const CID = '0f1e2d3c4b5a6978';
export const Q = {
  clear: '1111111111111111',
  ego: '2222222222222222',
  way: '3333333333333333',
  bag: '4444444444444444',
  unknown: '5555555555555555',
};
export const FRAMES = 10;
export const SCRIPT_K0 = 20;

export const ROBOT = {
  format: 'stbench.robot/1',
  job: 'helper/1',
  layout: 'apartment_a',
  body: { footprint: { shape: 'rect', length_m: 0.34, width_m: 0.33 }, height_m: 1.41, base_z_m: 0 },
  camera: { width: 640, height: 480, hfov_deg: 80, mount: { height_m: 1.3, forward_m: 0, left_m: 0, pitch_deg: -45 } },
  clearance_m: 0.15,
  reacquire_m: 1,
  match_m: 0.5,
};

/** A frame picture: a floor, a wall and the frame number, so that a screenshot shows which frame is up. */
async function framePicture(k: number): Promise<Buffer> {
  const hue = (20 + k * 9) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240">
<rect width="320" height="240" fill="hsl(${hue},25%,82%)"/><rect y="70" width="320" height="170" fill="hsl(30,30%,${58 + k}%)"/>
<rect x="${40 + k * 12}" y="150" width="40" height="30" fill="#8b5a2b"/><circle cx="${250 - k * 8}" cy="170" r="12" fill="#e6c619"/>
<text x="12" y="40" font-family="DejaVu Sans" font-size="28" fill="#223">frame ${k}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

function stepAt(k: number, t0: number, scriptK: number): Step {
  const kk = scriptK - SCRIPT_K0;
  const inCase = kk >= 0 && kk < FRAMES;
  const x = inCase ? 6.6 - 0.3 * kk : 6.6;
  const heading = inCase && kk >= 8 ? 180 - 10 * (kk - 7) : -180;
  return {
    k,
    clock: formatClock(t0 + scriptK),
    pose: { pos: [x, 1.6, 0], heading_deg: heading === 180 ? -180 : heading },
    velocity: [inCase ? -0.3 : 0, 0],
    camera: { pitch_deg: -45 },
    status: { phase: 'navigating', task: 0, battery_pct: 88 },
    subgoal: 'going to the coffee table to pick up the green plate',
  };
}

export interface ViewFixture {
  root: string;
  runDir: string;
  golds: GoldRow[];
}

/** Write the synthetic build (and a run of it) under a fresh temp folder. */
export async function makeViewBuild(): Promise<ViewFixture> {
  const root = fixtureFolder('stbench-view-');
  const place = getPlace('apartment_a');
  const tl = emptyTimeline(place, 600);
  tl.people.resident_2 = [{ t0: 0, t1: 40, from: [1.0, 3.3], to: [4.0, 3.4] }];
  const t0 = Date.parse('2026-12-22T07:00:00Z') / 1000;

  const s = join(root, 'scripts', SID);
  mkdirSync(join(s, 'sensors', 'rgb'), { recursive: true });
  mkdirSync(join(root, 'private', SID, 'depth'), { recursive: true });
  writeFileSync(join(s, 'robot.json'), JSON.stringify({ ...ROBOT, sid: SID }, null, 2));
  writeFileSync(join(root, 'private', SID, 'timeline.json'), JSON.stringify(tl));
  const pose: string[] = [];
  for (let k = 0; k < SCRIPT_K0 + FRAMES; k++) pose.push(JSON.stringify(stepAt(k, t0, k)));
  writeFileSync(join(s, 'sensors', 'pose.jsonl'), pose.join('\n') + '\n');
  for (let k = 0; k < SCRIPT_K0 + FRAMES; k++) {
    const name = String(k).padStart(6, '0');
    writeFileSync(join(s, 'sensors', 'rgb', `${name}.jpg`), await framePicture(k));
    writeFileSync(join(root, 'private', SID, 'depth', `${name}.png`), '');
  }

  const frames: CaseFile['frames'] = Array.from({ length: FRAMES }, (_, k) => {
    const sk = SCRIPT_K0 + k;
    const name = String(sk).padStart(6, '0');
    return {
      step: stepAt(k, t0 + 3600, sk),
      script_k: sk,
      rgb: `scripts/${SID}/sensors/rgb/${name}.jpg`,
      depth: `private/${SID}/depth/${name}.png`,
    };
  });
  const c: CaseFile = {
    cid: CID,
    sid: SID,
    job: 'helper/1',
    layout: 'apartment_a',
    split: 'dev',
    length: 'short',
    script_tasks: [0],
    tasks: [
      {
        index: 0,
        assignment: 'bring the green plate from the coffee table to the kitchen counter',
        unobserved_s: 0,
        start_k: 0,
      },
    ],
    frames,
    asks: [
      { k: 2, qids: [Q.clear, Q.ego] },
      { k: 5, qids: [Q.unknown] },
      { k: 7, qids: [Q.way] },
    ],
    end_qids: [Q.bag],
  };
  const dir = join(root, 'private', CID);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'case.json'), JSON.stringify(c, null, 2));
  const questions = [
    {
      qid: Q.clear,
      text: 'If you drove straight ahead now, how far could your body go before it touched anything?',
      answer_type: 'number',
    },
    {
      qid: Q.ego,
      text: 'Where is the point of the yellow ball nearest to your camera, relative to your camera now?',
      answer_type: 'offset',
    },
    { qid: Q.unknown, text: 'Where is the green box?', answer_type: 'place' },
    { qid: Q.way, text: 'Which way would you turn to head for the green plate?', answer_type: 'heading' },
    { qid: Q.bag, text: 'Where did you last see the brown bag?', answer_type: 'place' },
  ];
  writeFileSync(join(dir, 'questions.jsonl'), questions.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const common = { sid: SID, cid: CID };
  const wayTable = {
    ...table((h) => ({
      progress_m: Math.cos(((h - 20) * Math.PI) / 180),
      room_ok: Math.abs(h) < 150,
      seen_ok: h > -100,
    })),
    best_progress_m: 1,
    cell_m: 0.05,
  };
  const golds = [
    gold('clear_path', { ...common, qid: Q.clear, value: 1.2, pixel_m: 0.02, evidence_frames: [2] }),
    // camera at k2: (6.0, 1.6), facing -x; the yellow ball at (4.9, 2.2) is 1.1 m ahead and 0.6 m to the right
    gold('ego_now', {
      ...common,
      qid: Q.ego,
      value: { ahead: 1.1, left: -0.6 },
      kind: 'situation',
      ability: 'distance',
      evidence_frames: [2],
    }),
    gold('object_where', {
      ...common,
      qid: Q.unknown,
      knowable: false,
      value: null,
      column: 'memory',
      ability: 'memory',
      kind: 'reuse',
      evidence_frames: [],
    }),
    gold('way_to', {
      ...common,
      qid: Q.way,
      value: 20,
      kind: 'help',
      ability: 'relevance',
      evidence_frames: [6, 7],
      heading_table: wayTable,
    }),
    gold('object_where', {
      ...common,
      qid: Q.bag,
      value: { x: 5.2, y: 1.0 },
      column: 'memory',
      ability: 'memory',
      kind: 'reuse',
      age_s: 6,
      age_band: 'recent',
      evidence_frames: [1, 3],
    }),
  ];
  writeFileSync(join(dir, 'gold.jsonl'), golds.map((g) => JSON.stringify(g)).join('\n') + '\n');

  writeFileSync(
    join(root, 'compile_report.json'),
    JSON.stringify({
      funnel: {
        counts: [
          { job: 'helper/1', family: 'object_where', candidates: 5, drops: { size: 2, lookalike: 1 }, kept: 2 },
          { job: 'helper/1', family: 'ego_now', candidates: 2, drops: { size: 1, lookalike: 0 }, kept: 1 },
        ],
        dropped: [
          {
            job: 'helper/1',
            family: 'object_where',
            sid: SID,
            k: 21,
            thing: 'blue_bowl',
            screen: 'size',
            reason: '410 pixels < 1024',
          },
          {
            job: 'helper/1',
            family: 'object_where',
            sid: SID,
            k: 24,
            thing: 'brown_box',
            screen: 'lookalike',
            reason: 'brown bag in view',
          },
        ],
      },
    }),
  );

  const runDir = join(root, 'run');
  mkdirSync(join(runDir, 'answers'), { recursive: true });
  const answers = new Map<string, unknown>([
    [Q.clear, { type: 'number', value: 2.5 }],
    [Q.ego, { type: 'offset', ahead: 1.0, left: -0.5 }],
    [Q.unknown, { type: 'unknown' }],
    [Q.way, { type: 'heading', deg: 35 }],
    [Q.bag, { type: 'place', x: 5.3, y: 1.1 }],
  ]);
  const results = buildResults({ golds, answers, system: 'fixture_system', compile_hash: 'f'.repeat(64), B: 20 });
  writeFileSync(join(runDir, 'results.json'), JSON.stringify(results, null, 2));
  writeFileSync(
    join(runDir, 'answers', `${CID}.json`),
    JSON.stringify({
      format: CASE_ANSWERS_FORMAT,
      system: 'fixture_system',
      channel: 'rgb_pose',
      cid: CID,
      status: 'ok',
      answers: Object.fromEntries(answers),
      timings: { wall_ms: 1, frames: FRAMES, asks: 4, answer_ms: [] },
    }),
  );
  return { root, runDir, golds };
}
