/**
 * A person as a simple articulated figure of primitives: two legs, a torso, two arms, a neck and a head, sized
 * from the person's height and shoulder width. Walking swings legs and arms forward and back (solids only yaw,
 * so a swing is a horizontal shift of the limb). Parts touch but never interpenetrate.
 */
import type { Person } from './place-schema.ts';
import type { Solid } from './solids.ts';
import type { PersonPose } from './world-state.ts';

/** Material names a person's solids use (resolved by `materialTable`). */
export function personMaterials(p: Person): { top: string; trousers: string; skin: string } {
  return { top: `cloth@${p.colour}`, trousers: `cloth@${p.trousers}`, skin: 'skin' };
}

/** The figure's solids at a pose. */
export function personSolids(p: Person, pose: PersonPose): Solid[] {
  const H = p.height;
  const W = p.shoulder_width;
  const m = personMaterials(p);
  const h = (pose.heading * Math.PI) / 180;
  const fx = Math.cos(h);
  const fy = Math.sin(h);
  const lx = -fy;
  const ly = fx;
  const at = (ahead: number, left: number, z: number): [number, number, number] => [
    pose.x + fx * ahead + lx * left,
    pose.y + fy * ahead + ly * left,
    z,
  ];
  const legTop = 0.47 * H;
  const torsoTop = 0.81 * H;
  const headD = 0.13 * H;
  const neckTop = H - headD;
  const armW = 0.14 * W;
  const torsoW = W - 2 * armW;
  const depth = Math.max(0.16, 0.45 * W);
  const legW = 0.38 * torsoW;
  const swing = pose.walking ? Math.sin(2 * Math.PI * pose.phase) : 0;
  const stride = 0.12 * H * swing;
  const armSwing = 0.06 * H * swing;
  const name = (part: string) => `person:${p.id}/${part}`;
  const box = (part: string, c: [number, number, number], size: [number, number, number], material: string): Solid => ({
    name: name(part),
    owner: p.id,
    role: 'person',
    shape: 'box',
    center: c,
    size,
    yaw_deg: pose.heading,
    material,
  });
  const legOff = torsoW / 2 - legW / 2;
  return [
    box('leg_left', at(stride, legOff, legTop / 2), [0.6 * depth, legW, legTop], m.trousers),
    box('leg_right', at(-stride, -legOff, legTop / 2), [0.6 * depth, legW, legTop], m.trousers),
    box('torso', at(0, 0, (legTop + torsoTop) / 2), [depth, torsoW, torsoTop - legTop], m.top),
    box(
      'arm_left',
      at(-armSwing, torsoW / 2 + armW / 2, (0.45 * H + torsoTop) / 2),
      [0.5 * depth, armW, torsoTop - 0.45 * H],
      m.top,
    ),
    box(
      'arm_right',
      at(armSwing, -torsoW / 2 - armW / 2, (0.45 * H + torsoTop) / 2),
      [0.5 * depth, armW, torsoTop - 0.45 * H],
      m.top,
    ),
    {
      name: name('neck'),
      owner: p.id,
      role: 'person',
      shape: 'cylinder',
      center: at(0, 0, (torsoTop + neckTop) / 2),
      size: [0.09, 0.09, neckTop - torsoTop],
      yaw_deg: 0,
      material: m.skin,
    },
    {
      name: name('head'),
      owner: p.id,
      role: 'person',
      shape: 'sphere',
      center: at(0, 0, neckTop + headD / 2),
      size: [headD, headD, headD],
      yaw_deg: 0,
      material: m.skin,
    },
  ];
}
