/**
 * Question texts. Each family has one template per variant; a template reads only the family, the variant and the
 * name of what it asks about (colour word + kind, or a person's top colour), never anything that depends on
 * whether the gold is known, so a trick question (naming a thing never shown) reads exactly like a real one.
 * docs/questions.md lists every template.
 */
import type { Direction } from '../../layouts/geometry/index.ts';

/** "the grey remote": a thing named by its colour word and kind (underscores read as spaces). */
export function thingName(colour: string, kind: string): string {
  return `the ${colour.replace(/_/g, ' ')} ${kind.replace(/_/g, ' ')}`;
}

/** "the person in the red top". */
export function personName(colour: string): string {
  return `the person in the ${colour.replace(/_/g, ' ')} top`;
}

const CLEAR_PATH: Record<Direction, string> = {
  ahead: 'If you drove straight ahead now, how far could your body go before it touched anything?',
  back: 'If you reversed straight back now, without turning, how far could your body go before it touched anything?',
  left: 'If you turned in place {turn} degrees to your left and then drove straight, how far could your body go before it touched anything?',
  right: 'If you turned in place {turn} degrees to your right and then drove straight, how far could your body go before it touched anything?',
};

export const TEXT = {
  clear_path: (d: Direction, turnDeg: number) => CLEAR_PATH[d].replace('{turn}', String(turnDeg)),
  open_heading: () =>
    'Turning in place, which heading would give your body the most room to drive straight? Answer in degrees relative to where you face now (positive = left).',
  closest_person: () => 'During this task so far, how close has a person come to your body? Answer the smallest gap in metres.',
  closest_approach: (horizonS: number) =>
    `If you stayed where you are, how close would the nearest person you can see come to your body in the next ${horizonS} seconds? Answer the smallest gap in metres.`,
  approach_mem: (who: string, horizonS: number) =>
    `If you stayed where you are, how close would ${who}, whom you saw last, come to your body in the next ${horizonS} seconds? Answer the smallest gap in metres.`,
  tangle_ahead: (aheadM: number) =>
    `Which things on the floor within ${aheadM} m ahead of your body could your brush catch? List where each one is on the map.`,
  drop_zone_people: (radiusM: number) => `Who is standing within ${radiusM} m of the point below you? List where each person is on the map.`,
  way_to: (thing: string) =>
    `Which way would you set off now to get to ${thing}? Answer a heading in degrees relative to where you face now (positive = left).`,
  ego_now: (thing: string) => `Where is the point of ${thing} you can see now that is nearest to your camera?`,
  ego_mem: (thing: string) =>
    `Where is the point of ${thing} you saw earlier, where it meets the floor or the surface it stands on, nearest to your camera when you last saw it, from your camera now?`,
  object_where: (thing: string) => `Where on the map did you last see ${thing}? Give the middle of it.`,
  person_mem: (who: string) => `Where on the map did you last see ${who}?`,
  task_things: (scope: 'route' | 'rooms_cleaned', distanceM: number | null) =>
    scope === 'rooms_cleaned'
      ? 'In the rooms you cleaned during your last task, which things on the floor could your brush catch? List where each one is on the map.'
      : `Which things on the floor within ${distanceM} m of the route you drove during your last task would you have to steer around next time? List where each one is on the map.`,
};
