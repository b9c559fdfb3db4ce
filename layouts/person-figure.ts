/**
 * A person as a shaped, jointed figure of the world model's solids, its lengths from the person's height H and its
 * girths from the shoulder width W: shoes, shins and thighs that bend at the knee, a pelvis and a chest (rounded
 * boxes), upper arms and forearms that bend at the elbow, hands, a neck, a head and its hair.
 *
 * A limb is a lathe (truncated cones along its axis) tilted in the walking plane. Each joint is the dome that rounds
 * the top of the limb below it (the shin's top is the knee, the forearm's the elbow, the thigh's the hip, the upper
 * arm's the shoulder), and the limb above ends in a flat disc tangent to that dome, so the parts touch but never
 * interpenetrate at any pose (tests/unit/layouts/person-figure.test.ts). The shin's foot is a dome too (the ankle),
 * and the shoe's top is tangent to it, so the shoe can turn less than the shin; a hand turns with its forearm.
 *
 * Walking swings the legs about the hips, bends the swinging leg's knee (0 and 0.5 of the cycle: the feet pass, one
 * knee bent most) and swings each arm against its leg with the elbow a little bent; the figure rests on its lowest
 * shoe, so the body dips as the stride opens. Standing, every part is upright and the hair's top is at H. Sitting
 * (the pose's `seat`), the pelvis rests on the seat with the thighs level ahead of it, the shins go down to the floor
 * (tilted forward where the seat is low) and the forearms reach forward over the thighs.
 *
 * A person's skin, hair and shoes are the place's (`skin`, `hair`, `shoes`) or drawn from the stream
 * (person id, 'person_look').
 */
import { stream } from '../foundation/rng.ts';
import { PERSON_HAIRS, PERSON_SHOES, PERSON_SKINS, type Person, type Place } from './place-schema.ts';
import { extentAlong, type Solid } from './solids.ts';
import { type PersonPose, seatTop } from './world-state.ts';

/** Material names a person's solids use (resolved by `materialTable`). */
export function personMaterials(p: Person): {
  top: string;
  trousers: string;
  skin: string;
  hair: string;
  shoes: string;
} {
  const s = stream(p.id, 'person_look');
  const drawn = { skin: s.pick(PERSON_SKINS), hair: s.pick(PERSON_HAIRS), shoes: s.pick(PERSON_SHOES) };
  return {
    top: `cloth@${p.colour}`,
    trousers: `cloth@${p.trousers}`,
    skin: p.skin ?? drawn.skin,
    hair: p.hair ?? drawn.hair,
    shoes: p.shoes ?? drawn.shoes,
  };
}

/** A point of the figure's own frame: ahead, left, up (metres). */
type P3 = [number, number, number];

const DEG = Math.PI / 180;
/** Swing of a leg about its hip at the widest stride, degrees */
const HIP_SWING = 20;
/** Bend of the swinging knee as the feet pass, and of the standing one, degrees */
const KNEE_SWING = 40;
const KNEE_STANCE = 5;
/** Swing of an arm about its shoulder at the widest stride, and the elbow's bend walking and standing, degrees */
const ARM_SWING = 16;
const ELBOW_WALK = 15;
const ELBOW_STAND = 6;
/** Sitting: the upper arm's swing forward and the elbow's bend (forearms forward over the thighs), degrees */
const SIT_ARM = 10;
const SIT_ELBOW = 55;
/** Sitting: the least forward tilt of the shins (feet a little ahead of the knees), and the most the thighs slope
 * down to the knees on a high seat, degrees */
const SIT_SHIN = 8;
const SIT_THIGH = 20;
/** The share of the shin's tilt the shoe takes */
const FOOT_FOLLOWS = 0.35;
/** Points of a joint's dome (a quarter circle from its rim to the axis) */
const DOME_STEPS = 4;

/** The unit vector of the walking plane at `deg` from straight down, forward positive. */
function down(deg: number): P3 {
  return [Math.sin(deg * DEG), 0, -Math.cos(deg * DEG)];
}
const up = (d: P3): P3 => [-d[0], -d[1], -d[2]];
const along = (p: P3, d: P3, k: number): P3 => [p[0] + d[0] * k, p[1] + d[1] * k, p[2] + d[2] * k];

/** The pitch (degrees) that turns a solid's own +z onto the unit vector u of the walking plane. */
function pitchOf(u: P3): number {
  return Math.atan2(u[0], u[2]) / DEG;
}

/** Own-frame parts: a solid whose centre is in the figure's frame and whose yaw is still to be given. */
type Part = Omit<Solid, 'owner' | 'role' | 'yaw_deg'>;

/**
 * A limb: a lathe from the joint `bottom` up the unit axis `u` for `L` metres to the joint at its top, its radius
 * running through `body` ([radius, share of the way from bottom to top], the first at share 0, the last at share 1),
 * rounded, when `dome` > 0, by a dome of that radius about the top joint and, when `foot` > 0, by a dome of that
 * radius about `bottom` (the body's first radius must then be `foot`). L is given, not measured, so that a limb's
 * profile is the same at every pose (a solid may only move and turn over a script).
 */
function limb(
  name: string,
  material: string,
  bottom: P3,
  u: P3,
  L: number,
  body: [number, number][],
  dome: number,
  foot = 0,
): Part {
  const profile: [number, number][] = [];
  const arc = (k: number) => (k / DOME_STEPS) * (Math.PI / 2);
  for (let k = 0; k < DOME_STEPS && foot > 0; k++)
    profile.push([k === 0 ? 0 : foot * Math.sin(arc(k)), foot - foot * Math.cos(arc(k))]);
  profile.push(...body.map(([r, f]): [number, number] => [r, foot + f * L]));
  for (let k = 1; k <= DOME_STEPS && dome > 0; k++)
    profile.push([k === DOME_STEPS ? 0 : dome * Math.cos(arc(k)), foot + L + dome * Math.sin(arc(k))]);
  const h = foot + L + dome;
  const rMax = Math.max(...profile.map(([r]) => r));
  return {
    name,
    shape: 'lathe',
    center: along(bottom, u, h / 2 - foot),
    size: [2 * rMax, 2 * rMax, h],
    ...tilt(pitchOf(u)),
    material,
    profile,
  };
}

function tilt(pitch: number): { pitch_deg?: number } {
  return Math.abs(pitch) > 1e-9 ? { pitch_deg: pitch } : {};
}

/** The figure's solids at a pose. */
export function personSolids(p: Person, pose: PersonPose): Solid[] {
  const H = p.height;
  const W = p.shoulder_width;
  const m = personMaterials(p);
  // girths (from W) and lengths (from H)
  const chestW = 0.64 * W;
  const chestD = 0.5 * W;
  const pelvisW = 0.64 * W;
  const pelvisD = 0.45 * W;
  const legOff = 0.165 * W;
  const rHip = 0.16 * W;
  const rKnee = 0.095 * W;
  const rCalf = 0.105 * W;
  const rAnkle = 0.065 * W;
  const rShoulder = 0.09 * W;
  const rElbow = 0.08 * W;
  const rWrist = 0.05 * W;
  const rHand = 0.065 * W;
  const armY = chestW / 2 + rShoulder;
  const shoeH = 0.04 * H;
  const shoeL = 0.145 * H;
  const shoeW = 0.24 * W;
  const crotch = 0.47 * H;
  const waist = 0.6 * H;
  const shoulders = 0.82 * H;
  const chin = 0.87 * H;
  const headR = 0.045 * H;
  const rNeck = Math.min(0.12 * W, 0.5 * headR);
  const hip = crotch - rHip;
  const leg = hip - shoeH - rAnkle;
  const upperArm = 0.17 * H;
  const forearm = 0.14 * H;
  const hand = 0.085 * H;

  const swing = pose.walking ? Math.sin(2 * Math.PI * pose.phase) : 0;
  const passing = pose.walking ? Math.cos(2 * Math.PI * pose.phase) : 0;
  // sitting: the pelvis rests on the seat and the thighs run forward from the hips just ahead of it, level on a low
  // seat (the shins then tilt forward to put the feet on the floor), sloping down to the knees on a high one (the
  // feet dangle where even that does not reach)
  const seat = pose.seat;
  const lift = seat === undefined ? 0 : seat - crotch;
  const reach = seat === undefined ? 0 : (seat + rHip - rAnkle - shoeH) / (leg / 2); // floor below level knees
  const sitShin = Math.max(SIT_SHIN, Math.acos(Math.min(1, reach)) / DEG);
  const sitThigh = Math.min(SIT_THIGH, Math.asin(Math.max(0, Math.min(1, reach - Math.cos(sitShin * DEG)))) / DEG);
  const parts: Part[] = [];
  for (const [side, sign] of [
    ['left', 1],
    ['right', -1],
  ] as const) {
    // the leg: hip angle forward positive; the knee bends the shin back; the left leg swings forward while passing > 0
    const hipAngle = seat === undefined ? HIP_SWING * swing * sign : 90 - sitThigh;
    const knee =
      seat !== undefined
        ? hipAngle - sitShin
        : pose.walking
          ? KNEE_STANCE + KNEE_SWING * Math.max(0, passing * sign)
          : 0;
    const J: P3 = seat === undefined ? [0, sign * legOff, hip] : [pelvisD / 2 + rHip, sign * legOff, seat + rHip];
    const K = along(J, down(hipAngle), leg / 2);
    const shinDown = down(hipAngle - knee);
    const A = along(K, shinDown, leg / 2);
    const shinUp = up(shinDown);
    parts.push(
      limb(
        `shin_${side}`,
        m.trousers,
        A,
        shinUp,
        leg / 2,
        [
          [rAnkle, 0],
          [rCalf, 0.6],
          [rKnee, 1],
        ],
        rKnee,
        rAnkle,
      ),
    );
    const thighUp = up(down(hipAngle));
    parts.push(
      limb(
        `thigh_${side}`,
        m.trousers,
        along(K, thighUp, rKnee),
        thighUp,
        leg / 2 - rKnee,
        [
          [rKnee, 0],
          [0.93 * rHip, 0.6],
          [rHip, 1],
        ],
        rHip,
      ),
    );
    // the shoe turns a share of the way with the shin (the ankle flexes the rest); its top is tangent to the ankle's
    // dome, its toe ahead
    const shoePitch = seat === undefined ? FOOT_FOLLOWS * pitchOf(shinUp) : 0;
    const c = Math.cos(shoePitch * DEG);
    const s = Math.sin(shoePitch * DEG);
    const ahead = 0.22 * shoeL;
    const lz = -rAnkle - shoeH / 2;
    parts.push({
      name: `shoe_${side}`,
      shape: 'rbox',
      center: [A[0] + ahead * c + lz * s, A[1], A[2] - ahead * s + lz * c],
      size: [shoeL, shoeW, shoeH],
      ...tilt(shoePitch),
      radius: 0.3 * shoeH,
      material: m.shoes,
    });
    // the arm swings against its leg; the elbow bends the forearm forward
    const armAngle = seat === undefined ? -ARM_SWING * swing * sign : SIT_ARM;
    const elbow = seat !== undefined ? SIT_ELBOW : pose.walking ? ELBOW_WALK : ELBOW_STAND;
    const S: P3 = [0, sign * armY, shoulders - rShoulder + lift];
    const upperDown = down(armAngle);
    const E = along(S, upperDown, upperArm);
    const foreDown = down(armAngle + elbow);
    const Wr = along(E, foreDown, forearm);
    parts.push(
      limb(
        `upper_arm_${side}`,
        m.top,
        along(E, up(upperDown), rElbow),
        up(upperDown),
        upperArm - rElbow,
        [
          [rElbow, 0],
          [rShoulder, 1],
        ],
        rShoulder,
      ),
      limb(
        `forearm_${side}`,
        m.top,
        Wr,
        up(foreDown),
        forearm,
        [
          [rWrist, 0],
          [0.95 * rElbow, 0.7],
          [rElbow, 1],
        ],
        rElbow,
      ),
      limb(
        `hand_${side}`,
        m.skin,
        along(Wr, foreDown, hand),
        up(foreDown),
        hand,
        [
          [0.55 * rHand, 0],
          [rHand, 0.45],
          [rWrist, 1],
        ],
        0,
      ),
    );
  }
  const box = (name: string, material: string, z0: number, z1: number, l: number, w: number, radius: number): Part => ({
    name,
    shape: 'rbox',
    center: [0, 0, (z0 + z1) / 2 + lift],
    size: [l, w, z1 - z0],
    radius,
    material,
  });
  const headTop = H;
  const skinTop = chin + 0.6 * (headTop - chin);
  const head = (z: number) => z * (headTop - chin);
  parts.push(
    box('pelvis', m.trousers, crotch, waist, pelvisD, pelvisW, 0.08 * W),
    box('chest', m.top, waist, shoulders, chestD, chestW, 0.12 * W),
    {
      name: 'neck',
      shape: 'cylinder',
      center: [0, 0, (shoulders + chin) / 2 + lift],
      size: [2 * rNeck, 2 * rNeck, chin - shoulders],
      material: m.skin,
    },
    {
      name: 'head',
      shape: 'lathe',
      center: [0, 0, (chin + skinTop) / 2 + lift],
      size: [2 * headR, 2 * headR, skinTop - chin],
      profile: [
        [0.6 * headR, 0],
        [0.86 * headR, head(0.15)],
        [0.97 * headR, head(0.35)],
        [headR, head(0.6)],
      ],
      material: m.skin,
    },
    {
      name: 'hair',
      shape: 'lathe',
      center: [0, 0, (skinTop + headTop) / 2 + lift],
      size: [2.08 * headR, 2.08 * headR, headTop - skinTop],
      profile: [
        [1.04 * headR, 0],
        [1.02 * headR, head(0.1)],
        [0.93 * headR, head(0.2)],
        [0.75 * headR, head(0.3)],
        [0.45 * headR, head(0.37)],
        [0, head(0.4)],
      ],
      material: m.hair,
    },
  );

  // rest the figure on its lowest point (sitting: on the seat, as placed), then turn it to its heading and move it
  // to its place
  let lowest = seat === undefined ? Number.POSITIVE_INFINITY : 0;
  if (seat === undefined)
    for (const q of parts)
      lowest = Math.min(
        lowest,
        q.center[2] + extentAlong({ ...q, owner: p.id, role: 'person', yaw_deg: 0 }, 0, 0, 1)[0],
      );
  const h = pose.heading * DEG;
  const fx = Math.cos(h);
  const fy = Math.sin(h);
  return parts.map((q) => {
    const [a, l, z] = q.center;
    return {
      ...q,
      name: `person:${p.id}/${q.name}`,
      owner: p.id,
      role: 'person' as const,
      center: [pose.x + fx * a - fy * l, pose.y + fy * a + fx * l, z - lowest],
      yaw_deg: pose.heading,
    };
  });
}

/**
 * Where a seated person's disc of half their shoulder width must sweep to cover their seated figure (thighs, shins
 * and shoes reach forward of the trunk; no part is wider than the shoulders): the offset (x, y, metres) from their
 * `at` to the sweep's far end, along their heading. Undefined for a person who does not sit.
 */
export function seatedReach(place: Place, p: Person): [number, number] | undefined {
  const seat = seatTop(place, p);
  if (seat === undefined || !p.at) return undefined;
  const solids = personSolids(p, { x: 0, y: 0, heading: 0, walking: false, phase: 0, speed: 0, seat });
  // every part's box (along the heading, across it) inside the sweep: its front corners within the far end's disc
  const R = p.shoulder_width / 2;
  let r = 0;
  for (const s of solids) {
    const ahead = s.center[0] + extentAlong(s, 1, 0, 0)[1];
    const [a0, a1] = extentAlong(s, 0, 1, 0).map((v) => v + s.center[1]);
    const side = Math.min(R, Math.max(-a0, a1));
    r = Math.max(r, ahead - Math.sqrt(R * R - side * side));
  }
  const h = p.at.heading * DEG;
  return [r * Math.cos(h), r * Math.sin(h)];
}

/**
 * The floor a seated person keeps for themself, as solids for the planners (never drawn): the sweep of their disc
 * over their reach (a cylinder at each end and a box between) from the floor to their height, so that a route or a
 * walker keeps out of what the people families measure as the person. Empty for a person who does not sit.
 */
export function seatedKeepOut(place: Place, p: Person): Solid[] {
  const reach = seatedReach(place, p);
  if (!reach || !p.at) return [];
  const [x, y] = [p.at.x, p.at.y];
  const len = Math.hypot(reach[0], reach[1]);
  const d = p.shoulder_width;
  const z = p.height / 2;
  const solid = (
    name: string,
    shape: 'cylinder' | 'box',
    center: [number, number, number],
    size: [number, number, number],
  ): Solid => ({
    name: `person:${p.id}/keep_out_${name}`,
    owner: p.id,
    role: 'fixed',
    shape,
    center,
    size,
    yaw_deg: p.at!.heading,
    material: 'keep_out',
  });
  return [
    solid('back', 'cylinder', [x, y, z], [d, d, p.height]),
    solid('front', 'cylinder', [x + reach[0], y + reach[1], z], [d, d, p.height]),
    solid('between', 'box', [x + reach[0] / 2, y + reach[1] / 2, z], [len, d, p.height]),
  ];
}
