/** The stream protocol on a synthetic case: message order, pull pacing, what each channel carries, rgbd_pose refused. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatHeader } from '../../../../formats/step.ts';
import {
  loadCase,
  Message,
  parseChannel,
  runCase,
  systemPrompt,
  type AskMsg,
  type InProcessSystem,
  type SystemSession,
  type Message as Msg,
} from '../../../../checks/harness/index.ts';
import { UsageError } from '../../../../foundation/index.ts';
import { makeCase, ROBOT, SECRET_ID, tempRoot, type SynthCase } from '../../../helpers/harness-fixture.ts';

/** A system that records every message it receives and answers unknown. */
function recorder(log: Msg[]): InProcessSystem {
  return {
    kind: 'in_process',
    name: 'recorder',
    open: () => ({
      start: async (m) => void log.push(m),
      task: async (m) => void log.push(m),
      observe: async (m) => void log.push(m),
      ask: async (m: AskMsg) => {
        log.push(m);
        return { answers: m.questions.map((q) => ({ qid: q.qid, answer: { type: 'unknown' } })) };
      },
      finish: async (m) => void log.push(m),
    }),
  };
}

const label = (m: Msg) =>
  m.type === 'observe'
    ? `observe ${m.step.k}`
    : m.type === 'task'
      ? `task ${m.index}`
      : m.type === 'ask'
        ? `ask${m.end ? ' end' : ''} ${m.questions.map((q) => q.qid).join(',')}`
        : m.type;

describe('the stream protocol', () => {
  let c: SynthCase;
  beforeAll(async () => {
    c = await makeCase(tempRoot());
  });

  it('sends start, task, frames in order, each ask right after its look-point frame, the end ask, then finish', async () => {
    const log: Msg[] = [];
    const out = await runCase(recorder(log), c.dir);
    expect(out.status).toBe('ok');
    const { q1, q2, q3, q4, q5 } = c.qids;
    expect(log.map(label)).toEqual([
      'start',
      'task 0',
      'observe 0',
      'observe 1',
      `ask ${q1},${q2}`,
      'observe 2',
      'task 1',
      'observe 3',
      'observe 4',
      `ask ${q3}`,
      'observe 5',
      `ask end ${q4},${q5}`,
      'finish',
    ]);
    for (const m of log) expect(Message.safeParse(m).success).toBe(true);
    expect(out.answers.size).toBe(5);
    expect(out.timings.frames).toBe(6);
    expect(out.timings.asks).toBe(3);
  });

  it('composes the start and task messages at run time from robot.json and the case', async () => {
    const log: Msg[] = [];
    await runCase(recorder(log), c.dir);
    const start = log[0] as Extract<Msg, { type: 'start' }>;
    expect(start.robot).toEqual(ROBOT);
    expect(start.channel).toBe('rgb_pose');
    expect(start.system_prompt).toMatch(/C = 0\.15 m \(15 cm\)/);
    expect(start.system_prompt).toMatch(/R = 1 m \(100 cm\)/);
    expect(start.system_prompt).toMatch(/640x480 pixels, a 80 degree horizontal field of view/);
    expect(start.system_prompt).toMatch(/0\.34 m long .* 0\.33 m wide, 1\.41 m tall/);
    expect(start.system_prompt).toMatch(/never saw, or something that is not there/);
    const lc = loadCase(c.dir);
    const task1 = log.find((m) => m.type === 'task' && m.index === 1) as Extract<Msg, { type: 'task' }>;
    expect(task1.text).toContain(lc.case.frames[3].step.clock);
    expect(task1.text).toContain('1 h 2 min 5 s');
    expect(task1.text).toContain('put the grey remote back on the tv console');
    const obs = log.filter((m) => m.type === 'observe') as Extract<Msg, { type: 'observe' }>[];
    obs.forEach((o, i) => expect(o.step.header).toBe(formatHeader(lc.case.frames[i].step)));
    // questions carry exactly qid, text, answer_type
    for (const a of log.filter((m) => m.type === 'ask') as AskMsg[])
      for (const q of a.questions) expect(Object.keys(q).sort()).toEqual(['answer_type', 'qid', 'text']);
  });

  it('paces by pull: nothing is sent before the system replied to the message before', async () => {
    const events: string[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const slow = async (tag: string) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      events.push(`recv ${tag}`);
      for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
      events.push(`reply ${tag}`);
      inFlight--;
    };
    const sys: InProcessSystem = {
      kind: 'in_process',
      name: 'slow',
      open: () => ({
        start: () => slow('start'),
        task: (m) => slow(`task ${m.index}`),
        observe: (m) => slow(`observe ${m.step.k}`),
        ask: async (m) => {
          await slow('ask');
          return { answers: [] };
        },
        finish: () => slow('finish'),
      }),
    };
    await runCase(sys, c.dir);
    expect(maxInFlight).toBe(1);
    for (let i = 0; i < events.length; i += 2) {
      expect(events[i].startsWith('recv ')).toBe(true);
      expect(events[i + 1]).toBe(`reply ${events[i].slice(5)}`);
    }
    expect(events.length).toBe(26);
  });

  it('paces by pull over a pipe: the process finds nothing waiting before it replies', async () => {
    // reads byte by byte (no buffering) and, before each reply, checks that stdin has nothing more to read
    const py = [
      'import os, select, json',
      'pushed = 0',
      'def line():',
      '    b = b""',
      '    while not b.endswith(b"\\n"):',
      '        c = os.read(0, 1)',
      '        if not c: return None',
      '        b += c',
      '    return json.loads(b)',
      'while True:',
      '    m = line()',
      '    if m is None or m["type"] == "finish": break',
      '    if select.select([0], [], [], 0.05)[0]: pushed += 1',
      '    r = {"answers": [{"qid": q["qid"], "answer": {"type": "number", "value": pushed}} for q in m["questions"]]} if m["type"] == "ask" else {"type": "next"}',
      '    os.write(1, (json.dumps(r) + "\\n").encode())',
    ].join('\n');
    const file = join(c.root, 'pull.py');
    (await import('node:fs')).writeFileSync(file, py);
    const out = await runCase({ kind: 'command', name: 'pull', command: `python3 ${file}` }, c.dir);
    expect(out.status).toBe('ok');
    expect([...out.answers.values()]).toEqual(Array(5).fill({ type: 'number', value: 0 }));
  });

  it('never sends private files, depth, detections or internal ids on rgb_pose', async () => {
    const log: Msg[] = [];
    await runCase(recorder(log), c.dir, { channel: 'rgb_pose' });
    const text = JSON.stringify(log);
    expect(text).not.toContain('/private/');
    expect(text).not.toContain(SECRET_ID);
    expect(text).not.toMatch(/"detections"|oracle|script_k|"sid"|"cid"|truth_id|bbox/);
    expect(text).not.toContain(c.cid);
    const obs = log.filter((m) => m.type === 'observe') as Extract<Msg, { type: 'observe' }>[];
    for (const o of obs) {
      expect(Object.keys(o.step).sort()).toEqual([
        'camera',
        'clock',
        'header',
        'k',
        'pose',
        'rgb',
        'status',
        'subgoal',
        'velocity',
      ]);
      expect(readFileSync(o.step.rgb!).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    }
    // a frame never shows a later frame's data: the k-th observe holds the k-th step only
    expect(obs.map((o) => o.step.k)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("stages frames under the case's own numbers, each only when its frame is due", async () => {
    const seen: { k: number; rgb: string; files: string[]; size: number }[] = [];
    const sys: InProcessSystem = {
      ...recorder([]),
      open: (info) => ({
        ...(recorder([]).open(info) as SystemSession),
        observe: async (m) =>
          void seen.push({
            k: m.step.k,
            rgb: m.step.rgb!,
            files: readdirSync(dirname(m.step.rgb!)).sort(),
            size: statSync(m.step.rgb!).size,
          }),
      }),
    };
    await runCase(sys, c.dir, { stageFrames: true });
    const lc = loadCase(c.dir);
    seen.forEach((s, k) => {
      expect(s.rgb.endsWith(`/${String(k).padStart(6, '0')}.jpg`)).toBe(true);
      expect(s.rgb).not.toContain(c.sid);
      expect(s.files).toEqual(Array.from({ length: k + 1 }, (_, i) => `${String(i).padStart(6, '0')}.jpg`));
      expect(s.size).toBe(statSync(join(c.root, lc.case.frames[k].rgb)).size);
    });
    expect(existsSync(dirname(seen[0].rgb))).toBe(false); // removed at teardown
  });

  it('sends depth and the oracle entries (kind, colour, centre, box; no id) on detections, without the JPEG', async () => {
    const log: Msg[] = [];
    await runCase(recorder(log), c.dir, { channel: 'detections' });
    const start = log[0] as Extract<Msg, { type: 'start' }>;
    expect(start.channel).toBe('detections');
    expect(start.system_prompt).toMatch(/depth PNG/);
    const obs = log.filter((m) => m.type === 'observe') as Extract<Msg, { type: 'observe' }>[];
    obs.forEach((o, i) => {
      expect(o.step.rgb).toBeUndefined();
      expect(o.step.depth).toMatch(new RegExp(`/private/${c.sid}/depth/${String(10 + i).padStart(6, '0')}\\.png$`));
      expect(o.step.detections).toHaveLength(1);
      expect(Object.keys(o.step.detections![0]).sort()).toEqual(['box', 'center', 'colour', 'kind']);
      // the script frame's oracle line, not the case frame's number
      expect(o.step.detections![0].center).toEqual([10 + i, 2, 0.5]);
    });
    expect(JSON.stringify(log)).not.toContain(SECRET_ID);
  });

  it('refuses the retired rgbd_pose channel with a clear message', async () => {
    expect(() => parseChannel('rgbd_pose')).toThrow(UsageError);
    expect(() => parseChannel('rgbd_pose')).toThrow(/rgbd_pose channel is retired/);
    expect(() => parseChannel('rgb')).toThrow(/unknown channel/);
    let opened = false;
    const sys: InProcessSystem = { ...recorder([]), open: () => ((opened = true), recorder([]).open({} as never)) };
    await expect(runCase(sys, c.dir, { channel: 'rgbd_pose' })).rejects.toThrow(/retired/);
    expect(opened).toBe(false);
  });

  it('states each margin it finds in robot.json and leaves out those it lacks', () => {
    const p = systemPrompt({ camera: { width: 320, height: 240, hfov_deg: 90 }, clearance_m: 0.1 }, 'rgb_pose');
    expect(p).toMatch(/320x240 pixels, a 90 degree/);
    expect(p).toMatch(/C = 0\.1 m \(10 cm\)/);
    expect(p).not.toMatch(/R = /);
    expect(p).not.toMatch(/Body:/);
  });
});
