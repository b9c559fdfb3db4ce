/**
 * The Blender driver's robustness, against a stand-in executable that speaks the same protocol (no Blender needed):
 * hangs are killed and the frame retried in a fresh process, command errors are not retried, a device Blender did
 * not use is an error, stderr is drained, processes are recycled, a missing Blender says how to install it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ERROR_WRITTEN,
  BlenderCommandError,
  BlenderCrash,
  BlenderProcess,
  type FrameRequest,
} from '../../../render/blender-process.ts';
import { BlenderNotFound, findBlender } from '../../../render/find-blender.ts';

const DIR = mkdtempSync(join(tmpdir(), 'stbench-fake-blender-'));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

const FAKE = join(DIR, 'blender');
writeFileSync(
  FAKE,
  `#!/usr/bin/env node
const fs = require('node:fs');
const a = process.argv;
const arg = (k) => a[a.indexOf(k) + 1];
const env = process.env;
if (env.FAKE_STARTS) fs.appendFileSync(env.FAKE_STARTS, 'start\\n');
process.stdout.write('Blender 9.9.9 (fake)\\n');
const send = (o) => process.stdout.write('@@STB ' + JSON.stringify(o) + '\\n');
send({ ok: true, cmd: 'hello', blender: '9.9.9' });
let buf = '';
process.stdin.on('data', (d) => {
  buf += d;
  let i;
  while ((i = buf.indexOf('\\n')) >= 0) {
    const line = buf.slice(0, i); buf = buf.slice(i + 1);
    const m = JSON.parse(line);
    if (m.cmd === 'quit') { send({ ok: true, cmd: 'quit' }); process.stdin.destroy(); return; }
    if (m.cmd === 'scene') { send({ ok: true, cmd: 'scene' }); continue; }
    if (m.cmd === 'frame') {
      for (let k = 0; k < Number(env.FAKE_CHATTER || 0); k++) process.stderr.write('Fra:1 Mem:10M | chatter line ' + k + ' ' + 'x'.repeat(80) + '\\n');
      if (env.FAKE_HANG_ONCE && !fs.existsSync(env.FAKE_HANG_ONCE)) { fs.writeFileSync(env.FAKE_HANG_ONCE, ''); process.stderr.write('about to hang\\n'); continue; }
      // the traceback reaches stderr well after the error reply (two pipes: either can arrive first)
      if (m.index === 13) { send({ ok: false, cmd: 'frame', error: 'KeyError: bad' }); setTimeout(() => process.stderr.write('Traceback: bad frame\\n@@STB error written\\n'), 300); continue; }
      const n = Number(arg('--samples'));
      send({ ok: true, cmd: 'frame', index: m.index, render_s: 0.01, samples: n, samples_total: Number(env.FAKE_TOTAL || n), device: env.FAKE_DEVICE || arg('--device') });
    }
  }
});
`,
);
chmodSync(FAKE, 0o755);

const req = (index: number): FrameRequest => ({
  jobPath: '/nonexistent/job.json',
  width: 64,
  height: 48,
  index,
  camera: { position: [0, 0, 1], yaw_deg: 0, pitch_deg: 0 },
  moves: [],
  out: { rgb: join(DIR, 'a.jpg'), depth: join(DIR, 'd.png'), ids: join(DIR, 'i.png'), albedo: join(DIR, 'c.png') },
});

const make = (env: Record<string, string>, extra: Partial<ConstructorParameters<typeof BlenderProcess>[0]> = {}) =>
  new BlenderProcess({ blender: FAKE, samples: 4, timeoutBaseS: 2, timeoutPerSampleS: 0, workDir: DIR, env, ...extra });

describe('Blender process driver', () => {
  it('renders frames in one process and reports samples and device', async () => {
    const starts = join(DIR, 'starts-1');
    const p = make({ FAKE_STARTS: starts, FAKE_CHATTER: '3000' });
    const r1 = await p.renderFrame(req(1));
    const r2 = await p.renderFrame(req(2));
    await p.close();
    expect(r1).toMatchObject({ samples: 4, samples_total: 4, device: 'CPU', blender: '9.9.9', attempts: 1 });
    expect(r2.attempts).toBe(1);
    expect(readFileSync(starts, 'utf8').trim().split('\n')).toHaveLength(1);
    // stderr was drained (6000 lines of chatter did not block) and its tail kept
    expect(p.stderrTail().length).toBe(200);
    expect(p.stderrTail().at(-1)).toContain('chatter line 2999');
  });

  it('kills a hung process, restarts it and retries the frame', async () => {
    const starts = join(DIR, 'starts-2');
    const marker = join(DIR, 'hung-once');
    const p = make({ FAKE_STARTS: starts, FAKE_HANG_ONCE: marker });
    const r = await p.renderFrame(req(1));
    await p.close();
    expect(existsSync(marker)).toBe(true);
    expect(r.attempts).toBe(2);
    expect(readFileSync(starts, 'utf8').trim().split('\n')).toHaveLength(2);
  });

  it('gives up after the retries with the stderr tail in the message', async () => {
    const marker = join(DIR, 'hung-twice');
    const p = make({ FAKE_HANG_ONCE: marker }, { retries: 0 });
    const err = await p.renderFrame(req(1)).catch((e) => e);
    await p.close();
    expect(err).toBeInstanceOf(BlenderCrash);
    expect(err.message).toMatch(/no progress on frame/);
    expect(err.message).toContain('about to hang');
  });

  it('does not retry a command Blender answered with an error', async () => {
    const starts = join(DIR, 'starts-3');
    const p = make({ FAKE_STARTS: starts });
    const err = await p.renderFrame(req(13)).catch((e) => e);
    expect(err).toBeInstanceOf(BlenderCommandError);
    expect(err.message).toContain('KeyError: bad');
    expect(err.stderrTail.join('\n')).toContain('Traceback: bad frame');
    expect(err.stderrTail).not.toContain(ERROR_WRITTEN);
    // the session survives a bad command
    expect((await p.renderFrame(req(14))).attempts).toBe(1);
    await p.close();
    expect(readFileSync(starts, 'utf8').trim().split('\n')).toHaveLength(1);
  });

  it('a requested device Blender did not use is an error', async () => {
    const p = make({ FAKE_DEVICE: 'CPU' }, { device: 'CUDA' });
    await expect(p.renderFrame(req(1))).rejects.toThrow(/on CPU, not on the requested device CUDA/);
    await p.close();
  });

  it('a sample count other than the one requested is an error', async () => {
    const p = make({ FAKE_TOTAL: '1' });
    await expect(p.renderFrame(req(1))).rejects.toThrow(/with 1 samples, not the 4 requested/);
    await p.close();
  });

  it('recycles the process after N frames', async () => {
    const starts = join(DIR, 'starts-4');
    const p = make({ FAKE_STARTS: starts }, { recycleAfter: 2 });
    for (let i = 0; i < 5; i++) await p.renderFrame(req(i));
    await p.close();
    expect(readFileSync(starts, 'utf8').trim().split('\n')).toHaveLength(3);
  });

  it('finds Blender explicitly, via BLENDER, via PATH, or says how to install it', () => {
    expect(findBlender(FAKE)).toBe(FAKE);
    expect(findBlender(undefined, { BLENDER: FAKE })).toBe(FAKE);
    expect(findBlender(undefined, { PATH: `/nonexistent:${DIR}` })).toBe(FAKE);
    expect(() => findBlender(undefined, { PATH: '/nonexistent' })).toThrow(BlenderNotFound);
    expect(() => findBlender(undefined, { PATH: '/nonexistent' })).toThrow(/apt-get install blender/);
    expect(() => findBlender(join(DIR, 'nope'))).toThrow(/not found at .*nope/);
  });
});
