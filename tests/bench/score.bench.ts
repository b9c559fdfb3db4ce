/**
 * Scorer throughput: scored rows per second over 100k synthetic rows across families (numbers, offsets, places,
 * lists, headings, unknowns, malformed answers).
 *
 *   npx tsx tests/bench/score.bench.ts [ROWS]
 */
import { stream } from '../../foundation/index.ts';
import { GoldRow, type Family, type Job } from '../../formats/gold-row.ts';
import { familyDef } from '../../compile/family-registry.ts';

/** The catastrophe class a family's row carries (only the vacuum declares hazards). */
const catastropheOf = (family: Family, job: Job) => {
  const d = familyDef(family);
  return d.catastrophe_where === 'job_hazards' && job !== 'vacuum/2' ? null : d.catastrophe;
};
import { score } from '../../checks/score/score.ts';

const N = Number(process.argv[2] ?? 100_000);
const rng = stream('bench', 'score');
const families: Family[] = [
  'clear_path',
  'closest_approach',
  'ego_now',
  'object_where',
  'person_mem',
  'task_things',
  'tangle_ahead',
  'open_heading',
  'way_to',
];
const table = (field: 'run_m' | 'progress_m') => ({
  step_deg: 1 as const,
  entries: Array.from({ length: 360 }, () => ({
    [field]: rng.uniform(0, 3),
    room_ok: rng.coin(0.8),
    seen_ok: rng.coin(0.9),
  })),
});

function makeGold(i: number): GoldRow {
  const family = families[i % families.length];
  const job: Job = family === 'tangle_ahead' ? 'vacuum/2' : 'helper/1';
  const t = familyDef(family).answer_type;
  const things = () =>
    Array.from({ length: rng.int(0, 6) }, () => ({
      x: rng.uniform(0, 8),
      y: rng.uniform(0, 8),
      pixel_m: 0.01,
      hazard: rng.coin(0.2),
    }));
  const value =
    t === 'number'
      ? rng.uniform(0, 5)
      : t === 'offset'
        ? { ahead: rng.uniform(-4, 4), left: rng.uniform(-4, 4) }
        : t === 'place'
          ? { x: rng.uniform(0, 8), y: rng.uniform(0, 8) }
          : t === 'list'
            ? things()
            : rng.int(-180, 179);
  return GoldRow.parse({
    qid: i.toString(16).padStart(16, '0'),
    job,
    layout: 'apartment_a',
    sid: `s${i % 16}`,
    cid: `c${i % 64}`,
    length: 'short',
    family,
    kind: 'harm',
    ability: 'clearance',
    column: 'now',
    answer_type: t,
    knowable: true,
    value,
    evidence_frames: [0],
    age_s: 0,
    age_band: 'now',
    task_critical: false,
    clearance_m: 0.15,
    reacquire_m: 1,
    match_m: 0.5,
    pixel_m: 0.01,
    harmful_side: 'none',
    catastrophe: catastropheOf(family, job),
    ...(family === 'object_where' ? { length_m: rng.uniform(0, 2), top_above_camera: rng.coin(0.5) } : {}),
    ...(family === 'open_heading' ? { heading_table: { ...table('run_m'), best_run_m: 3, room_needed_m: 0.4 } } : {}),
    ...(family === 'way_to' ? { heading_table: { ...table('progress_m'), best_progress_m: 3, cell_m: 0.1 } } : {}),
  });
}

function makeAnswer(g: GoldRow): unknown {
  const r = rng.next();
  if (r < 0.1) return { type: 'unknown' };
  if (r < 0.13) return { type: g.answer_type, value: 'garbage' };
  switch (g.answer_type) {
    case 'number':
      return { type: 'number', value: (g.value as number) + rng.uniform(-1, 1) };
    case 'offset':
      return { type: 'offset', ahead: rng.uniform(-4, 4), left: rng.uniform(-4, 4) };
    case 'place':
      return { type: 'place', x: rng.uniform(0, 8), y: rng.uniform(0, 8) };
    case 'list':
      return {
        type: 'list',
        places: Array.from({ length: rng.int(0, 8) }, () => ({ x: rng.uniform(0, 8), y: rng.uniform(0, 8) })),
      };
    case 'heading':
      return { type: 'heading', deg: rng.uniform(-200, 200) };
  }
}

// a pool of distinct gold rows (tables are large), cycled over N answers
const pool = Array.from({ length: 2000 }, (_, i) => makeGold(i));
const work = Array.from({ length: N }, (_, i) => {
  const g = pool[i % pool.length];
  return [g, makeAnswer(g)] as const;
});
const t0 = process.hrtime.bigint();
let sum = 0;
for (const [g, a] of work) sum += score(g, a).score;
const secs = Number(process.hrtime.bigint() - t0) / 1e9;
process.stdout.write(
  `scored ${N} rows in ${secs.toFixed(3)} s: ${Math.round(N / secs)} rows/s (checksum ${sum.toFixed(3)})\n`,
);
