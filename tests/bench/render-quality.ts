/**
 * The render-quality study: nine fixed views (three per place), a 256-sample reference of each (and a second with
 * another seed), and candidate settings (samples, adaptive sampling, light-path limits, clamping, post filters guided
 * by the same render's ids, depth and albedo, Blender's factory settings). For each: CPU seconds per frame (the
 * Blender process's CPU time in the render call, all threads, plus the filter's; steadier than wall time on a busy
 * machine), PSNR and SSIM against the reference, and agreement of the screen verdicts (lit from the RGB, colour word
 * from the albedo) per (entity, view), computed with render/truth's frameVisibility on the candidate's passes and the
 * reference's depth and ids.
 *
 * Run: npx tsx tests/bench/render-quality.ts [--render-only | --measure-only] [--only id,id] [--out table.md]
 * Renders are cached under tests/.bench-cache/render-quality/ (gitignored); a rerun only measures.
 */
import { writeFileSync } from 'node:fs';
import { cameraPose, intrinsics } from '../../layouts/camera.ts';
import { getPlace } from '../../layouts/load.ts';
import { readDepthMm, readIds, readPngRgb8 } from '../../render/decode.ts';
import { QUALITY_PRESETS, type Quality } from '../../render/quality.ts';
import { linearToSrgb8, paletteFromColourWords, SRGB8_TO_LINEAR } from '../../render/truth/colour.ts';
import { decodeRgb } from '../../render/truth/jpeg.ts';
import { frameVisibility, type EntityInfo, type EntityVisibility } from '../../render/truth/visibility.ts';
import { psnr, ssimLuma } from './image-metrics.ts';
import {
  CANDIDATES,
  REFERENCE,
  REFERENCE_B,
  STUDY_CAMERA,
  STUDY_REGION,
  STUDY_VIEWS,
  type Candidate,
} from './quality-views.ts';
import { cachedResults, renderCandidate, studyJob, type ViewResult } from './study-render.ts';

/** Brightness (mean sRGB luma, 0..255) at or above which a thing counts as lit in the study's verdicts. */
export const LIT_MIN_BRIGHTNESS = 40;
/** Entities with fewer pixels in the reference's mask are left out of the verdict comparison. */
const MIN_PIXELS = 30;
const PSNR_FINAL = 32;
const VERDICT_PREVIEW = 0.98;

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = arg('--only')?.split(',');
/** The presets of render/quality.ts as the pipeline renders them (a post filter runs on Blender's lossless picture). */
const PRESETS: Candidate[] = (['preview', 'final'] as const).map((q) => ({
  id: `preset-${q}`,
  label: `preset ${q} (render/quality.ts)`,
  samples: QUALITY_PRESETS[q].samples,
  settings: QUALITY_PRESETS[q].settings,
}));
const ALL: Candidate[] = [REFERENCE, ...CANDIDATES.slice(0, 6), REFERENCE_B, ...CANDIDATES.slice(6), ...PRESETS];
const order = ALL.filter((c) => !only || only.includes(c.id));

const results = new Map<string, Map<string, ViewResult>>();
const measureOnly = args.includes('--measure-only');
for (const c of order) results.set(c.id, measureOnly ? cachedResults(c) : await renderCandidate(c, ALL));
if (args.includes('--render-only')) process.exit(0);

// --- measuring ---------------------------------------------------------------------------------------------------
interface Row {
  cand: Candidate;
  views: number;
  seconds: number;
  psnrMin: number;
  psnrMean: number;
  ssimMin: number;
  ssimMean: number;
  agree: number;
  pairs: number;
  perView: Map<string, number>;
}

const ref = results.get(REFERENCE.id) ?? (await renderCandidate(REFERENCE, ALL));
const K = intrinsics(STUDY_CAMERA.width, STUDY_CAMERA.height, STUDY_CAMERA.hfov_deg);
const tables = new Map<string, Map<number, EntityInfo>>();
const palettes = new Map<string, ReturnType<typeof paletteFromColourWords>>();
for (const place of new Set(STUDY_VIEWS.map((v) => v.place))) {
  const { entities } = studyJob(place, { settings: {} });
  tables.set(
    place,
    new Map(
      entities.map((e) => [
        e.truth_id,
        { truth_id: e.truth_id, entity: e.entity, role: e.role, kind: e.kind, colour: e.colour, support: e.support },
      ]),
    ),
  );
  palettes.set(place, paletteFromColourWords(getPlace(place).colour_words));
}
// the measured region in pixels
const { width: W, height: H } = STUDY_CAMERA;
const [RX0, RY0, RX1, RY1] = [
  Math.round(STUDY_REGION[0] * W),
  Math.round(STUDY_REGION[1] * H),
  Math.round(STUDY_REGION[2] * W),
  Math.round(STUDY_REGION[3] * H),
];
const RW = RX1 - RX0,
  RH = RY1 - RY0;
/** whole frame over region, for the time per whole frame */
const AREA = (W * H) / (RW * RH);
/** The region's pixels of an RGB frame. */
function crop(rgb: Uint8Array): Uint8Array {
  const out = new Uint8Array(RW * RH * 3);
  for (let y = 0; y < RH; y++) out.set(rgb.subarray(3 * ((RY0 + y) * W + RX0), 3 * ((RY0 + y) * W + RX1)), 3 * y * RW);
  return out;
}
/** Ids outside the region set to 0 (those pixels are not rendered). */
function maskIds(ids: Uint16Array): Uint16Array {
  const out = new Uint16Array(ids.length);
  for (let y = RY0; y < RY1; y++) out.set(ids.subarray(y * W + RX0, y * W + RX1), y * W + RX0);
  return out;
}
const refRgb = new Map<string, Uint8Array>();
const refVis = new Map<string, EntityVisibility[]>();
const frameOf = (viewId: string, rgb: Uint8Array, albedo: Uint8Array) => {
  const v = STUDY_VIEWS.find((x) => x.id === viewId)!;
  const r = ref.get(viewId)!;
  return {
    frame: {
      k: 0,
      t: 0,
      intrinsics: K,
      camera: cameraPose(v.position, v.yaw_deg, v.pitch_deg),
      depth: readDepthMm(r.depth).data,
      ids: maskIds(readIds(r.ids).data),
      rgb,
      albedo,
    },
    table: tables.get(v.place)!,
    palette: palettes.get(v.place)!,
  };
};
// The PSNR / SSIM reference: the mean, in linear light, of the two 256-sample references with different seeds (a
// 512-sample reference, whose own noise is a quarter of the power between the two); the first alone where the
// second is missing. The verdicts' reference is the first (the sample count does not matter to them).
const refBRes = cachedResults(REFERENCE_B);
const meanLinear = (a: Uint8Array, b: Uint8Array) =>
  a.map((x, i) => linearToSrgb8((SRGB8_TO_LINEAR[x] + SRGB8_TO_LINEAR[b[i]]) / 2));
const refPairPsnr = new Map<string, number>();
for (const v of STUDY_VIEWS) {
  const r = ref.get(v.id);
  if (!r) continue;
  const rgb = (await decodeRgb(r.rgb)).data;
  const b = refBRes.get(v.id);
  if (b) {
    const rgbB = (await decodeRgb(b.rgb)).data;
    refPairPsnr.set(v.id, psnr(crop(rgb), crop(rgbB)));
    refRgb.set(v.id, crop(meanLinear(rgb, rgbB)));
  } else refRgb.set(v.id, crop(rgb));
  const f = frameOf(v.id, rgb, readPngRgb8(r.albedo).data);
  refVis.set(v.id, frameVisibility(f.frame, f.table, { palette: f.palette, unknownIds: 'ignore' }));
}

const verdict = (e: EntityVisibility) =>
  `${(e.brightness ?? 0) >= LIT_MIN_BRIGHTNESS ? 'lit' : 'dark'}/${e.colour ?? '-'}`;

async function measure(cand: Candidate, res: Map<string, ViewResult>): Promise<Row> {
  const perView = new Map<string, number>();
  let secs = 0,
    pMin = Infinity,
    pSum = 0,
    sMin = Infinity,
    sSum = 0,
    agree = 0,
    pairs = 0,
    n = 0;
  for (const v of STUDY_VIEWS) {
    const r = res.get(v.id);
    const base = refRgb.get(v.id);
    if (!r || !base) continue;
    const rgb = (await decodeRgb(r.rgb)).data;
    const p = psnr(crop(rgb), base);
    const s = ssimLuma(crop(rgb), base, RW, RH);
    perView.set(v.id, p);
    const f = frameOf(v.id, rgb, readPngRgb8(r.albedo).data);
    const vis = new Map(
      frameVisibility(f.frame, f.table, { palette: f.palette, unknownIds: 'ignore' }).map((e) => [e.truth_id, e]),
    );
    for (const e of refVis.get(v.id)!) {
      if (e.pixels < MIN_PIXELS) continue;
      pairs++;
      const c = vis.get(e.truth_id);
      if (c && verdict(c) === verdict(e)) agree++;
    }
    // Blender rendered the region only: scale its CPU time to the whole frame (the filter ran on the whole frame)
    secs += ((r.cpu_s ?? r.seconds) - (r.filter_s ?? 0)) * AREA + (r.filter_s ?? 0);
    pMin = Math.min(pMin, p);
    pSum += p;
    sMin = Math.min(sMin, s);
    sSum += s;
    n++;
  }
  return {
    cand,
    views: n,
    seconds: secs / n,
    psnrMin: pMin,
    psnrMean: pSum / n,
    ssimMin: sMin,
    ssimMean: sSum / n,
    agree,
    pairs,
    perView,
  };
}

const rows: Row[] = [];
for (const c of order) {
  if (c.id === REFERENCE.id || results.get(c.id)!.size === 0) continue;
  rows.push(await measure(c, results.get(c.id)!));
}
const refRow = await measure(REFERENCE, ref);
refRow.psnrMin = refRow.psnrMean = Infinity;

// --- choosing ----------------------------------------------------------------------------------------------------
const full = rows.filter((r) => r.views === STUDY_VIEWS.length && !/^(ref|factory|preset)/.test(r.cand.id));
const cheapest = (ok: (r: Row) => boolean) => full.filter(ok).sort((a, b) => a.seconds - b.seconds)[0];
const share = (r: Row) => (r.pairs ? r.agree / r.pairs : 0);
const finalRule = cheapest((r) => r.psnrMin >= PSNR_FINAL);
const previewRule = cheapest((r) => share(r) >= VERDICT_PREVIEW);
// what two references with different seeds agree on bounds what can be measured
const refB = rows.find((r) => r.cand.id === REFERENCE_B.id);
if (refB) {
  // the second reference against the first (against the mean of both it would partly be compared with itself)
  refB.perView = new Map(refPairPsnr);
  refB.psnrMin = Math.min(...refPairPsnr.values());
  refB.psnrMean = [...refPairPsnr.values()].reduce((a, b) => a + b, 0) / refPairPsnr.size;
  refB.cand = { ...refB.cand, label: `${refB.cand.label} (PSNR against the first)` };
}
const previewBound = refB ? cheapest((r) => share(r) >= share(refB) - 0.005) : undefined;
// the presets in render/quality.ts, rendered as the pipeline renders them
const asCandidate = (q: Quality) => rows.find((r) => r.cand.id === `preset-${q}` && r.views === STUDY_VIEWS.length);
const final = asCandidate('final') ?? finalRule;

// equal noise: the factory settings' time to reach a preset's mean PSNR (PSNR against log2 of time, least squares)
const factory = rows.filter((r) => r.cand.id.startsWith('factory') && r.views === STUDY_VIEWS.length);
function equalNoise(target: Row | undefined, name: string): string {
  if (!target || factory.length < 2)
    return `${name}: not measured (it or the factory settings not rendered on all nine views)`;
  const xs = factory.map((r) => Math.log2(r.seconds));
  const ys = factory.map((r) => r.psnrMean);
  const mx = xs.reduce((a, b) => a + b) / xs.length;
  const my = ys.reduce((a, b) => a + b) / ys.length;
  const slope = xs.reduce((a, x, i) => a + (x - mx) * (ys[i] - my), 0) / xs.reduce((a, x) => a + (x - mx) ** 2, 0);
  const need = 2 ** (mx + (target.psnrMean - my) / slope);
  const inRange = target.psnrMean <= Math.max(...ys);
  return (
    `${name} (\`${target.cand.id}\`, mean ${target.psnrMean.toFixed(2)} dB, ${target.seconds.toFixed(1)} s a frame): the factory settings ` +
    `(${factory.map((r) => r.cand.id).join(', ')}) reach that mean PSNR at about ${need.toFixed(1)} s a frame ` +
    `(${inRange ? 'interpolated' : 'extrapolated'}, ${slope.toFixed(2)} dB per doubling of time): ${((100 * target.seconds) / need).toFixed(0)}% of the factory time`
  );
}
const equalNoiseLines = [equalNoise(final, 'final'), equalNoise(asCandidate('preview'), 'preview')];

// --- the table ---------------------------------------------------------------------------------------------------
const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '∞');
const lines: string[] = [];
lines.push(
  `| setting | views | CPU s/frame (est. 640x480) | PSNR min | PSNR mean | SSIM min | SSIM mean | verdicts agree |`,
);
lines.push(`|---|---|---|---|---|---|---|---|`);
for (const r of [refRow, ...rows])
  lines.push(
    `| ${r.cand.label} (\`${r.cand.id}\`) | ${r.views} | ${r.seconds.toFixed(2)} | ${f2(r.psnrMin)} | ${f2(r.psnrMean)} | ${r.ssimMin.toFixed(4)} | ${r.ssimMean.toFixed(4)} | ${r.agree}/${r.pairs} (${((100 * r.agree) / Math.max(1, r.pairs)).toFixed(1)}%) |`,
  );
lines.push('');
lines.push(`| PSNR (dB) per view | ${STUDY_VIEWS.map((v) => v.id).join(' | ')} |`);
lines.push(`|---|${STUDY_VIEWS.map(() => '---').join('|')}|`);
for (const r of rows)
  lines.push(
    `| \`${r.cand.id}\` | ${STUDY_VIEWS.map((v) => (r.perView.has(v.id) ? f2(r.perView.get(v.id)!) : '')).join(' | ')} |`,
  );
lines.push('');
lines.push(
  `- final by the rule (cheapest with PSNR >= ${PSNR_FINAL} dB on all nine views): ${finalRule ? `\`${finalRule.cand.id}\`, ${finalRule.seconds.toFixed(2)} s a frame` : 'none of the candidates'}`,
);
lines.push(
  `- preview by the rule (cheapest with >= ${VERDICT_PREVIEW * 100}% verdicts agreeing): ${previewRule ? `\`${previewRule.cand.id}\`, ${previewRule.seconds.toFixed(2)} s a frame` : 'none of the candidates'}`,
);
if (refB) {
  lines.push(
    `- bound: two 256-sample references with different seeds: PSNR ${[...refPairPsnr].map(([v, p]) => `${v} ${p.toFixed(2)} dB`).join(', ')}; verdicts agree on ${(100 * share(refB)).toFixed(1)}% of ${refB.pairs} pairs`,
  );
  lines.push(
    `- PSNR and SSIM are measured against the mean of the two references (512 samples): its own noise is a quarter of the power between the two, so a perfect frame would score about ${(Math.min(...refPairPsnr.values()) + 6.02).toFixed(1)} dB on the noisiest view (the pair's PSNR + 6 dB)`,
  );
}
lines.push(
  `- preview by the bound (cheapest agreeing as often as the second reference, within 0.5 points): ${previewBound ? `\`${previewBound.cand.id}\`` : 'none'}`,
);
const presetText = (q: Quality) =>
  `${QUALITY_PRESETS[q].samples} samples ${JSON.stringify(QUALITY_PRESETS[q].settings)}`;
lines.push(
  `- presets in render/quality.ts: test ${presetText('test')}, preview ${presetText('preview')}, final ${presetText('final')}`,
);
for (const q of ['preview', 'final'] as const) {
  const r = asCandidate(q);
  lines.push(
    `- preset ${q} as the pipeline renders it: ${r ? `PSNR min ${f2(r.psnrMin)} dB, verdicts ${((100 * r.agree) / Math.max(1, r.pairs)).toFixed(1)}%, ${r.seconds.toFixed(2)} CPU s a frame` : 'not rendered on all nine views'}`,
  );
}
for (const l of equalNoiseLines) lines.push(`- equal noise, ${l}`);
lines.push(
  `- lit = mean sRGB luma >= ${LIT_MIN_BRIGHTNESS}; entities under ${MIN_PIXELS} px in the reference are left out; the reference itself scores its own verdicts (sanity check)`,
);
const text = lines.join('\n') + '\n';
console.log(text);
const out = arg('--out');
if (out) writeFileSync(out, text);
