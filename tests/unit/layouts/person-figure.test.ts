/**
 * The person figure (layouts/person-figure.ts): at heights and shoulder widths over the schema's range, standing and
 * through the walking cycle, every part is a sound solid, no two parts interpenetrate (touching is fine: none 10 um
 * into another), the figure rests on the floor and stays within 1% of its height, the swinging knee bends and its foot lifts, and a person's look is
 * drawn from its id.
 */
import { describe, expect, it } from 'vitest';
import { personMaterials, personSolids, seatedReach } from '../../../layouts/person-figure.ts';
import type { Person, Place } from '../../../layouts/place-schema.ts';
import { overlappingPairs, penetration } from '../../../layouts/overlap.ts';
import { extentAlong, type Solid, solidIssues } from '../../../layouts/solids.ts';
import type { PersonPose } from '../../../layouts/world-state.ts';

const PEN = 1e-5;
const person = (height: number, shoulder_width: number, id = 'p1'): Person => ({
  id,
  colour: 'red',
  trousers: 'blue',
  height,
  shoulder_width,
});
const pose = (phase: number, walking: boolean, heading = 30): PersonPose => ({
  x: 2,
  y: -1,
  heading,
  walking,
  phase,
  speed: walking ? 1.2 : 0,
});
const bottom = (s: Solid) => s.center[2] + extentAlong(s, 0, 0, 1)[0];
const top = (s: Solid) => s.center[2] + extentAlong(s, 0, 0, 1)[1];
const part = (solids: Solid[], name: string) => solids.find((s) => s.name.endsWith(`/${name}`))!;

describe('person figure', () => {
  const sizes: [number, number][] = [
    [1, 0.3],
    [1, 0.6],
    [1.75, 0.42],
    [2.2, 0.3],
    [2.2, 0.6],
    [1.3, 0.36],
  ];
  const phases = Array.from({ length: 20 }, (_, i) => i / 20);

  it('is sound, touches without interpenetrating and rests on the floor at every size and pose', () => {
    const bad: string[] = [];
    for (const [H, W] of sizes)
      for (const [phase, walking] of [[0, false] as const, ...phases.map((f) => [f, true] as const)]) {
        const solids = personSolids(person(H, W), pose(phase, walking));
        const at = `H ${H} W ${W} phase ${phase}${walking ? ' walking' : ''}`;
        for (const s of solids)
          for (const i of solidIssues(s)) bad.push(`${at}: ${s.name} ${i.path.join('.')} ${i.message}`);
        for (const [a, b] of overlappingPairs(solids, PEN))
          bad.push(`${at}: ${a.name} x ${b.name} by ${penetration(a, b).toFixed(5)} m`);
        const low = Math.min(...solids.map(bottom));
        if (Math.abs(low) > 1e-9) bad.push(`${at}: lowest point at ${low}`);
        const high = Math.max(...solids.map(top));
        // the body rises a little over the standing foot's toe as the feet pass
        if (high > 1.01 * H || high < 0.95 * H) bad.push(`${at}: top at ${high}`);
      }
    expect(bad).toEqual([]);
  });

  it('only moves and turns its parts through the cycle: every shape, size and profile stays as it stands', () => {
    const shape = (s: Solid) =>
      JSON.stringify([s.name, s.shape, s.size, s.profile ?? null, s.radius ?? null, s.material]);
    const still = personSolids(person(1.7, 0.41), pose(0, false)).map(shape);
    for (const phase of phases) expect(personSolids(person(1.7, 0.41), pose(phase, true)).map(shape)).toEqual(still);
  });

  it('stands upright (the elbows a little bent) at its full height and shoulder width, every part in its owner and role', () => {
    const solids = personSolids(person(1.78, 0.44, 'resident_1'), pose(0, false));
    const bent = /\/(forearm|hand)_/;
    expect(solids.every((s) => bent.test(s.name) || (!s.pitch_deg && !s.roll_deg))).toBe(true);
    expect(Math.max(...solids.map(top))).toBeCloseTo(1.78, 9);
    // as wide across the shoulders as the person's shoulder width (the pose is at heading 30)
    const lx = -Math.sin(Math.PI / 6),
      ly = Math.cos(Math.PI / 6);
    const across = (s: Solid) => s.center[0] * lx + s.center[1] * ly + extentAlong(s, lx, ly, 0)[1];
    const centre = 2 * lx - 1 * ly;
    expect(Math.max(...solids.map(across)) - centre).toBeCloseTo(0.22, 9);
    expect(solids.every((s) => s.owner === 'resident_1' && s.role === 'person')).toBe(true);
    expect(new Set(solids.map((s) => s.name)).size).toBe(solids.length);
  });

  it('bends the swinging knee and lifts its foot as the feet pass, the other foot on the floor', () => {
    for (const [phase, swinging, standing] of [
      [0, 'left', 'right'],
      [0.5, 'right', 'left'],
    ] as const) {
      const solids = personSolids(person(1.75, 0.42), pose(phase, true));
      const bend = (side: string) =>
        Math.abs((part(solids, `thigh_${side}`).pitch_deg ?? 0) - (part(solids, `shin_${side}`).pitch_deg ?? 0));
      expect(bend(swinging)).toBeGreaterThan(30);
      expect(bend(standing)).toBeLessThan(10);
      expect(bottom(part(solids, `shoe_${swinging}`))).toBeGreaterThan(0.02);
      expect(bottom(part(solids, `shoe_${standing}`))).toBeCloseTo(0, 9);
    }
  });

  it('strides: at the widest the feet are apart along the heading and the arms swing against the legs', () => {
    const solids = personSolids(person(1.75, 0.42), pose(0.25, true, 0));
    const x = (name: string) => part(solids, name).center[0];
    expect(x('shoe_left') - x('shoe_right')).toBeGreaterThan(0.3);
    expect(x('hand_right') - x('hand_left')).toBeGreaterThan(0.1);
  });

  it('sits on seats from 0.3 to 0.6 m: sound, no interpenetration, on the seat, feet on the floor where they reach it', () => {
    const bad: string[] = [];
    for (const [H, W] of sizes)
      for (const seat of [0.3, 0.4, 0.45, 0.5, 0.6]) {
        const solids = personSolids(person(H, W), { ...pose(0, false, 0), x: 0, y: 0, seat });
        const at = `H ${H} W ${W} seat ${seat}`;
        for (const s of solids)
          for (const i of solidIssues(s)) bad.push(`${at}: ${s.name} ${i.path.join('.')} ${i.message}`);
        for (const [a, b] of overlappingPairs(solids, PEN))
          bad.push(`${at}: ${a.name} x ${b.name} by ${penetration(a, b).toFixed(5)} m`);
        // the pelvis rests on the seat and nothing but the legs goes below it
        if (Math.abs(bottom(part(solids, 'pelvis')) - seat) > 1e-9)
          bad.push(`${at}: pelvis at ${bottom(part(solids, 'pelvis'))}`);
        for (const s of solids)
          if (!/(shin|shoe|thigh)_/.test(s.name) && bottom(s) < seat - 1e-9)
            bad.push(`${at}: ${s.name} below the seat`);
        // the thighs leave the seat at the pelvis' front face: nothing of them behind it below the seat's top
        const front = part(solids, 'pelvis').center[0] + part(solids, 'pelvis').size[0] / 2;
        for (const side of ['left', 'right']) {
          const thigh = part(solids, `thigh_${side}`);
          if (bottom(thigh) < seat - 0.3 * H) bad.push(`${at}: thigh_${side} hangs to ${bottom(thigh)}`);
          if (thigh.center[0] + extentAlong(thigh, 1, 0, 0)[0] < front - 1e-6)
            bad.push(`${at}: thigh_${side} behind the pelvis`);
        }
        // never below the floor; on it unless the legs are too short for the seat (they then dangle)
        const low = Math.min(...solids.map(bottom));
        if (low < -1e-9) bad.push(`${at}: below the floor at ${low}`);
        if (seat <= 0.45 && H >= 1.7 && low > 1e-6) bad.push(`${at}: feet dangle at ${low}`);
        // seated, the figure is lower than standing and its shins are the part nearest upright below the knees
        if (Math.max(...solids.map(top)) > 0.85 * H + seat - 0.3) bad.push(`${at}: too tall seated`);
      }
    expect(bad).toEqual([]);
  });

  it('sits within the disc of its reach: every part inside the sweep of half its shoulder width ahead of it', () => {
    for (const [H, W] of sizes) {
      const p = { ...person(H, W), at: { x: 1, y: 2, heading: 120, sits_on: 'couch' } };
      const place = { fixed: [{ id: 'couch', surface: 0.44 }] } as unknown as Place;
      const reach = seatedReach(place, p)!;
      const solids = personSolids(p, { ...pose(0, false, 120), x: 1, y: 2, seat: 0.44 });
      const len = Math.hypot(reach[0], reach[1]);
      const [ux, uy] = [reach[0] / len, reach[1] / len];
      expect(Math.atan2(uy, ux) / (Math.PI / 180)).toBeCloseTo(120, 6);
      for (const s of solids) {
        // the solid's box along and across the heading: no wider than the sweep, no further behind than the disc
        // at the person's place, and its front corners in the disc at the sweep's far end
        const along = extentAlong(s, ux, uy, 0).map((v) => v + (s.center[0] - 1) * ux + (s.center[1] - 2) * uy);
        const across = extentAlong(s, -uy, ux, 0).map((v) => v + (s.center[0] - 1) * -uy + (s.center[1] - 2) * ux);
        expect(Math.max(-across[0], across[1]), s.name).toBeLessThanOrEqual(W / 2 + 1e-9);
        expect(along[0], s.name).toBeGreaterThanOrEqual(-W / 2 - 1e-9);
        for (const c of across)
          expect(Math.hypot(Math.max(0, along[1] - len), c), s.name).toBeLessThanOrEqual(W / 2 + 1e-9);
      }
      // a person who does not sit has no reach
      expect(seatedReach(place, person(H, W))).toBeUndefined();
    }
  });

  it('draws skin, hair and shoes from the id, and keeps what the place gives', () => {
    const looks = new Set(
      Array.from({ length: 40 }, (_, i) => {
        const m = personMaterials(person(1.7, 0.4, `p${i}`));
        return `${m.skin} ${m.hair} ${m.shoes}`;
      }),
    );
    expect(looks.size).toBeGreaterThan(10);
    expect(personMaterials(person(1.7, 0.4, 'p7'))).toEqual(personMaterials(person(1.7, 0.4, 'p7')));
    const given = personMaterials({
      ...person(1.7, 0.4, 'p7'),
      skin: 'skin_dark',
      hair: 'hair_grey',
      shoes: 'shoe_white',
    });
    expect([given.skin, given.hair, given.shoes]).toEqual(['skin_dark', 'hair_grey', 'shoe_white']);
    expect(given.top).toBe('cloth@red');
  });
});
