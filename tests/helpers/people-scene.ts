/**
 * A place of people alone (tests/bench/people-gallery.ts, tests/integration/render/people-crosscheck.test.ts): eight
 * people of different heights, widths and clothes walk along +x in a row at y = 0, each an eighth of the walking
 * cycle on from the one before at time T (so the row shows one stride, from the feet passing to the widest step and
 * back), three stand at y = 20 facing -y and two sit behind them on a couch, facing -y too; a grey floor, a sky and
 * a sun.
 */
import { Place } from '../../layouts/place-schema.ts';
import { checkPlace } from '../../layouts/place-rules.ts';
import { emptyTimeline, STRIDE_M, type Timeline } from '../../layouts/timeline.ts';

const COLOURS: Record<string, [number, number, number]> = {
  red: [0.6, 0.08, 0.07],
  blue: [0.1, 0.2, 0.5],
  green: [0.15, 0.4, 0.15],
  yellow: [0.75, 0.6, 0.1],
  white: [0.85, 0.85, 0.83],
  black: [0.04, 0.04, 0.04],
  grey: [0.4, 0.4, 0.4],
  beige: [0.65, 0.55, 0.4],
  navy: [0.05, 0.08, 0.22],
  orange: [0.8, 0.35, 0.08],
  purple: [0.3, 0.1, 0.4],
  teal: [0.05, 0.4, 0.4],
  pink: [0.8, 0.4, 0.5],
};
/** [top, trousers, height, shoulder width] of the walking row, then of the standing group */
const WALKING: [string, string, number, number][] = [
  ['red', 'navy', 1.78, 0.46],
  ['white', 'black', 1.62, 0.38],
  ['green', 'beige', 1.85, 0.48],
  ['yellow', 'blue', 1.55, 0.36],
  ['grey', 'black', 1.7, 0.42],
  ['orange', 'navy', 1.92, 0.5],
  ['blue', 'grey', 1.12, 0.31],
  ['black', 'beige', 1.68, 0.4],
];
const STANDING: [string, string, number, number][] = [
  ['navy', 'grey', 1.8, 0.45],
  ['beige', 'black', 1.6, 0.37],
  ['purple', 'blue', 1.74, 0.43],
];
const SITTING: [string, string, number, number][] = [
  ['teal', 'beige', 1.7, 0.42],
  ['pink', 'grey', 1.82, 0.46],
];
/** the couch the sitters sit on: its middle (x, y), facing -y */
const COUCH: [number, number] = [0, 22.9];
/** the time at which the row stands as described */
export const PEOPLE_T = 10;
/** the walkers' spacing along the row (m) */
export const PEOPLE_GAP = 1.05;

export function peopleScene(): {
  place: Place;
  timeline: Timeline;
  walkers: string[];
  standers: string[];
  sitters: string[];
} {
  const walkers = WALKING.map((_, i) => `walker_${i}`);
  const standers = STANDING.map((_, i) => `stander_${i}`);
  const sitters = SITTING.map((_, i) => `sitter_${i}`);
  const person = ([colour, trousers, height, shoulder_width]: [string, string, number, number], id: string) => ({
    id,
    colour,
    trousers,
    height,
    shoulder_width,
  });
  const place = Place.parse({
    id: 'apartment_p',
    kind: 'apartment',
    name: 'people',
    bounds: { x_min: -10, x_max: 10, y_min: -10, y_max: 30 },
    colour_words: COLOURS,
    materials: {
      grey_floor: {
        colour: [0.5, 0.5, 0.5],
        roughness: 0.8,
        pattern: { kind: 'concrete', colour2: [0.46, 0.46, 0.46], scale: 0.5 },
      },
      couch_fabric: {
        colour: [0.25, 0.3, 0.34],
        roughness: 0.95,
        pattern: { kind: 'fabric', colour2: [0.21, 0.26, 0.3], scale: 0.01 },
      },
    },
    floor: { material: 'grey_floor' },
    rooms: [
      {
        id: 'hall',
        name: 'people',
        polygon: [
          [-10, -10],
          [10, -10],
          [10, 30],
          [-10, 30],
        ],
      },
    ],
    people: [
      ...WALKING.map((w, i) => person(w, walkers[i])),
      ...STANDING.map((s, i) => ({ ...person(s, standers[i]), at: { x: (i - 1) * 1.2, y: 20, heading: -90 } })),
      // on the couch's two seats, their hips just behind its front edge (y 22.45)
      ...SITTING.map((s, i) => ({
        ...person(s, sitters[i]),
        at: { x: COUCH[0] + (i - 0.5) * 1.1, y: 22.64, heading: -90, sits_on: 'couch' },
      })),
    ],
    fixed: [
      {
        id: 'couch',
        kind: 'couch',
        shape: 'box',
        center: COUCH,
        size: [2.2, 0.9, 0.8],
        material: 'couch_fabric',
        surface: 0.42,
        asset: { kind: 'couch', seed: 3, seats: 2, arms: 'square', legs: 'wood', back: 'cushions' },
      },
    ],
    lights: {
      world: { colour: [0.85, 0.88, 0.95], strength: 0.5 },
      items: [{ id: 'sun', type: 'sun', power: 2, colour: [1, 0.96, 0.9], size: 3, elevation: 50, azimuth: -60 }],
    },
    sites: [{ id: 'spot', role: 'parking', position: [-8, -8] }],
    credits: { statement: 'people alone: the person figure of layouts/person-figure.ts' },
  });
  const issues = checkPlace(place, 'people', () => undefined);
  if (issues.length) throw new Error(issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
  const base = emptyTimeline(place, 2 * PEOPLE_T);
  const legs = walkers.map((id, i) => {
    const x = (i - (walkers.length - 1) / 2) * PEOPLE_GAP;
    const walked = STRIDE_M * (2 + i / walkers.length);
    return [id, [{ t0: PEOPLE_T - walked, t1: PEOPLE_T + 2, from: [x - walked, 0], to: [x + 2, 0] }]];
  });
  return {
    place,
    timeline: { ...base, people: { ...base.people, ...Object.fromEntries(legs) } },
    walkers,
    standers,
    sitters,
  };
}
