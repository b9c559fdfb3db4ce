import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cameraPose, intrinsics } from '../../../../layouts/camera.ts';
import { loadTruthFrame } from '../../../../render/truth/load-frame.ts';
import { encodePng16 } from '../../../../render/truth/png16.ts';
import { frameVisibility } from '../../../../render/truth/visibility.ts';
import { FLOOR, K, box, renderFrame, thing } from '../../../helpers/truth-fixture.ts';

describe('loading a frame from its files', () => {
  const cam = cameraPose([0, 0, 1.2], 0, -30);
  const f = renderFrame([FLOOR, box('b', 'box1', 'thing', [2.3, 0.1, 0.2], [0.5, 0.4, 0.4])], { box1: 1 }, cam, 4);
  const dir = mkdtempSync(join(tmpdir(), 'truth-load-'));
  writeFileSync(join(dir, 'd.png'), encodePng16(K.width, K.height, f.depth));
  writeFileSync(join(dir, 'i.png'), encodePng16(K.width, K.height, f.ids));

  it('reads depth and ids as written (16-bit PNG) and the JPEG as sRGB', async () => {
    const rgb = Buffer.alloc(K.width * K.height * 3, 90);
    for (let p = 0; p < f.ids.length; p++) if (f.ids[p]) rgb.set([200, 30, 30], p * 3);
    writeFileSync(
      join(dir, 'c.jpg'),
      await sharp(rgb, { raw: { width: K.width, height: K.height, channels: 3 } })
        .jpeg({ quality: 90 })
        .toBuffer(),
    );
    const g = await loadTruthFrame(
      { depth: join(dir, 'd.png'), ids: join(dir, 'i.png'), rgb: join(dir, 'c.jpg') },
      4,
      2,
      K,
      cam,
    );
    expect(g.k).toBe(4);
    expect(g.depth).toEqual(f.depth);
    expect(g.ids).toEqual(f.ids);
    const [e] = frameVisibility(g, new Map([[1, thing(1, 'box1', { kind: 'floor', top_z: 0 })]]));
    expect(Math.abs(e.brightness! - (0.2126 * 200 + 0.7152 * 30 + 0.0722 * 30))).toBeLessThan(3);
    expect(e.contact).not.toBeNull();
  });

  it("refuses files whose size is not the camera's", async () => {
    const small = intrinsics(320, 240, 80);
    await expect(
      loadTruthFrame({ depth: join(dir, 'd.png'), ids: join(dir, 'i.png') }, 0, 0, small, cam),
    ).rejects.toThrow(/d\.png: 640x480, the camera is 320x240/);
  });
});
