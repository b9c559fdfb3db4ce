/**
 * From a script to its shot list: the place's static scene (materials, lights, world), every solid that exists
 * at any of the frames' times, and per frame the moves of the solids whose pose or presence changed since the
 * previous frame (people arriving, walking and leaving, doors, moved things). Truth ids are assigned to the
 * entities the truth cares about (things, people, doors, fixed furniture), 1.. in order of owner id; structure
 * (floor, walls, ceiling) is 0.
 */
import type { Material, Place } from '../layouts/place-schema.ts';
import type { Solid } from '../layouts/solids.ts';
import { solidsAt, worldAt, type Timeline } from '../layouts/timeline.ts';
import { materialTable } from '../layouts/world.ts';
import { surfaceTop, type ThingPose } from '../layouts/world-state.ts';
import { InputError } from '../foundation/index.ts';
import {
  MAX_TRUTH_ID,
  RENDER_JOB_VERSION,
  type CameraPose,
  type Move,
  type RenderCamera,
  type RenderEntity,
  type RenderFrame,
  type ShotList,
  type RenderLight,
  type RenderMaterial,
  type RenderObject,
  type RenderSettings,
} from './shot-list.ts';

/** One frame of a script to render: its index (file stem), its clock and the camera pose. */
export interface FrameSpec {
  index: number;
  t: number;
  camera: CameraPose;
}

export interface BuildJobInput {
  sid: string;
  place: Place;
  timeline: Timeline;
  frames: FrameSpec[];
  camera: Pick<RenderCamera, 'width' | 'height' | 'hfov_deg'> & Partial<RenderCamera>;
  settings?: RenderSettings;
  /** file named in errors (default the script's timeline) */
  file?: string;
}

/** Roles whose solids get a truth id. */
export const TRUTH_ROLES = ['thing', 'person', 'door', 'fixed'] as const;
type TruthRole = (typeof TRUTH_ROLES)[number];

/** Poses closer than this (metres, degrees) count as the same. */
const POSE_EPS = 1e-9;

const PATTERN_MAP: Record<NonNullable<Material['pattern']>['kind'], NonNullable<RenderMaterial['pattern']>> = {
  wood: 'wood',
  tiles: 'tiles',
  concrete: 'concrete',
  asphalt: 'asphalt',
  fabric: 'fabric',
  brick: 'brick',
  grass: 'concrete',
  carpet: 'fabric',
  metal_grid: 'checker',
};

/** A place material in the shot list's terms (patterns the renderer lacks map to the nearest it has). */
export function renderMaterial(m: Material): RenderMaterial {
  const out: RenderMaterial = { base_rgb: [...m.colour], roughness: m.roughness, metallic: m.metallic ?? 0 };
  if (m.pattern) {
    out.pattern = PATTERN_MAP[m.pattern.kind];
    out.pattern_rgb = [...m.pattern.colour2];
    out.pattern_scale = m.pattern.scale;
  }
  if (m.emission) {
    out.emission_rgb = [...m.emission.colour];
    out.emission_strength = m.emission.strength;
  }
  return out;
}

/** The place's lights in the shot list's terms (a sun stands at its elevation and azimuth and shines away). */
/** The place's sky: flat (its colour) or physical, with its sun (the place rules ask one sun of a physical sky). */
export function renderWorld(place: Place): ShotList['world'] {
  const w = place.lights.world;
  const out: ShotList['world'] = { background_rgb: [...w.colour], strength: w.strength };
  const sun = place.lights.items.find((l) => l.type === 'sun');
  if (w.sky === 'physical' && sun)
    out.sky = { sun_elevation_deg: sun.elevation ?? 60, sun_azimuth_deg: sun.azimuth ?? 0 };
  return out;
}

export function renderLights(place: Place): RenderLight[] {
  const b = place.bounds;
  const mid: [number, number, number] = [(b.x_min + b.x_max) / 2, (b.y_min + b.y_max) / 2, 20];
  return place.lights.items.map((l): RenderLight => {
    const rgb = [...l.colour] as [number, number, number];
    if (l.type === 'sun') {
      const el = ((l.elevation ?? 60) * Math.PI) / 180;
      const az = ((l.azimuth ?? 0) * Math.PI) / 180;
      const direction: [number, number, number] = [
        -Math.cos(el) * Math.cos(az),
        -Math.cos(el) * Math.sin(az),
        -Math.sin(el),
      ];
      return {
        name: `light:${l.id}`,
        type: 'sun',
        position: mid,
        direction,
        strength: l.power,
        rgb,
        size_m: 0,
        angle_deg: l.size,
      };
    }
    const position = (l.position ?? mid) as [number, number, number];
    if (l.type === 'point')
      return { name: `light:${l.id}`, type: 'point', position, power_w: l.power, rgb, size_m: 2 * l.size };
    return {
      name: `light:${l.id}`,
      type: 'area',
      position,
      direction: [0, 0, -1],
      power_w: l.power,
      rgb,
      size_m: l.size,
    };
  });
}

/** The truth's entities of a place: (role, owner) pairs sorted by owner id, numbered from 1. */
export function truthEntities(place: Place): RenderEntity[] {
  const rows: Omit<RenderEntity, 'truth_id'>[] = [];
  for (const t of place.things) {
    const top = surfaceTop(place, t.rests_on, t.level);
    rows.push({
      entity: t.id,
      role: 'thing',
      kind: t.kind,
      colour: t.colour,
      support: supportOf(place, t.rests_on, top),
    });
  }
  for (const p of place.people)
    rows.push({ entity: p.id, role: 'person', kind: 'person', colour: p.colour, support: { kind: 'floor', top_z: 0 } });
  for (const d of place.doors) rows.push({ entity: d.id, role: 'door', kind: 'door', colour: null, support: null });
  for (const f of place.fixed)
    rows.push({
      entity: f.id,
      role: 'fixed',
      kind: f.kind,
      colour: null,
      support: f.z === 0 ? { kind: 'floor', top_z: 0 } : null,
    });
  rows.sort((a, b) =>
    a.entity < b.entity ? -1 : a.entity > b.entity ? 1 : a.role < b.role ? -1 : a.role > b.role ? 1 : 0,
  );
  if (rows.length > MAX_TRUTH_ID)
    throw new Error(`place ${place.id}: ${rows.length} entities, more than the ${MAX_TRUTH_ID} truth ids`);
  return rows.map((r, i) => ({ truth_id: i + 1, ...r }));
}

function supportOf(place: Place, restsOn: string, top: number | undefined): RenderEntity['support'] {
  if (restsOn === 'floor') return { kind: 'floor', top_z: 0 };
  if (top === undefined) return null;
  return { kind: 'surface', top_z: top, on: restsOn };
}

/** The support of a thing at a pose (null while carried). */
export function thingSupport(place: Place, pose: ThingPose): RenderEntity['support'] {
  if (pose.rests_on === 'carried') return null;
  return supportOf(place, pose.rests_on, surfaceTop(place, pose.rests_on, pose.level));
}

/** The entity table as the truth reads it at time t: supports of things follow the timeline. */
export function entitiesAt(entities: readonly RenderEntity[], timeline: Timeline, t: number): RenderEntity[] {
  const w = worldAt(timeline, t);
  return entities.map((e) => {
    if (e.role !== 'thing') return { ...e };
    const pose = w.things[e.entity];
    return { ...e, support: pose ? thingSupport(timeline.place, pose) : e.support };
  });
}

const key = (role: string, owner: string) => `${role}\u0000${owner}`;

/** The truth id of every solid: its entity's for things, people, doors and fixed furniture, else 0. */
export function truthIdOf(entities: readonly RenderEntity[]): (s: Solid) => number {
  const ids = new Map(entities.map((e) => [key(e.role, e.entity), e.truth_id]));
  return (s) =>
    (TRUTH_ROLES as readonly string[]).includes(s.role) ? (ids.get(key(s.role as TruthRole, s.owner)) ?? 0) : 0;
}

const samePose = (a: Pose, b: Pose) =>
  Math.abs(a.center[0] - b.center[0]) <= POSE_EPS &&
  Math.abs(a.center[1] - b.center[1]) <= POSE_EPS &&
  Math.abs(a.center[2] - b.center[2]) <= POSE_EPS &&
  Math.abs(a.yaw_deg - b.yaw_deg) <= POSE_EPS &&
  Math.abs((a.pitch_deg ?? 0) - (b.pitch_deg ?? 0)) <= POSE_EPS &&
  Math.abs((a.roll_deg ?? 0) - (b.roll_deg ?? 0)) <= POSE_EPS;

/** A solid's pose: centre, yaw and its tilt where it has one (pitch_deg, roll_deg only when not 0). */
interface Pose {
  center: [number, number, number];
  yaw_deg: number;
  pitch_deg?: number;
  roll_deg?: number;
  hidden: boolean;
}

/** The tilt fields of a solid or pose, only those not 0 (so an upright one's records carry none). */
const tiltOf = (s: { pitch_deg?: number; roll_deg?: number }) => ({
  ...(s.pitch_deg ? { pitch_deg: s.pitch_deg } : {}),
  ...(s.roll_deg ? { roll_deg: s.roll_deg } : {}),
});

/**
 * Every solid over the frames' solids, in first-seen order, at its first pose. Throws an InputError naming the
 * solid, the frame and the time when a solid's shape, size or material changes (solids only move and turn; a turn
 * may tilt).
 */
export function checkSolidsConstant(
  perFrame: readonly (readonly Solid[])[],
  times: readonly number[],
  file: string,
): Map<string, Solid> {
  const scene = new Map<string, Solid>();
  perFrame.forEach((solids, i) => {
    for (const s of solids) {
      const first = scene.get(s.name);
      if (!first) {
        scene.set(s.name, s);
        continue;
      }
      const what =
        first.shape !== s.shape
          ? `shape ${first.shape} -> ${s.shape}`
          : first.material !== s.material
            ? `material ${first.material} -> ${s.material}`
            : first.size.some((v, j) => Math.abs(v - s.size[j]) > 1e-9)
              ? `size [${first.size.join(', ')}] -> [${s.size.join(', ')}]`
              : JSON.stringify(first.profile) !== JSON.stringify(s.profile) || first.wall !== s.wall
                ? 'profile or wall'
                : first.radius !== s.radius
                  ? `radius ${first.radius} -> ${s.radius}`
                  : null;
      if (what)
        throw new InputError({
          file,
          path: `frames[${i}]`,
          message: `solid "${s.name}" changes ${what} at t = ${times[i]} s; solids may only move and turn`,
        });
    }
  });
  return scene;
}

/**
 * Build a script's shot list. The scene holds every solid that exists at any frame's time, at its pose at the
 * first frame where it exists; each frame moves the solids whose pose or presence differs from the previous
 * frame's (absent solids are hidden where they were last). A solid whose shape, size or material changes over
 * the script is an error (solids only move and turn).
 */
export function buildShotList(inp: BuildJobInput): { job: ShotList; entities: RenderEntity[] } {
  const { sid, place, timeline } = inp;
  const file = inp.file ?? `private/${sid}/timeline.json`;
  const frames = [...inp.frames];
  const entities = truthEntities(place);
  const idOf = truthIdOf(entities);

  // every solid over the frames' times, in first-seen order
  const times = frames.length ? frames.map((f) => f.t) : [0];
  const perFrame = times.map((t) => new Map(solidsAt(timeline, t).map((s) => [s.name, s])));
  const scene = checkSolidsConstant(
    perFrame.map((m) => [...m.values()]),
    times,
    file,
  );

  const objects: RenderObject[] = [...scene.values()].map((s) => ({
    ...s,
    yaw_deg: s.yaw_deg ?? 0,
    truth_id: idOf(s),
  }));
  const state = new Map<string, Pose>(
    objects.map((o) => [o.name, { center: o.center, yaw_deg: o.yaw_deg, ...tiltOf(o), hidden: false }]),
  );
  const outFrames: RenderFrame[] = frames.map((f, i) => {
    const present = perFrame[i];
    const moves: Move[] = [];
    for (const o of objects) {
      const was = state.get(o.name)!;
      const s = present.get(o.name);
      let now: Pose;
      if (s) now = { center: [...s.center], yaw_deg: s.yaw_deg ?? 0, ...tiltOf(s), hidden: false };
      else now = { ...was, hidden: true };
      if (now.hidden === was.hidden && (now.hidden || samePose(now, was))) continue;
      moves.push(
        now.hidden
          ? { name: o.name, center: now.center, yaw_deg: now.yaw_deg, ...tiltOf(now), hidden: true }
          : { name: o.name, center: now.center, yaw_deg: now.yaw_deg, ...tiltOf(now), hidden: false },
      );
      state.set(o.name, now);
    }
    return { index: f.index, t: f.t, camera: f.camera, moves };
  });

  const table = materialTable(place);
  const used = new Set(objects.map((o) => o.material));
  const materials: Record<string, RenderMaterial> = {};
  for (const name of [...used].sort()) {
    const m = table[name];
    if (!m)
      throw new InputError({
        file,
        path: 'place.materials',
        message: `material "${name}" used by a solid is not in the place's material table`,
      });
    materials[name] = renderMaterial(m);
  }

  const job: ShotList = {
    version: RENDER_JOB_VERSION,
    sid,
    camera: { ...inp.camera },
    ...(inp.settings ? { settings: inp.settings } : {}),
    world: renderWorld(place),
    materials,
    lights: renderLights(place),
    objects,
    frames: outFrames,
    entities,
  };
  return { job, entities };
}
