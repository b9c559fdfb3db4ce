/**
 * given_away: nothing a system could answer without looking.
 * - Light furniture (the place's `light_furniture` flag: lamps, pallets) is never asked about: a layout learned from
 *   other shifts predicts its spot.
 * - No question names a thing the robot's own log names up to the ask: a subgoal or status line of the window's
 *   steps so far, or the assignment of a task begun by then ("carry the grey remote from the tv console to the shoe
 *   rack" tells where the remote was and where it went, and the pose log tells where the robot went to get it).
 */
import { nameWords, namedThing, placeThing } from './evidence.ts';
import type { Screen, ScreenContext } from './screen.ts';

/** The log lines a system had read by the ask: steps up to the ask frame, assignments of tasks begun by then. */
export function logLinesUpToAsk(ctx: ScreenContext): string[] {
  const log = ctx.log;
  if (!log) return [];
  const steps = ctx.k === null ? log.steps : log.steps.slice(0, ctx.k + 1);
  const tasks = new Set(steps.map((s) => s.status.task));
  const out: string[] = [];
  log.assignments.forEach((a, i) => {
    if (tasks.has(i)) out.push(a);
  });
  for (const s of steps) out.push(s.subgoal, s.status.phase);
  return out;
}

export const givenAway: Screen = {
  name: 'given_away',
  apply(c, ctx) {
    const ref = namedThing(c);
    if (!ref) return null;
    const thing = placeThing(ctx, ref.id);
    if (thing?.light_furniture) return `${thing.id} is light furniture (a learned layout gives its spot away)`;
    const words = nameWords(ref.colour, ref.kind);
    const id = ref.id?.toLowerCase();
    const line = logLinesUpToAsk(ctx).find((l) => {
      const s = l.toLowerCase().replace(/_/g, ' ');
      return s.includes(words) || (id !== undefined && l.toLowerCase().includes(id));
    });
    return line === undefined ? null : `the robot's log names ${words}: "${line}"`;
  },
};
