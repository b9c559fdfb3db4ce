/**
 * The perfect reader's answer to a question, from its memory of the case: the question's form (read back from its
 * text) picks the family's reading; a reading that finds nothing the frames vouch for answers unknown.
 */
import type { Direction } from '../../../layouts/geometry/index.ts';
import type { QuestionForm } from '../question-form.ts';
import { readClearPath, readOpenHeading } from './corridor.ts';
import { readTangleAhead, readTaskThings } from './lists.ts';
import type { ReaderMemory } from './memory.ts';
import { readApproachMem, readClosestApproach, readClosestPerson, readDropZone, readPersonMem } from './people.ts';
import { readWayTo } from './route.ts';
import { readEgoMem, readEgoNow, readObjectWhere } from './things.ts';

export const UNKNOWN = { type: 'unknown' } as const;

const number = (v: number | null) => (v === null ? UNKNOWN : { type: 'number', value: v });
const heading = (v: number | null) => (v === null ? UNKNOWN : { type: 'heading', deg: v });
const place = (v: { x: number; y: number } | null) => (v === null ? UNKNOWN : { type: 'place', x: v.x, y: v.y });
const offset = (v: { ahead: number; left: number } | null) => (v === null ? UNKNOWN : { type: 'offset', ahead: v.ahead, left: v.left });
const list = (v: { x: number; y: number }[] | null) => (v === null ? UNKNOWN : { type: 'list', places: v.map((p) => ({ x: p.x, y: p.y })) });

/** The clear_path turn a question names ("turned in place 90 degrees"), or the job's. */
function turnOf(text: string, m: ReaderMemory): number {
  const t = /turned in place (\d+(?:\.\d+)?) degrees/.exec(text);
  return t ? Number(t[1]) : m.job.turn_deg;
}

/** The reader's answer (a protocol answer value) to one question. */
export function readAnswer(m: ReaderMemory, form: QuestionForm | null, text: string): unknown {
  if (!form || !m.frames.length) return UNKNOWN;
  const thing = form.thing;
  switch (form.family) {
    case 'clear_path':
      return number(readClearPath(m, form.template as Direction, turnOf(text, m)));
    case 'open_heading':
      return heading(readOpenHeading(m));
    case 'closest_person':
      return number(readClosestPerson(m));
    case 'closest_approach':
      return number(readClosestApproach(m));
    case 'approach_mem':
      return number(readApproachMem(m, form.person ?? ''));
    case 'drop_zone_people':
      return list(readDropZone(m));
    case 'person_mem':
      return place(readPersonMem(m, form.person ?? ''));
    case 'tangle_ahead':
      return list(readTangleAhead(m));
    case 'task_things':
      return list(readTaskThings(m));
    case 'way_to':
      return thing ? heading(readWayTo(m, thing)) : UNKNOWN;
    case 'object_where':
      return thing ? place(readObjectWhere(m, thing)) : UNKNOWN;
    case 'ego_now':
      return thing ? offset(readEgoNow(m, thing)) : UNKNOWN;
    case 'ego_mem':
      return thing ? offset(readEgoMem(m, thing)) : UNKNOWN;
    default:
      return UNKNOWN;
  }
}
