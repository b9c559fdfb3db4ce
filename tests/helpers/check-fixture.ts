/**
 * Synthetic compiled builds for the check's tests: the real apartment_a place in a timeline per script (its things
 * placed at seeded spots), six frames a script, visibility records and oracle lines that show one thing a frame, and
 * one case a script with ego_now, ego_mem and object_where questions (one a trick naming a thing that is not there),
 * whose gold the fixture computes from the same truth.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CaseFile } from '../../formats/case-schema.ts';
import { thingName } from '../../compile/ask/names.ts';
import { questionText } from './question-text.ts';
import { formatClock } from '../../formats/step.ts';
import { getPlace } from '../../layouts/load.ts';
import { emptyTimeline } from '../../layouts/timeline.ts';
import { sha256, stream } from '../../foundation/index.ts';
import { GoldRow, type GoldRowInput } from '../../checks/score/index.ts';
import { fixtureFolder } from './fixture-folders.ts';
import { writeStageManifest } from './stage-records.ts';

export const ROBOT = {
  format: 'stbench.robot/1',
  job: 'helper/1',
  layout: 'apartment_a',
  robot_class: 'Stretch-class home helper',
  body: { footprint: { shape: 'rect', length_m: 0.34, width_m: 0.33 }, height_m: 1.41, base_z_m: 0 },
  camera: { width: 640, height: 480, hfov_deg: 80, mount: { height_m: 1.3, forward_m: 0, left_m: 0, pitch_deg: -45 } },
  clearance_m: 0.15,
  reacquire_m: 1,
  match_m: 0.5,
};

/** The things the cases ask about: single-solid things of apartment_a. */
export const THINGS = ['grey_remote', 'green_plate', 'blue_bowl', 'black_remote', 'brown_bag', 'brown_box'];
const FRAMES = 6;
/** discrete spots things are placed at (the leak build names them in the text) */
const SPOTS: [number, number][] = [
  [1.2, 1.4],
  [2.6, 3.1],
  [4.1, 1.8],
  [3.3, 4.2],
];

export interface CheckBuildOptions {
  scripts?: number;
  /** append the thing's spot to object_where texts (a wording that leaks the answer) */
  leak?: boolean;
  seed?: string;
}

export interface CheckBuild {
  root: string;
  cids: string[];
  sids: string[];
}

const hex = (rng: ReturnType<typeof stream>) =>
  Array.from({ length: 16 }, () => '0123456789abcdef'[rng.int(0, 15)]).join('');
const jsonl = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

function put(root: string, rel: string, data: string | Buffer): void {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), data);
}

function offset(cam: { position: number[]; yaw_deg: number }, p: number[]) {
  const dx = p[0] - cam.position[0],
    dy = p[1] - cam.position[1];
  const t = (cam.yaw_deg * Math.PI) / 180;
  return { ahead: dx * Math.cos(t) + dy * Math.sin(t), left: -dx * Math.sin(t) + dy * Math.cos(t) };
}

/** Write a synthetic compiled build; returns its root and ids. */
export function makeCheckBuild(opts: CheckBuildOptions = {}): CheckBuild {
  const root = fixtureFolder('stbench-check-');
  const place = getPlace('apartment_a');
  const rng = stream(opts.seed ?? 'check-fixture', 'fixture', 'ids');
  const nScripts = opts.scripts ?? 6;
  const cids: string[] = [];
  const sids: string[] = [];
  for (let s = 0; s < nScripts; s++) {
    const sid = hex(rng),
      cid = hex(rng);
    sids.push(sid);
    cids.push(cid);
    const r = stream(opts.seed ?? 'check-fixture', 'fixture', sid);
    const tl = emptyTimeline(place, 3600);
    const spotOf = new Map<string, number>();
    for (const id of THINGS) {
      const spot = r.int(0, SPOTS.length - 1);
      spotOf.set(id, spot);
      const [x, y] = opts.leak ? SPOTS[spot] : [1 + 4 * r.next(), 1 + 3 * r.next()];
      tl.things[id] = [{ ...tl.things[id][0], x, y, z: 0, yaw: Math.round(r.next() * 90), rests_on: 'floor' }];
    }
    put(root, `private/${sid}/timeline.json`, JSON.stringify(tl));
    put(root, `scripts/${sid}/robot.json`, JSON.stringify({ ...ROBOT, sid }, null, 2));
    // the things this case sees: one each in frames 0, 1, 2 and 4
    const order = [...THINGS].sort(() => r.next() - 0.5);
    const seenAt: Record<number, string> = { 0: order[0], 1: order[1], 2: order[2], 4: order[3] };
    const vis: unknown[] = [];
    const oracle: unknown[] = [];
    const steps: CaseFile['frames'] = [];
    const cams: { position: number[]; yaw_deg: number }[] = [];
    const contacts = new Map<string, { point: number[]; k: number }>();
    for (let k = 0; k < FRAMES; k++) {
      const base = [0.8 + 0.5 * k, 2 + 0.2 * k * (r.next() - 0.5)];
      const heading = Math.min(179, Math.round(-180 + 360 * r.next()));
      const cam = { position: [base[0], base[1], 1.3], yaw_deg: heading };
      cams.push(cam);
      const entities: unknown[] = [];
      const dets: unknown[] = [];
      const id = seenAt[k];
      if (id) {
        const th = place.things.find((t) => t.id === id)!;
        const ev = tl.things[id][0];
        const point = [ev.x + 0.05, ev.y - 0.04, 0];
        contacts.set(id, { point, k });
        const box = { min: [ev.x - 0.1, ev.y - 0.1, 0], max: [ev.x + 0.1, ev.y + 0.1, 0.1] };
        entities.push({
          truth_id: 10 + THINGS.indexOf(id),
          entity: id,
          role: 'thing',
          kind: th.kind,
          pixels: 2500,
          bbox: [100, 100, 160, 150],
          edge_margin_px: 100,
          brightness: 120,
          colour: th.colour,
          colour_share: 0.9,
          centroid: [ev.x, ev.y, 0.05],
          extent: box,
          contact: { point, pixel: [130, 150], range_m: 1 },
        });
        dets.push({
          kind: th.kind,
          colour: th.colour,
          center: [ev.x, ev.y, 0.05],
          box,
          bbox: [100, 100, 160, 150],
          pixels: 2500,
        });
      }
      vis.push({
        k,
        t: 10 * k,
        camera: { position: cam.position, yaw_deg: heading, pitch_deg: -45 },
        entities,
        seen: { grid: { x0: 0, y0: 0, cell: 0.1, nx: 60, ny: 60 }, floor: [], obstacle: [] },
      });
      oracle.push({ k, detections: dets });
      const stem = String(k).padStart(6, '0');
      put(root, `scripts/${sid}/sensors/rgb/${stem}.jpg`, Buffer.from('jpeg'));
      put(root, `private/${sid}/depth/${stem}.png`, Buffer.from('png'));
      steps.push({
        step: {
          k,
          clock: formatClock(1_800_000_000 + 10 * k),
          pose: { pos: [base[0], base[1], 0], heading_deg: heading },
          velocity: k === 2 ? [0, 0] : [0.2, 0],
          camera: { pitch_deg: -45 },
          status: { phase: 'navigating', task: 0, battery_pct: 90 },
          subgoal: 'tidying up',
        },
        script_k: k,
        rgb: `scripts/${sid}/sensors/rgb/${stem}.jpg`,
        depth: `private/${sid}/depth/${stem}.png`,
      });
    }
    put(root, `private/${sid}/visibility.jsonl`, jsonl(vis));
    put(root, `scripts/${sid}/perception/oracle.jsonl`, jsonl(oracle));
    // the render log vouches for the frames and the oracle, as the render stage's does
    const outputs: Record<string, string> = {};
    for (let k = 0; k < FRAMES; k++) {
      const stem = String(k).padStart(6, '0');
      for (const rel of [`scripts/${sid}/sensors/rgb/${stem}.jpg`, `private/${sid}/depth/${stem}.png`])
        outputs[rel] = sha256(readFileSync(join(root, rel)));
    }
    for (const rel of [`private/${sid}/visibility.jsonl`, `scripts/${sid}/perception/oracle.jsonl`])
      outputs[rel] = sha256(readFileSync(join(root, rel)));
    const frames = Array.from({ length: FRAMES }, (_, k) => {
      const stem = String(k).padStart(6, '0');
      return {
        index: k,
        sha256: {
          rgb: outputs[`scripts/${sid}/sensors/rgb/${stem}.jpg`],
          depth: outputs[`private/${sid}/depth/${stem}.png`],
        },
      };
    });
    put(
      root,
      `private/${sid}/render_log.json`,
      JSON.stringify({ format: 'stbench.render_log/1', sid, frames, outputs }, null, 2),
    );

    const questions: { qid: string; text: string; answer_type: string }[] = [];
    const golds: GoldRow[] = [];
    const common = {
      job: 'helper/1',
      layout: 'apartment_a',
      sid,
      cid,
      length: 'short',
      age_s: 0,
      age_band: 'task',
      task_critical: false,
      clearance_m: 0.15,
      reacquire_m: 1,
      match_m: 0.5,
      pixel_m: 0.01,
      harmful_side: 'farther',
      catastrophe: null,
    } as const;
    const add = (
      text: string,
      g: Partial<GoldRowInput> &
        Pick<
          GoldRowInput,
          'family' | 'kind' | 'ability' | 'column' | 'answer_type' | 'knowable' | 'value' | 'evidence_frames'
        >,
    ) => {
      const qid = hex(rng);
      questions.push({ qid, text, answer_type: g.answer_type });
      golds.push(GoldRow.parse({ ...common, qid, ...g }));
      return qid;
    };
    const name = (id: string) => {
      const th = place.things.find((t) => t.id === id)!;
      return thingName(th.colour, th.kind);
    };
    // k3: ego_mem of the thing seen at frame 1
    const m = contacts.get(order[1])!;
    const q3 = add(questionText('ego_mem', { thing: name(order[1]) }), {
      family: 'ego_mem',
      kind: 'situation',
      ability: 'memory',
      column: 'memory',
      answer_type: 'offset',
      knowable: true,
      value: offset(cams[3], m.point),
      evidence_frames: [1, 3],
    });
    // k4: ego_now of the thing in view
    const n4 = contacts.get(order[3])!;
    const q4 = add(questionText('ego_now', { thing: name(order[3]) }), {
      family: 'ego_now',
      kind: 'situation',
      ability: 'distance',
      column: 'now',
      answer_type: 'offset',
      knowable: true,
      value: offset(cams[4], n4.point),
      evidence_frames: [4],
      age_band: 'now',
    });
    // end: object_where of three things seen, and a trick
    const end: string[] = [];
    for (const id of [order[0], order[2], order[3]]) {
      const ev = tl.things[id][0];
      const leak = opts.leak
        ? ` It lies at spot-${spotOf.get(id)}-a spot-${spotOf.get(id)}-b spot-${spotOf.get(id)}-c.`
        : '';
      end.push(
        add(questionText('object_where', { thing: name(id) }) + leak, {
          family: 'object_where',
          harmful_side: 'none',
          kind: 'reuse',
          ability: 'memory',
          column: 'memory',
          answer_type: 'place',
          knowable: true,
          value: { x: ev.x, y: ev.y },
          evidence_frames: [contacts.get(id)!.k],
          length_m: 0.3,
          top_above_camera: false,
        }),
      );
    }
    end.push(
      add(questionText('object_where', { thing: thingName('purple', 'unicorn') }), {
        family: 'object_where',
        harmful_side: 'none',
        kind: 'reuse',
        ability: 'memory',
        column: 'memory',
        answer_type: 'place',
        knowable: false,
        value: null,
        evidence_frames: [],
        length_m: 0,
        top_above_camera: false,
      }),
    );
    const c: CaseFile = {
      cid,
      sid,
      job: 'helper/1',
      layout: 'apartment_a',
      split: 'dev',
      length: 'short',
      script_tasks: [0],
      tasks: [{ index: 0, assignment: 'tidy up the living room', unobserved_s: 0, start_k: 0 }],
      frames: steps,
      asks: [
        { k: 3, qids: [q3] },
        { k: 4, qids: [q4] },
      ],
      end_qids: end,
    };
    put(root, `private/${cid}/case.json`, JSON.stringify(c, null, 2));
    put(root, `private/${cid}/questions.jsonl`, jsonl(questions));
    put(root, `private/${cid}/gold.jsonl`, jsonl(golds));
  }
  recordStages(root, sids, cids);
  return { root, cids, sids };
}

/**
 * What a real build's stages record of the fixture's files (the render logs record the frames, the visibility and the
 * oracle): the script stage its robot.json and timeline, the render its render logs, the compile what it read and the
 * case files it wrote. The check records its own report when it runs (checks/check.ts).
 */
function recordStages(root: string, sids: readonly string[], cids: readonly string[]): void {
  writeStageManifest(root, 'script-helper', {
    outputs: sids.flatMap((sid) => [`scripts/${sid}/robot.json`, `private/${sid}/timeline.json`]),
  });
  writeStageManifest(
    root,
    'render',
    {
      inputs: sids.map((sid) => `private/${sid}/timeline.json`),
      outputs: sids.map((sid) => `private/${sid}/render_log.json`),
    },
    {},
    { render: '0.1.0' },
  );
  writeStageManifest(root, 'compile', {
    inputs: sids.flatMap((sid) => [
      `private/${sid}/timeline.json`,
      `private/${sid}/visibility.jsonl`,
      `private/${sid}/render_log.json`,
    ]),
    outputs: cids.flatMap((cid) => [
      `private/${cid}/case.json`,
      `private/${cid}/questions.jsonl`,
      `private/${cid}/gold.jsonl`,
    ]),
  });
}
