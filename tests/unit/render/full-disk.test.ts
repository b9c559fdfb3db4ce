/**
 * A full disk on the Blender path (ENOSPC thrown at a write by a fault handler, foundation/atomic.ts): the frame
 * journal's append and the post filter's JPEG fail with a WriteFailed naming the file (exit 1), the journal keeps
 * only whole lines (cut back to its length before; a line torn by a kill is cut off by the next append), and the post
 * filter leaves no part of its JPEG. The Blender path itself needs Blender; these are its two writes of its own.
 */
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fsError, setFaultHandler, WriteFailed } from '../../../foundation/index.ts';
import { appendJournal, journalPath, readJournal } from '../../../render/frame-journal.ts';
import { tempFramePaths, type FrameLogEntry, type FramePaths } from '../../../render/frame-files.ts';
import { filterPicture, rawPicturePath } from '../../../render/post-filter.ts';
import type { ShotList } from '../../../render/shot-list.ts';

const SID = 'a0a0a0a0a0a0a0a0';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'stbench-render-full-disk-'));
});
afterEach(() => setFaultHandler(null));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A fault handler that fails `point` with ENOSPC every time it is reached. */
function fullAt(point: string): void {
  setFaultHandler((p) => {
    if (p === point) throw fsError('ENOSPC');
  });
}

const entry = (index: number): FrameLogEntry => ({
  sid: SID,
  index,
  status: 'rendered',
  render_s: 1.5,
  wall_s: 2,
  samples: 64,
  device: 'CPU',
  blender: '4.2.0',
  attempts: 1,
  sha256: { rgb: 'a'.repeat(64), depth: 'b'.repeat(64), ids: 'c'.repeat(64), albedo: 'd'.repeat(64) },
});

describe('the frame journal on a full disk', () => {
  it('names the journal, keeps the lines it had byte for byte, and takes the next line whole once there is space', () => {
    const build = join(dir, 'journal-full');
    appendJournal(build, entry(0), 'f'.repeat(64));
    appendJournal(build, entry(1), 'f'.repeat(64));
    const file = journalPath(build, SID);
    const before = readFileSync(file);
    fullAt('atomic:mid-append');
    let err: unknown;
    try {
      appendJournal(build, entry(2), 'f'.repeat(64));
    } catch (e) {
      err = e;
    }
    setFaultHandler(null);
    expect(err).toBeInstanceOf(WriteFailed);
    expect((err as WriteFailed).exitCode).toBe(1);
    expect((err as Error).message).toBe(
      `cannot write ${file}: no space left on the device (ENOSPC); the old file, if any, is unchanged`,
    );
    expect(readFileSync(file)).toEqual(before);
    appendJournal(build, entry(2), 'f'.repeat(64));
    expect([...readJournal(build, SID).keys()]).toEqual([0, 1, 2]);
    expect(readFileSync(file, 'utf8').split('\n').filter(Boolean)).toHaveLength(3);
  });

  it('cuts off a line torn by a kill before it appends, so the next frame is not lost with it', () => {
    const build = join(dir, 'journal-torn');
    appendJournal(build, entry(0), 'f'.repeat(64));
    const whole = readFileSync(journalPath(build, SID), 'utf8');
    appendFileSync(journalPath(build, SID), '{"index":1,"render_s":1.5,"wa');
    appendJournal(build, entry(2), 'f'.repeat(64));
    expect([...readJournal(build, SID).keys()]).toEqual([0, 2]);
    expect(readFileSync(journalPath(build, SID), 'utf8').startsWith(`${whole}{"index":2,`)).toBe(true);
  });
});

describe('the post filter on a full disk', () => {
  const W = 8;
  const H = 6;
  const job = { camera: { width: W, height: H }, settings: { post_filter: 'albedo' } } as unknown as ShotList;

  const rgb8 = (r: number) =>
    sharp({ create: { width: W, height: H, channels: 3, background: { r, g: 100, b: 50 } } })
      .png()
      .toBuffer();
  function gray16(v: number): Buffer {
    const png = new PNG({ width: W, height: H, bitDepth: 16, colorType: 0, inputColorType: 0, inputHasAlpha: false });
    const data = Buffer.alloc(W * H * 2);
    for (let i = 0; i < W * H; i++) data.writeUInt16BE(v, i * 2);
    (png as unknown as { data: Buffer }).data = data;
    return PNG.sync.write(png as PNG, { bitDepth: 16, colorType: 0, inputColorType: 0, inputHasAlpha: false });
  }

  /** The files Blender leaves for a filtered frame under its temporary names. */
  async function blenderWrote(final: FramePaths): Promise<FramePaths> {
    const temp = tempFramePaths(final);
    writeFileSync(rawPicturePath(temp), await rgb8(120));
    writeFileSync(temp.albedo, await rgb8(200));
    writeFileSync(temp.ids, gray16(1));
    writeFileSync(temp.depth, gray16(3000));
    return temp;
  }

  const finalPaths = (name: string): FramePaths => ({
    rgb: join(dir, name, 'rgb', '000001.jpg'),
    depth: join(dir, name, 'depth', '000001.png'),
    ids: join(dir, name, 'ids', '000001.png'),
    albedo: join(dir, name, 'albedo', '000001.png'),
  });

  it("names the frame's picture (not its temporary name), leaves no part of the JPEG, and its retry writes it whole", async () => {
    const final = finalPaths('filter-full');
    const temp = await blenderWrote(final);
    fullAt('atomic:mid-write');
    const err = await filterPicture(job, temp).then(
      () => null,
      (e: unknown) => e,
    );
    setFaultHandler(null);
    expect(err).toBeInstanceOf(WriteFailed);
    expect((err as Error).message).toBe(
      `cannot write ${final.rgb}: no space left on the device (ENOSPC); the old file, if any, is unchanged`,
    );
    expect(existsSync(temp.rgb)).toBe(false);
    // once there is space: the JPEG of a frame that never failed, and the lossless picture gone
    await filterPicture(job, temp);
    const clean = await blenderWrote(finalPaths('filter-clean'));
    await filterPicture(job, clean);
    expect(readFileSync(temp.rgb)).toEqual(readFileSync(clean.rgb));
    expect((await sharp(temp.rgb).metadata()).format).toBe('jpeg');
    expect(existsSync(rawPicturePath(temp))).toBe(false);
  });
});
