/**
 * The perfect reader's answers in the protocol's shapes (each family's `read`, compile/families/<name>.ts, reads the
 * frames with the helpers of compile/reader/): a reading that finds nothing the frames vouch for answers unknown.
 */
import type { ReaderMemory } from './memory.ts';

export const UNKNOWN = { type: 'unknown' } as const;

export const number = (v: number | null) => (v === null ? UNKNOWN : { type: 'number', value: v });
export const heading = (v: number | null) => (v === null ? UNKNOWN : { type: 'heading', deg: v });
export const place = (v: { x: number; y: number } | null) => (v === null ? UNKNOWN : { type: 'place', x: v.x, y: v.y });
export const offset = (v: { ahead: number; left: number } | null) =>
  v === null ? UNKNOWN : { type: 'offset', ahead: v.ahead, left: v.left };
export const list = (v: { x: number; y: number }[] | null) =>
  v === null ? UNKNOWN : { type: 'list', places: v.map((p) => ({ x: p.x, y: p.y })) };

/** The clear_path turn a question names ("turned in place 90 degrees"), or the job's. */
export function turnOf(text: string, m: ReaderMemory): number {
  const t = /turned in place (\d+(?:\.\d+)?) degrees/.exec(text);
  return t ? Number(t[1]) : m.job.turn_deg;
}
