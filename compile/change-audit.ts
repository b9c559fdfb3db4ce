/**
 * The change audit: per job, the world changes inside its medium cases (the things moved and doors opened or shut
 * in the gaps between a window's tasks) and how many of them the robot saw both before and after: the changed
 * thing (or door) had pixels in a window frame while at its old spot or state (after its previous change, before
 * this one) and in a window frame at its new one (from this change until its next). Pure: timeline, the window's
 * frames (visibility joined with the plan: t, task, entities), nothing else.
 */
import type { Timeline } from '../layouts/timeline.ts';
import type { FrameView } from './ask/inputs.ts';

/** Moves shorter than this (m) and turns smaller than this (deg) are not changes. */
export const MOVE_EPS_M = 0.01;
export const TURN_EPS_DEG = 1;

export interface WorldChange {
  entity: string;
  what: 'thing' | 'door';
  /** timeline time of the change */
  t: number;
  /** the gap it happened in: after the window's task `after_task` (case index) */
  after_task: number;
  seen_before: boolean;
  seen_after: boolean;
}

export interface CaseAudit {
  cid: string;
  job: string;
  changes: WorldChange[];
}

export interface JobAudit {
  job: string;
  medium_cases: number;
  changes: number;
  seen_both: number;
  seen_before_only: number;
  seen_after_only: number;
  seen_neither: number;
}

/** The gaps of a window: the open intervals between one task's last frame and the next task's first. */
export function windowGaps(frames: readonly FrameView[]): { after_task: number; t0: number; t1: number }[] {
  const gaps: { after_task: number; t0: number; t1: number }[] = [];
  for (let i = 1; i < frames.length; i++) {
    if (frames[i].task !== frames[i - 1].task)
      gaps.push({ after_task: frames[i - 1].task, t0: frames[i - 1].t, t1: frames[i].t });
  }
  return gaps;
}

const angleDiff = (a: number, b: number) => Math.abs(((((a - b) % 360) + 540) % 360) - 180);

function seenBetween(frames: readonly FrameView[], id: string, t0: number, t1: number): boolean {
  return frames.some((f) => f.t >= t0 && f.t < t1 && f.entities.some((e) => e.entity === id && e.pixels > 0));
}

/** The changes in one case's window, each with what the robot saw of it. */
export function auditCase(
  timeline: Timeline,
  frames: readonly FrameView[],
  meta: { cid: string; job: string },
): CaseAudit {
  const gaps = windowGaps(frames);
  const gapOf = (t: number) => gaps.find((g) => t > g.t0 && t <= g.t1);
  const changes: WorldChange[] = [];
  const visit = (entity: string, what: WorldChange['what'], times: { t: number; changed: boolean }[]) => {
    times.forEach((ev, i) => {
      if (!ev.changed) return;
      const g = gapOf(ev.t);
      if (!g) return;
      // the old spot holds from the previous change on, the new one until the next change
      const prev =
        times
          .slice(0, i)
          .filter((x) => x.changed)
          .pop()?.t ?? -Infinity;
      const next = times.slice(i + 1).find((x) => x.changed)?.t ?? Infinity;
      changes.push({
        entity,
        what,
        t: ev.t,
        after_task: g.after_task,
        seen_before: seenBetween(frames, entity, prev, ev.t),
        seen_after: seenBetween(frames, entity, ev.t, next),
      });
    });
  };
  for (const id of Object.keys(timeline.things).sort()) {
    const evs = timeline.things[id];
    visit(
      id,
      'thing',
      evs.map((e, i) => {
        const p = evs[i - 1];
        const changed =
          !!p &&
          (Math.hypot(e.x - p.x, e.y - p.y, e.z - p.z) >= MOVE_EPS_M ||
            angleDiff(e.yaw, p.yaw) >= TURN_EPS_DEG ||
            e.rests_on !== p.rests_on ||
            e.level !== p.level);
        return { t: e.t, changed };
      }),
    );
  }
  for (const id of Object.keys(timeline.doors).sort()) {
    const evs = timeline.doors[id];
    visit(
      id,
      'door',
      evs.map((e, i) => ({ t: e.t, changed: i > 0 && JSON.stringify(e.state) !== JSON.stringify(evs[i - 1].state) })),
    );
  }
  changes.sort((a, b) => a.t - b.t || (a.entity < b.entity ? -1 : a.entity > b.entity ? 1 : 0));
  return { cid: meta.cid, job: meta.job, changes };
}

/** Per job (sorted): medium cases, changes in them and how many were seen before and after. */
export function changeAudit(cases: readonly CaseAudit[]): JobAudit[] {
  const jobs = [...new Set(cases.map((c) => c.job))].sort();
  return jobs.map((job) => {
    const ch = cases.filter((c) => c.job === job).flatMap((c) => c.changes);
    return {
      job,
      medium_cases: cases.filter((c) => c.job === job).length,
      changes: ch.length,
      seen_both: ch.filter((c) => c.seen_before && c.seen_after).length,
      seen_before_only: ch.filter((c) => c.seen_before && !c.seen_after).length,
      seen_after_only: ch.filter((c) => !c.seen_before && c.seen_after).length,
      seen_neither: ch.filter((c) => !c.seen_before && !c.seen_after).length,
    };
  });
}

/** The audit as a markdown section for compile_report.md. */
export function changeAuditMarkdown(rows: readonly JobAudit[]): string {
  const L = [
    '## Change audit (medium cases)',
    '',
    '| Job | Medium cases | Changes | Seen before and after | Before only | After only | Neither |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of rows)
    L.push(
      `| ${r.job} | ${r.medium_cases} | ${r.changes} | ${r.seen_both} | ${r.seen_before_only} | ${r.seen_after_only} | ${r.seen_neither} |`,
    );
  if (!rows.length) L.push('| (no medium cases) | 0 | 0 | 0 | 0 | 0 | 0 |');
  return L.join('\n') + '\n';
}
