/**
 * Which way the robot looked (compile/looked-along.ts), by its poses, camera and the public map alone: the floor a
 * camera sees, a drive it faced or came from, and open_heading's precondition (some heading with room looked along).
 */
import { describe, expect, it } from 'vitest';
import { jobView, type FrameView } from '../../../compile/ask/index.ts';
import { floorReach, lookedAlong, lookedAround } from '../../../compile/looked-along.ts';
import { getJob } from '../../../jobs/load.ts';

const spec = getJob('helper/1');
const job = jobView(spec);

/** A frame at a base pose, its camera from the job's mount (the frame view holds only what the rule reads). */
function frame(x: number, y: number, heading_deg: number): FrameView {
  const m = spec.camera.mount;
  const t = (heading_deg * Math.PI) / 180;
  const position: [number, number, number] = [
    x + m.forward_m * Math.cos(t) - m.left_m * Math.sin(t),
    y + m.forward_m * Math.sin(t) + m.left_m * Math.cos(t),
    m.height_m,
  ];
  return {
    pose: { x, y, z: 0, heading_deg },
    camera: { position, yaw_deg: heading_deg, pitch_deg: m.pitch_deg },
  } as unknown as FrameView;
}

describe('looked along', () => {
  it('a camera pitched down sees the floor from beyond its blind patch to a far edge, both ahead of the base', () => {
    const r = floorReach(job, frame(0, 0, 0).camera);
    expect(r.near).toBeGreaterThan(spec.camera.mount.forward_m);
    expect(r.far).toBeGreaterThan(r.near);
    expect(r.far).toBeLessThan(30);
  });

  it('a flying camera pitched down sees to where the upper edge of its view meets the ground', () => {
    const drone = jobView(getJob('drone/1'));
    const vhalf = Math.atan(drone.intr.height / 2 / drone.intr.f);
    const r = floorReach(drone, { position: [0, 0, 15], yaw_deg: 0, pitch_deg: -45 } as FrameView['camera']);
    expect(r.far - drone.mount.forward_m).toBeCloseTo(15 / Math.tan(Math.PI / 4 - vhalf), 6);
    expect(r.far).toBeGreaterThan(50);
    const level = floorReach(drone, { position: [0, 0, 15], yaw_deg: 0, pitch_deg: 0 } as FrameView['camera']);
    expect(level.far - drone.mount.forward_m, 'a level camera: the place scale').toBe(30);
  });

  it('a drive is looked along when a frame behind its start faced it, or the robot came from there', () => {
    const ask = frame(5, 0, 0);
    // the ask frame alone cannot see its own front (the floor under the lens is out of view)
    expect(lookedAlong(job, [ask], 0, 1)).toBe(false);
    // a frame 3 m behind on the line, facing the drive: its view of the floor covers the corridor
    expect(lookedAlong(job, [frame(2, 0, 0), ask], 0, 1)).toBe(true);
    // the same frame facing across the drive did not look along it
    expect(lookedAlong(job, [frame(2, 0, 90), ask], 0, 1)).toBe(false);
    // it came from 3 m along the drive's heading: it drove that corridor to get here
    expect(lookedAlong(job, [frame(8, 0, 180), ask], 0, 2)).toBe(true);
    expect(lookedAlong(job, [frame(8, 0, 180), ask], 0, 4)).toBe(false);
  });

  it('open_heading is asked only where a heading the robot looked along has room for the body on the map', () => {
    const frames = [frame(2, 0, 0), frame(5, 0, 0)];
    const ahead = (h: number) => Math.abs(((h + 540) % 360) - 180) < 1;
    // the map leaves room only straight ahead, which the robot faced from behind
    expect(lookedAround(job, frames, (h, upTo) => (ahead(h) ? upTo : 0))).toBe(true);
    // room only straight back: it came from there (3 m back on that heading)
    expect(lookedAround(job, frames, (h, upTo) => (Math.abs(h) >= 179 ? upTo : 0))).toBe(true);
    // room only to its left, which it neither faced nor came from
    expect(lookedAround(job, frames, (h, upTo) => (Math.abs(h - 90) < 1 ? upTo : 0))).toBe(false);
    // no room anywhere
    expect(lookedAround(job, frames, () => 0)).toBe(false);
  });
});
