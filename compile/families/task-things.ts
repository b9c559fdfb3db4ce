/**
 * task_things (reuse, relevance, list, memory; an end question): the things near the task. For the ask frame's
 * task (the case's last task at the end): scope `route` lists the floor things seen during the task whose
 * last-seen middle lies within distance_m of the path the base drove (the frames' base positions), but for those
 * no taller than drives_over_m (the body drives over them); scope
 * `rooms_cleaned` (vacuum) lists the brush-catchable things seen during the task whose middle lies in the rooms
 * cleaned. Things within a cell of the edge are don't-care circles. The vacuum flags its catastrophe kinds as
 * hazards. Always knowable (an empty list is a list).
 */
import { list } from '../reader/answer.ts';
import { readTaskThings } from '../reader/lists.ts';
import type { FamilyDef } from '../family.ts';
import { NO_TARGET } from '../ask/targets.ts';
import { askFrame, taskFrames, type AskContext, type FrameView } from '../ask/inputs.ts';
import { listThings, polygonsDistance, thingsSeen, tubeDistance } from '../ask/list-items.ts';
import { baseGold, skip, type FamilyOutcome } from '../ask/outcome.ts';

/** The question's wording (docs/questions.md). */
const wording = (scope: 'route' | 'rooms_cleaned', distanceM: number | null) =>
  scope === 'rooms_cleaned'
    ? 'In the rooms you cleaned during your last task, which things on the floor could your brush catch? List where each one is on the map.'
    : `Which things on the floor within ${distanceM} m of the route you drove during your last task would you have to steer around next time? List where each one is on the map.`;

export function taskThings(
  ctx: AskContext,
  opts: { roomsCleaned?: readonly (readonly [number, number][])[] } = {},
): FamilyOutcome {
  const job = ctx.job;
  const f = askFrame(ctx);
  const frames = taskFrames(ctx);
  const tt = job.taskThings;
  const cats = new Set(job.hazards?.catastrophe ?? []);
  const hazard = (id: string) => cats.has(ctx.world.thing(id)?.kind ?? '');
  let candidates = thingsSeen(frames);
  let sd: (xy: [number, number]) => number;
  if (tt.scope === 'route') {
    if (tt.distance_m === null) return skip('task_things', 'the job states no distance from the route');
    sd = tubeDistance(
      frames.map((fr): [number, number] => [fr.pose.x, fr.pose.y]),
      tt.distance_m,
    );
  } else {
    if (!opts.roomsCleaned?.length) return skip('task_things', 'no room was cleaned during the task');
    const kinds = new Set(job.hazards?.brush_catches ?? []);
    candidates = candidates.filter((id) => kinds.has(ctx.world.thing(id)?.kind ?? ''));
    sd = polygonsDistance(opts.roomsCleaned);
  }
  // an end question of memory: each thing is placed from its clearest sighting at the place it was last seen
  const list = listThings(ctx, frames, candidates, sd, hazard, tt.floor_only, {
    drivesOver: tt.drives_over_m,
    placedBy: 'clearest',
  });
  const evidence: FrameView[] = list.evidence.length ? list.evidence.map((s) => s.frame) : [f];
  const p = list.things.length ? Math.min(...list.things.map((t) => t.pixel_m)) : ctx.grid.cell;
  const gold = baseGold(ctx, family, {
    knowable: true,
    value: list.things,
    evidence,
    pixel_m: p,
    task_critical: true,
    column: 'memory',
  });
  return {
    ok: true,
    family: 'task_things',
    text: wording(tt.scope, tt.distance_m),
    gold: { ...gold, dont_care: list.dontCare },
  };
}

export const family: FamilyDef = {
  name: 'task_things',
  kind: 'reuse',
  ability: 'relevance',
  column: 'memory',
  answer_type: 'list',
  harmful_side: 'none',
  catastrophe: 'minus3_hazard',
  catastrophe_where: 'job_hazards',
  end: true,
  trick: false,
  contact: false,
  once_a_task: false,
  map_diagnostic: false,
  templates: (m) => [
    { template: 'rooms_cleaned', text: wording('rooms_cleaned', null) },
    { template: 'route', text: wording('route', m.num) },
  ],
  candidates: (site) => NO_TARGET,
  read: (m) => list(readTaskThings(m)),
  gold: (site) => taskThings(site.ctx.ask, site.roomsCleaned ? { roomsCleaned: site.roomsCleaned } : {}),
};
