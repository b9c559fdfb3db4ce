/**
 * way_to_room: an answerable way_to is asked only where the answer takes reading: its best heading must have room
 * for the body through seen floor (the family's table: room_ok and seen_ok), bring the body at least
 * MIN_PROGRESS_M nearer the thing over the re-find drive, and be a real turn (|heading| >= MIN_TURN_DEG) so that
 * "straight on" is not a free answer. Unknown golds are the glimpse screen's.
 */
import type { Screen } from './screen.ts';

/** The smallest turn an answerable way_to may have (SPEC F19). */
export const MIN_TURN_DEG = 30;
/** The least progress toward the thing along the best heading: two field cells (below, the table is flat noise). */
export const MIN_PROGRESS_M = 0.2;

export const wayToRoom: Screen = {
  name: 'way_to_room',
  apply(c) {
    if (c.family !== 'way_to' || !c.gold.knowable) return null;
    const t = c.gold.heading_table;
    const h = c.gold.value as number;
    if (!t) return 'no heading table';
    const i = Math.round(h) + 180;
    const e = t.entries[i];
    if (!e?.room_ok || !e.seen_ok) return `best heading ${h} deg has no room through seen floor`;
    const progress = t.best_progress_m ?? 0;
    if (progress < MIN_PROGRESS_M)
      return `best heading gains ${progress.toFixed(2)} m < ${MIN_PROGRESS_M} m toward the thing`;
    if (Math.abs(h) < MIN_TURN_DEG) return `best heading ${h} deg is not a real turn (< ${MIN_TURN_DEG} deg)`;
    return null;
  },
};
