/**
 * Synthetic builds for the harness's tests: scripts/<sid>/robot.json, sensors/rgb/*.jpg, perception/oracle.jsonl,
 * private/<sid>/depth/*.png, and per case private/<cid>/{case.json, questions.jsonl, gold.jsonl}. Six frames, two
 * tasks, look points after frames 1 and 4, two end questions.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { CaseFile } from '../../formats/case-schema.ts';
import { formatClock } from '../../formats/step.ts';
import { gold } from './score-fixture.ts';
import { fixtureFolder } from './fixture-folders.ts';

export const ROBOT = {
  job: 'helper/1',
  robot_class: 'Stretch-class home helper',
  body: { footprint: { shape: 'rect', length_m: 0.34, width_m: 0.33 }, height_m: 1.41 },
  camera: { width: 640, height: 480, hfov_deg: 80, mount: { height_m: 1.3, forward_m: 0, left_m: 0, pitch_deg: -45 } },
  depth: { kind: 'planar', unit: 'mm', format: 'png16', near_m: 0.05, far_m: 65.535, no_return: 65535 },
  clearance: { value: 0.15, source: 'test' },
  reacquire: { value: 1, source: 'test' },
  match_m: { value: 0.5, source: 'test' },
};

export const FRAMES = 6;
export const SCRIPT_K0 = 10;
export const SECRET_ID = 'entity_mug_7';

const hex = (c: string) => c.repeat(16);

export function tempRoot(): string {
  return fixtureFolder('stbench-harness-');
}

let jpeg: Buffer | null = null;
let png: Buffer | null = null;

/** Write a script's public and private frame files (idempotent). */
async function writeScript(root: string, sid: string): Promise<void> {
  jpeg ??= await sharp({ create: { width: 8, height: 6, channels: 3, background: { r: 90, g: 120, b: 30 } } })
    .jpeg()
    .toBuffer();
  png ??= await sharp({ create: { width: 8, height: 6, channels: 3, background: { r: 9, g: 9, b: 9 } } })
    .png()
    .toBuffer();
  const s = join(root, 'scripts', sid);
  mkdirSync(join(s, 'sensors', 'rgb'), { recursive: true });
  mkdirSync(join(s, 'perception'), { recursive: true });
  mkdirSync(join(root, 'private', sid, 'depth'), { recursive: true });
  writeFileSync(join(s, 'robot.json'), JSON.stringify(ROBOT, null, 2));
  const oracle: string[] = [];
  for (let i = 0; i < FRAMES + SCRIPT_K0 + 2; i++) {
    const name = String(i).padStart(6, '0');
    writeFileSync(join(s, 'sensors', 'rgb', `${name}.jpg`), jpeg);
    writeFileSync(join(root, 'private', sid, 'depth', `${name}.png`), png);
    oracle.push(
      JSON.stringify({
        k: i,
        detections: [
          {
            kind: 'mug',
            colour: 'red',
            center: [i, 2, 0.5],
            box: { min: [i - 0.05, 1.95, 0.45], max: [i + 0.05, 2.05, 0.55] },
            bbox: [10, 20, 30, 40],
            pixels: 1500,
          },
        ],
      }),
    );
  }
  writeFileSync(join(s, 'perception', 'oracle.jsonl'), oracle.join('\n') + '\n');
  // a private truth file the rgb_pose channel must never mention
  writeFileSync(join(root, 'private', sid, 'timeline.json'), JSON.stringify({ things: [{ id: SECRET_ID }] }));
}

export interface SynthCase {
  root: string;
  dir: string;
  cid: string;
  sid: string;
  qids: { q1: string; q2: string; q3: string; q4: string; q5: string };
}

/** One case in a build; `n` varies the ids (0..9). */
export async function makeCase(root: string, n = 0): Promise<SynthCase> {
  const sid = hex(String.fromCharCode('a'.charCodeAt(0) + (n % 3)));
  const cid = `${n}`
    .repeat(16)
    .slice(0, 16)
    .replace(/[^0-9a-f]/g, 'c');
  await writeScript(root, sid);
  const q = (i: number) => `${n}${i}`.padEnd(16, 'd');
  const qids = { q1: q(1), q2: q(2), q3: q(3), q4: q(4), q5: q(5) };
  const t0 = Date.parse('2026-12-22T07:00:00Z') / 1000;
  const frames: CaseFile['frames'] = Array.from({ length: FRAMES }, (_, k) => {
    const sk = SCRIPT_K0 + k;
    const task = k < 3 ? 0 : 1;
    return {
      step: {
        k,
        clock: formatClock(t0 + k * 2.5 + (task ? 3725 : 0)),
        pose: { pos: [0.5 * k + 0.1, 3 - 0.3 * k, 0], heading_deg: -180 + 10 * k },
        velocity: [0.2, -0.1],
        camera: { pitch_deg: -45 },
        status: { phase: 'navigating', task, battery_pct: 90 - k - n },
        subgoal: task
          ? 'going to the shoe rack to put down the grey remote'
          : 'going to the tv console to pick up the grey remote',
      },
      script_k: sk,
      rgb: `scripts/${sid}/sensors/rgb/${String(sk).padStart(6, '0')}.jpg`,
      depth: `private/${sid}/depth/${String(sk).padStart(6, '0')}.png`,
    };
  });
  const c: CaseFile = {
    cid,
    sid,
    job: 'helper/1',
    layout: 'apartment_a',
    split: 'dev',
    length: 'short',
    script_tasks: [2, 3],
    tasks: [
      {
        index: 0,
        assignment: 'bring the grey remote from the tv console to the shoe rack',
        unobserved_s: 0,
        start_k: 0,
      },
      { index: 1, assignment: 'put the grey remote back on the tv console', unobserved_s: 3725, start_k: 3 },
    ],
    frames,
    asks: [
      { k: 1, qids: [qids.q1, qids.q2] },
      { k: 4, qids: [qids.q3] },
    ],
    end_qids: [qids.q4, qids.q5],
  };
  const dir = join(root, 'private', cid);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'case.json'), JSON.stringify(c, null, 2));
  const rows = [
    {
      qid: qids.q1,
      text: 'If you drove straight ahead now, how far could your body go before it touched anything?',
      answer_type: 'number',
    },
    { qid: qids.q2, text: 'Where is the red mug?', answer_type: 'place' },
    { qid: qids.q3, text: 'Where is the point of the red mug nearest to your camera?', answer_type: 'offset' },
    { qid: qids.q4, text: 'Where did you last see the green box?', answer_type: 'place' },
    { qid: qids.q5, text: 'What was on the floor near your route?', answer_type: 'list' },
  ];
  writeFileSync(join(dir, 'questions.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const common = { sid, cid };
  const golds = [
    gold('clear_path', { ...common, qid: qids.q1, value: 1.0, pixel_m: 0.02 }),
    gold('object_where', {
      ...common,
      qid: qids.q2,
      value: { x: 0.62, y: 2.69 },
      column: 'memory',
      ability: 'memory',
      kind: 'situation',
    }),
    gold('ego_now', { ...common, qid: qids.q3, value: { ahead: 0.8, left: 0.1 }, kind: 'situation' }),
    gold('object_where', {
      ...common,
      qid: qids.q4,
      knowable: false,
      value: null,
      column: 'memory',
      ability: 'memory',
      kind: 'reuse',
    }),
    gold('task_things', {
      ...common,
      qid: qids.q5,
      value: [{ x: 1, y: 2, pixel_m: 0.01, hazard: false }],
      kind: 'reuse',
      column: 'memory',
      ability: 'relevance',
    }),
  ];
  writeFileSync(join(dir, 'gold.jsonl'), golds.map((g) => JSON.stringify(g)).join('\n') + '\n');
  return { root, dir, cid, sid, qids };
}
