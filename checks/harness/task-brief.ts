/**
 * The task message's text, composed at run time (never stored): the clock at the task's first frame, how long the
 * robot sat parked and unobserved before it, and the assignment. Nothing tells where the case's window sits in
 * the script.
 */

/** A duration in words: "1 h 23 min 5 s", "40 s", "0 s". */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const min = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const parts: string[] = [];
  if (h) parts.push(`${h} h`);
  if (min) parts.push(`${min} min`);
  if (s || !parts.length) parts.push(`${s} s`);
  return parts.join(' ');
}

/** The brief of one task. */
export function taskBrief(t: { index: number; clock: string; unobserved_s: number; assignment: string }): string {
  const unobserved =
    t.unobserved_s > 0
      ? `Before this task the robot sat parked and unobserved for ${formatDuration(t.unobserved_s)}; things may have changed meanwhile.`
      : 'The robot was not left unobserved before this task.';
  return `Task ${t.index}. The clock reads ${t.clock}. ${unobserved} Assignment: ${t.assignment}`;
}
