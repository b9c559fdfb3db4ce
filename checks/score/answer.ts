/**
 * Answers: the JSON a system gives for one question, of the type the question asks or `{"type":"unknown"}`.
 *
 *   {"type":"number","value":m}
 *   {"type":"offset","ahead":m,"left":m}        horizontal, from the camera; negative ahead = behind, negative left = right
 *   {"type":"place","x":m,"y":m}                map frame
 *   {"type":"list","places":[{"x":m,"y":m}, ...]}   at most 200 places
 *   {"type":"heading","deg":d}                  relative to the robot's facing, + = left, within [-360, 360]
 *   {"type":"unknown"}
 *
 * Anything else parses to an `invalid` answer with a reason; the scorer scores it as a wrong answer.
 * Extra keys are ignored.
 */
import type { AnswerType } from '../../formats/gold-row.ts';

export const MAX_LIST_PLACES = 200;
export const MAX_HEADING_DEG = 360;

export type Answer =
  | { type: 'number'; value: number }
  | { type: 'offset'; ahead: number; left: number }
  | { type: 'place'; x: number; y: number }
  | { type: 'list'; places: { x: number; y: number }[] }
  | { type: 'heading'; deg: number }
  | { type: 'unknown' };

export type InvalidAnswer = { type: 'invalid'; reason: string };
export type ParsedAnswer = Answer | InvalidAnswer;

/** The reason given for a question with no answer at all. */
export const MISSING = 'missing';

function isObj(x: unknown): x is Record<string, unknown> {
  return x !== null && typeof x === 'object' && !Array.isArray(x);
}

function num(o: Record<string, unknown>, key: string, where: string): number | string {
  const v = o[key];
  if (v === undefined) return `${where}${key} is missing`;
  if (typeof v !== 'number') return `${where}${key} is not a number (${JSON.stringify(v)})`;
  if (!Number.isFinite(v)) return `${where}${key} is not finite (${String(v)})`;
  return v;
}

/**
 * Parse one answer. With `expected`, an answer of another type (other than unknown) is invalid.
 * Never throws.
 */
export function parseAnswer(raw: unknown, expected?: AnswerType): ParsedAnswer {
  const bad = (reason: string): InvalidAnswer => ({ type: 'invalid', reason });
  if (raw === undefined) return bad(MISSING);
  if (!isObj(raw))
    return bad(
      `an answer is a JSON object, not ${raw === null ? 'null' : Array.isArray(raw) ? 'an array' : typeof raw}`,
    );
  const type = raw.type;
  if (typeof type !== 'string') return bad('the answer has no type');
  if (type === 'unknown') return { type: 'unknown' };
  if (expected && type !== expected)
    return bad(`wrong type: the question asks for a ${expected}, the answer is a ${type}`);
  switch (type) {
    case 'number': {
      const v = num(raw, 'value', '');
      return typeof v === 'string' ? bad(v) : { type, value: v };
    }
    case 'offset': {
      const ahead = num(raw, 'ahead', '');
      if (typeof ahead === 'string') return bad(ahead);
      const left = num(raw, 'left', '');
      if (typeof left === 'string') return bad(left);
      return { type, ahead, left };
    }
    case 'place': {
      const x = num(raw, 'x', '');
      if (typeof x === 'string') return bad(x);
      const y = num(raw, 'y', '');
      if (typeof y === 'string') return bad(y);
      return { type, x, y };
    }
    case 'list': {
      const places = raw.places;
      if (!Array.isArray(places)) return bad('places is not a list');
      if (places.length > MAX_LIST_PLACES)
        return bad(`a list holds at most ${MAX_LIST_PLACES} places, this one ${places.length}`);
      const out: { x: number; y: number }[] = [];
      for (let i = 0; i < places.length; i++) {
        const p = places[i];
        if (!isObj(p)) return bad(`places[${i}] is not an object`);
        const x = num(p, 'x', `places[${i}].`);
        if (typeof x === 'string') return bad(x);
        const y = num(p, 'y', `places[${i}].`);
        if (typeof y === 'string') return bad(y);
        out.push({ x, y });
      }
      return { type, places: out };
    }
    case 'heading': {
      const deg = num(raw, 'deg', '');
      if (typeof deg === 'string') return bad(deg);
      if (Math.abs(deg) > MAX_HEADING_DEG)
        return bad(`deg ${deg} is outside [-${MAX_HEADING_DEG}, ${MAX_HEADING_DEG}]`);
      return { type, deg };
    }
    default:
      return bad(`unknown answer type ${JSON.stringify(type)}`);
  }
}
