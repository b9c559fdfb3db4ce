/**
 * The lit and colour screens give the same verdicts at test quality as at final quality: the same frames of a
 * place (the helper's first four frames in the apartment: the first two see one thing clearly, with the floor things
 * scattered; the next two see the lamp and the toys) rendered with the real Blender at the test preset and at the
 * final preset; for every thing seen with at least MIN_PIXELS, the lit verdict (brightness >= LIT_FLOOR, from the RGB)
 * and the colour verdict (the colour word most of its clear frames show is its own, named from the albedo pass of
 * the same render call) must agree. Pixel counts and edge margins come from the exact id pass, so they agree by
 * construction (checked too).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIT_FLOOR, MIN_PIXELS, shownColour } from '../../../../compile/screens/recognizable.ts';
import type { FrameView, SeenEntity } from '../../../../compile/ask/inputs.ts';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const BIN = join(REPO, 'pipeline', 'bin', 'stbench.mjs');
const ROOT = mkdtempSync(join(tmpdir(), 'stbench-screens-quality-'));
const FRAMES = 4;

const stbench = (args: string[]) =>
  execFileSync('node', [BIN, ...args], { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 << 20 });

interface Rendered {
  frames: FrameView[];
  colourOf: Map<string, string>;
}

function read(build: string): Rendered {
  const sid = readdirSync(join(build, 'private'))[0];
  const tl = JSON.parse(readFileSync(join(build, 'private', sid, 'timeline.json'), 'utf8'));
  const lines = readFileSync(join(build, 'private', sid, 'visibility.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean);
  const frames = lines.map((l, k) => {
    const r = JSON.parse(l);
    return {
      k,
      t: r.t,
      task: 0,
      pose: { x: 0, y: 0, z: 0, heading_deg: 0 },
      camera: r.camera,
      entities: (r.entities as SeenEntity[]).filter((e) => e.role === 'thing'),
      seen: { floor: [], obstacle: [] },
    };
  });
  return {
    frames,
    colourOf: new Map((tl.place.things as { id: string; colour: string }[]).map((t) => [t.id, t.colour])),
  };
}

let test: Rendered, final: Rendered;

beforeAll(() => {
  const a = join(ROOT, 'test'),
    b = join(ROOT, 'final');
  stbench([
    'script',
    '--job',
    'helper/1',
    '--count',
    '1',
    '--seed',
    'screens-quality',
    '--out',
    a,
    '--tasks',
    '1',
    '--max-frames',
    String(FRAMES),
  ]);
  cpSync(a, b, { recursive: true });
  stbench(['render', a, '--quality', 'test']);
  stbench(['render', b, '--quality', 'final']);
  test = read(a);
  final = read(b);
}, 1_800_000);

afterAll(() => rmSync(ROOT, { recursive: true, force: true }));

describe('lit and colour verdicts: test quality against final quality', () => {
  it('sees the same things with the same pixels', () => {
    const key = (r: Rendered) =>
      r.frames.map((f) => f.entities.map((e) => `${e.entity}:${e.pixels}:${e.edge_margin_px}`).join(' '));
    expect(key(test)).toEqual(key(final));
    expect(test.frames.flatMap((f) => f.entities).filter((e) => e.pixels >= MIN_PIXELS).length).toBeGreaterThan(0);
  });

  it('gives every clear sighting the same lit verdict', () => {
    const verdicts = (r: Rendered) =>
      r.frames.flatMap((f) =>
        f.entities
          .filter((e) => e.pixels >= MIN_PIXELS)
          .map((e) => `${f.k} ${e.entity} ${e.brightness !== null && e.brightness >= LIT_FLOOR ? 'lit' : 'unlit'}`),
      );
    expect(verdicts(test)).toEqual(verdicts(final));
  });

  it('gives every clearly seen thing the same colour verdict', () => {
    const ids = [
      ...new Set(final.frames.flatMap((f) => f.entities.filter((e) => e.pixels >= MIN_PIXELS).map((e) => e.entity))),
    ].sort();
    const verdicts = (r: Rendered) =>
      ids.map((id) => `${id} ${shownColour(r.frames, id).word === r.colourOf.get(id) ? 'keeps' : 'drops'}`);
    expect(verdicts(test)).toEqual(verdicts(final));
    // the verdicts are not vacuous: things are named by their own colour word
    expect(verdicts(final).filter((v) => v.endsWith('keeps')).length).toBeGreaterThanOrEqual(2);
  });
});
