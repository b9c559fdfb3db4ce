/**
 * Semantic checks of a place that its schema cannot express: references (materials, colour words, surfaces,
 * openings, fixed ids), things that do not fit their surface, interpenetrating solids (in every door state),
 * duplicated ids, sites outside the bounds or under a solid, rooms and areas outside the bounds or with crossing
 * edges. Every issue at once.
 */
import type { InputIssue } from '../foundation/index.ts';
import type { Fixed, Place, Thing } from './place-schema.ts';
import type { Solid } from './solids.ts';
import { boxCorners, overlappingPairs, penetration } from './overlap.ts';
import { doorLeaf } from './walls.ts';
import { assetIssues } from './assets/fixed.ts';
import { thingAssetIssues } from './assets/thing.ts';
import {
  cordPoints,
  materialTable,
  placeSolids,
  SHELF_BOARD,
  shelfRect,
  surfaceRect,
  thingBaseMaterial,
} from './world.ts';
import { surfaceTop } from './world-state.ts';
import { SITE_COLUMN_M, SITE_FLOOR_GAP, solidInColumn } from './sites.ts';

type Path = (string | number)[];
export type Locate = (path: readonly (string | number)[]) => { line: number; column: number } | undefined;

const TOL = 0.001;

/** Check a schema-valid place; `file` and `locate` place each issue in the source. */
export function checkPlace(placeIn: Place, file: string, locate: Locate): InputIssue[] {
  let place = placeIn;
  const issues: InputIssue[] = [];
  const add = (path: Path, message: string) => {
    const loc = locate(path);
    issues.push({ file, line: loc?.line, column: loc?.column, path: pathStr(path), message });
  };
  const b = place.bounds;
  const inBounds = (x: number, y: number, margin = 0) =>
    x >= b.x_min - margin - 1e-9 &&
    x <= b.x_max + margin + 1e-9 &&
    y >= b.y_min - margin - 1e-9 &&
    y <= b.y_max + margin + 1e-9;

  // ids: unique across the place (openings: within their wall)
  const owners = new Map<string, Path>();
  const seen = new Map<string, string>();
  // solid owners share one namespace; rooms, areas, sites and lights each have their own
  const lists = ['walls', 'doors', 'fixed', 'things', 'people'] as const;
  for (const list of lists) {
    (place[list] as { id: string }[]).forEach((x, i) => {
      const prev = seen.get(x.id);
      if (prev) add([list, i, 'id'], `duplicate id "${x.id}" (also ${prev})`);
      else {
        seen.set(x.id, `${list}[${i}]`);
        owners.set(x.id, [list, i]);
      }
    });
  }
  const own = (path: Path, items: { id: string }[]) => {
    const ids = new Map<string, number>();
    items.forEach((x, i) => {
      if (ids.has(x.id)) add([...path, i, 'id'], `duplicate id "${x.id}" (also ${pathStr(path)}[${ids.get(x.id)}])`);
      else ids.set(x.id, i);
    });
  };
  own(['rooms'], place.rooms);
  own(['people_areas'], place.people_areas);
  own(['floor_areas'], place.floor_areas);
  own(['sites'], place.sites);
  own(['lights', 'items'], place.lights.items);
  place.walls.forEach((w, wi) => {
    const ids = new Set<string>();
    w.openings.forEach((o, oi) => {
      if (ids.has(o.id)) add(['walls', wi, 'openings', oi, 'id'], `duplicate opening id "${o.id}" in wall ${w.id}`);
      ids.add(o.id);
    });
  });

  // materials and colour words
  const mats = materialTable(place);
  const needMat = (path: Path, name: string | undefined) => {
    if (name !== undefined && !place.materials[name] && !mats[name]) add(path, `unknown material "${name}"`);
  };
  const needColour = (path: Path, word: string) => {
    if (!place.colour_words[word])
      add(path, `unknown colour word "${word}" (palette: ${Object.keys(place.colour_words).join(', ')})`);
  };
  needMat(['floor', 'material'], place.floor.material);
  if (place.ceiling) needMat(['ceiling', 'material'], place.ceiling.material);
  place.rooms.forEach((r, i) => needMat(['rooms', i, 'floor_material'], r.floor_material));
  place.walls.forEach((w, i) => needMat(['walls', i, 'material'], w.material));
  place.doors.forEach((d, i) => needMat(['doors', i, 'material'], d.material));
  place.fixed.forEach((f, i) => needMat(['fixed', i, 'material'], f.material));
  place.things.forEach((t, i) => {
    needMat(['things', i, 'material'], thingBaseMaterial(t));
    needColour(['things', i, 'colour'], t.colour);
  });
  place.people.forEach((p, i) => {
    needColour(['people', i, 'colour'], p.colour);
    needColour(['people', i, 'trousers'], p.trousers);
  });

  // walls and openings
  place.walls.forEach((w, wi) => {
    const len = Math.hypot(w.to[0] - w.from[0], w.to[1] - w.from[1]);
    if (len < 1e-6) add(['walls', wi, 'to'], 'wall has zero length');
    if (!inBounds(w.from[0], w.from[1], w.thickness)) add(['walls', wi, 'from'], 'outside the bounds');
    if (!inBounds(w.to[0], w.to[1], w.thickness)) add(['walls', wi, 'to'], 'outside the bounds');
    const sorted = w.openings.map((o, oi) => ({ o, oi })).sort((a, c) => a.o.offset - c.o.offset);
    sorted.forEach(({ o, oi }, k) => {
      if (o.offset + o.width > len + 1e-6)
        add(
          ['walls', wi, 'openings', oi, 'width'],
          `opening runs past the wall's end (${(o.offset + o.width).toFixed(3)} > ${len.toFixed(3)} m)`,
        );
      if (o.height > w.height + 1e-6)
        add(['walls', wi, 'openings', oi, 'height'], `opening is higher than the wall (${w.height} m)`);
      if (o.sill >= o.height) add(['walls', wi, 'openings', oi, 'sill'], 'sill must be below the opening top');
      const next = sorted[k + 1];
      if (next && o.offset + o.width > next.o.offset + 1e-6)
        add(['walls', wi, 'openings', next.oi, 'offset'], `overlaps opening ${o.id}`);
    });
  });

  // doors
  const used = new Map<string, string>();
  place.doors.forEach((d, i) => {
    const w = place.walls.find((x) => x.id === d.wall);
    if (!w) return add(['doors', i, 'wall'], `unknown wall "${d.wall}"`);
    const o = w.openings.find((x) => x.id === d.opening);
    if (!o) return add(['doors', i, 'opening'], `wall ${d.wall} has no opening "${d.opening}"`);
    const key = `${d.wall}/${d.opening}`;
    if (used.has(key)) add(['doors', i, 'opening'], `opening ${key} already holds door ${used.get(key)}`);
    used.set(key, d.id);
    if (o.sill > 0) add(['doors', i, 'opening'], `opening ${key} is a window (sill ${o.sill} m)`);
    if (!d.states.includes(d.initial))
      add(['doors', i, 'initial'], `"${d.initial}" is not one of its states (${d.states.join(', ')})`);
    if (d.leaf_thickness >= w.thickness)
      add(['doors', i, 'leaf_thickness'], `leaf is not thinner than its wall (${w.thickness} m)`);
  });

  // fixed furniture
  place.fixed.forEach((f, i) => {
    if (!inBounds(f.center[0], f.center[1])) add(['fixed', i, 'center'], 'outside the bounds');
    if (f.shape === 'cylinder' && Math.abs(f.size[0] - f.size[1]) > 1e-6)
      add(['fixed', i, 'size'], 'a cylinder needs equal length and width (its diameter)');
    if (f.shape === 'sphere' && (Math.abs(f.size[0] - f.size[2]) > 1e-6 || Math.abs(f.size[1] - f.size[2]) > 1e-6))
      add(['fixed', i, 'size'], 'a sphere needs three equal sizes');
    if (f.shape === 'sphere' && f.surface !== undefined) add(['fixed', i, 'surface'], 'a sphere has no flat top');
    // an asset's kind checks its params, size and surface (a couch's seat, a table's top)
    if (f.asset) for (const iss of assetIssues(f)) add(['fixed', i, ...iss.path], iss.message);
    const top = f.z + f.size[2];
    if (f.surface !== undefined && !f.shelves && !f.asset && Math.abs(f.surface - top) > TOL)
      add(['fixed', i, 'surface'], `surface must be its top (${top.toFixed(3)} m)`);
    if (f.shelves) {
      if (f.shape !== 'box') add(['fixed', i, 'shape'], 'shelving must be a box');
      if (f.surface !== undefined) add(['fixed', i, 'surface'], 'shelving has shelves, not a surface');
      f.shelves.forEach((s, k) => {
        if (s > top + 1e-6 || s < f.z + SHELF_BOARD)
          add(['fixed', i, 'shelves', k], `shelf outside the unit's height (${f.z}..${top} m)`);
        if (k > 0 && s <= f.shelves![k - 1] + SHELF_BOARD)
          add(['fixed', i, 'shelves', k], 'shelves must rise and not overlap');
      });
    }
  });

  // things and their surfaces
  place.things.forEach((t, i) => {
    const p: Path = ['things', i];
    if (t.shape === 'cylinder' && Math.abs(t.size[0] - t.size[1]) > 1e-6)
      add([...p, 'size'], 'a cylinder needs equal length and width (its diameter)');
    if (t.shape === 'sphere' && (Math.abs(t.size[0] - t.size[2]) > 1e-6 || Math.abs(t.size[1] - t.size[2]) > 1e-6))
      add([...p, 'size'], 'a sphere needs three equal sizes');
    for (const x of thingAssetIssues(t)) add([...p, ...x.path], x.message);
    if (t.shape === 'cord') {
      if (!t.path) add([...p, 'path'], 'a cord needs a path');
      else {
        const len = t.path.slice(1).reduce((s, q, k) => s + Math.hypot(q[0] - t.path![k][0], q[1] - t.path![k][1]), 0);
        if (Math.abs(len - t.size[0]) > 0.02)
          add([...p, 'size'], `a cord's length must be its path's length (${len.toFixed(3)} m)`);
      }
    } else if (t.path) add([...p, 'path'], 'only cords have a path');
    if (t.loose && (t.rests_on !== 'floor' || t.shape === 'cord' || t.light_furniture))
      add([...p, 'loose'], 'only a thing resting on the floor, not a cord or light furniture, can be loose');
    if (t.loose_in !== undefined) {
      if (!t.loose) add([...p, 'loose_in'], 'only a loose thing has an area it is left about in');
      if (!place.floor_areas.some((a) => a.id === t.loose_in))
        add(
          [...p, 'loose_in'],
          `no floor area "${t.loose_in}" (floor_areas: ${place.floor_areas.map((a) => a.id).join(', ') || 'none'})`,
        );
    }
    checkRest(place, t, t.rests_on, t.level, t.position, p, add, p);
    if (t.home) checkRest(place, t, t.home.rests_on, t.home.level, t.home, [...p, 'home'], add, [...p, 'home']);
  });

  // people, areas, rooms
  const poly = (path: Path, pts: [number, number][]) => {
    pts.forEach((q, k) => {
      if (!inBounds(q[0], q[1])) add([...path, k], 'outside the bounds');
    });
    // a simple polygon: its edges meet only at their shared corners (a bow tie holds no floor one can name)
    const fault = polygonFault(pts);
    if (fault) add([...path, fault.at], fault.message);
  };
  place.rooms.forEach((r, i) => {
    poly(['rooms', i, 'polygon'], r.polygon);
    if (place.floor.per_room && !isAxisRect(r.polygon))
      add(['rooms', i, 'polygon'], 'with per-room floors a room must be an axis-aligned rectangle');
  });
  place.people_areas.forEach((a, i) => poly(['people_areas', i, 'polygon'], a.polygon));
  place.floor_areas.forEach((a, i) => poly(['floor_areas', i, 'polygon'], a.polygon));
  // a person is named by the colour of their top ("the person in the red top"): no two may wear the same
  const tops = new Map<string, string>();
  place.people.forEach((q, i) => {
    if (q.at && !inBounds(q.at.x, q.at.y)) add(['people', i, 'at'], 'outside the bounds');
    const seat = q.at?.sits_on;
    if (seat !== undefined) {
      const f = place.fixed.find((x) => x.id === seat);
      if (!f) add(['people', i, 'at', 'sits_on'], `unknown fixed id "${seat}"`);
      else if (f.shelves || f.surface === undefined)
        add(['people', i, 'at', 'sits_on'], `${seat} has no seat to sit on (a fixed piece with a surface)`);
    }
    const other = tops.get(q.colour);
    if (other) add(['people', i, 'colour'], `${other} wears a ${q.colour} top too (a person is named by their top)`);
    else tops.set(q.colour, q.id);
  });
  if (place.lights.world.sky === 'physical' && place.lights.items.filter((l) => l.type === 'sun').length !== 1)
    add(['lights', 'world', 'sky'], 'a physical sky takes its sun from the one sun light of the place');
  place.lights.items.forEach((l, i) => {
    if (l.type !== 'sun' && !l.position) add(['lights', 'items', i, 'position'], `a ${l.type} light needs a position`);
    if (l.type === 'sun' && (l.elevation === undefined || l.azimuth === undefined))
      add(['lights', 'items', i, 'elevation'], 'a sun needs elevation and azimuth');
  });

  // The geometry checks run whatever was found above, on the parts whose references are sound (a door in an
  // opening that exists, a cord with a path, a wall of some length): an unknown colour word or material must not
  // hide a thing inside a wall. What was left out has its own problem reported above.
  place = soundForGeometry(place);

  // interpenetrating solids: the initial state, then every other state of every door
  const solids = placeSolids(place);
  const where = (s: Solid): Path => owners.get(s.owner) ?? [s.role === 'ceiling' ? 'ceiling' : 'floor'];
  const order = (s: Solid) => {
    const w = where(s);
    return lists.indexOf(w[0] as (typeof lists)[number]) * 1e6 + (typeof w[1] === 'number' ? w[1] : -1);
  };
  const skip = (a: Solid, c: Solid) => a.owner === c.owner && a.role === 'thing'; // joints of a cord
  const report = (a: Solid, c: Solid, extra = '') => {
    const [first, later] = order(a) <= order(c) ? [a, c] : [c, a];
    add(where(later), `${later.name} overlaps ${first.name} by ${penetration(a, c).toFixed(3)} m${extra}`);
  };
  for (const [a, c] of overlappingPairs(solids, TOL, skip)) report(a, c);
  const others = solids.filter((s) => s.role !== 'door');
  place.doors.forEach((d) => {
    for (const st of d.states) {
      if (st === d.initial) continue;
      const leaf = doorLeaf(place, d, st);
      for (const s of others) if (penetration(leaf, s) > TOL) report(leaf, s, ` when ${st}`);
    }
  });

  // sites: inside the bounds, and on open floor: nothing stands over a site in the column a robot there fills
  // (SITE_COLUMN_M up from its z), with every door in each of its states. One point above the floor is not enough:
  // a couch or a table on legs leaves the floor under it free and still covers the site.
  const structure = solids.filter((s) => s.role !== 'floor' && s.role !== 'ceiling' && s.role !== 'person');
  const leaves = place.doors.flatMap((d) =>
    d.states
      .filter((st) => st !== d.initial)
      .map((st) => ({ ...doorLeaf(place, d, st), name: `door:${d.id} (${st})` })),
  );
  const overSites = [...structure, ...leaves];
  place.sites.forEach((s, i) => {
    if (!inBounds(s.position[0], s.position[1])) return add(['sites', i, 'position'], 'outside the bounds');
    if (s.fixed !== undefined && !place.fixed.some((f) => f.id === s.fixed))
      add(['sites', i, 'fixed'], `unknown fixed id "${s.fixed}"`);
    const hit = solidInColumn(s.position[0], s.position[1], s.z + SITE_FLOOR_GAP, s.z + SITE_COLUMN_M, overSites, TOL);
    if (hit)
      add(
        ['sites', i, 'position'],
        `inside ${hit.solid.name} (at ${hit.from.toFixed(2)}..${hit.to.toFixed(2)} m): a site must be clear of every ` +
          `solid from its z (${s.z} m) up ${SITE_COLUMN_M} m, where a robot standing there is`,
      );
  });
  return issues;
}

/** The place without the parts whose geometry cannot be built (their problems are reported by the reference checks). */
function soundForGeometry(place: Place): Place {
  const walls = place.walls.filter((w) => Math.hypot(w.to[0] - w.from[0], w.to[1] - w.from[1]) >= 1e-6);
  const doors = place.doors.filter((d) => walls.find((w) => w.id === d.wall)?.openings.some((o) => o.id === d.opening));
  const things = place.things.filter((t) => (t.shape === 'cord') === (t.path !== undefined));
  const fixed = place.fixed.filter((f) => assetIssues(f).length === 0);
  if (
    walls.length === place.walls.length &&
    doors.length === place.doors.length &&
    things.length === place.things.length &&
    fixed.length === place.fixed.length
  )
    return place;
  return { ...place, walls, doors, things, fixed };
}

function pathStr(p: Path): string {
  let out = '';
  for (const s of p) out += typeof s === 'number' ? `[${s}]` : (out ? '.' : '') + s;
  return out;
}

/**
 * Why a polygon is not simple, blaming one of its points: a point that repeats the one before it, two edges that
 * cross or touch other than at their shared corner, an edge that folds back over the one before it, or no area.
 * Undefined for a simple polygon.
 */
export function polygonFault(pts: readonly [number, number][]): { at: number; message: string } | undefined {
  const n = pts.length;
  const EPS = 1e-9;
  const cross = (o: readonly number[], a: readonly number[], b: readonly number[]) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const onSegment = (p: readonly number[], a: readonly number[], b: readonly number[]) =>
    Math.abs(cross(a, b, p)) <= EPS * Math.max(1, Math.hypot(b[0] - a[0], b[1] - a[1])) &&
    p[0] >= Math.min(a[0], b[0]) - EPS &&
    p[0] <= Math.max(a[0], b[0]) + EPS &&
    p[1] >= Math.min(a[1], b[1]) - EPS &&
    p[1] <= Math.max(a[1], b[1]) + EPS;
  const sign = (v: number) => (Math.abs(v) <= EPS ? 0 : Math.sign(v));
  const meet = (a: readonly number[], b: readonly number[], c: readonly number[], d: readonly number[]) => {
    const d1 = sign(cross(c, d, a));
    const d2 = sign(cross(c, d, b));
    const d3 = sign(cross(a, b, c));
    const d4 = sign(cross(a, b, d));
    if (d1 * d2 < 0 && d3 * d4 < 0) return true;
    return onSegment(a, c, d) || onSegment(b, c, d) || onSegment(c, a, b) || onSegment(d, a, b);
  };
  const edge = (i: number) => `[${i}]-[${(i + 1) % n}]`;
  for (let i = 0; i < n; i++) {
    const a = pts[i];
    const b = pts[(i + 1) % n];
    if (Math.hypot(b[0] - a[0], b[1] - a[1]) <= EPS)
      return { at: (i + 1) % n, message: `repeats point [${i}] (a polygon's points are distinct)` };
  }
  for (let i = 0; i < n; i++) {
    // an edge and the next one share a corner: they may not fold back along one line
    const v = pts[(i + 1) % n];
    const p = pts[i];
    const q = pts[(i + 2) % n];
    const folds = sign(cross(v, p, q)) === 0 && (p[0] - v[0]) * (q[0] - v[0]) + (p[1] - v[1]) * (q[1] - v[1]) > EPS;
    if (folds)
      return {
        at: (i + 2) % n,
        message: `edge ${edge((i + 1) % n)} folds back over edge ${edge(i)}: a polygon's edges may not overlap`,
      };
  }
  for (let i = 0; i < n; i++)
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue; // the last edge and the first share point [0]
      if (meet(pts[i], pts[(i + 1) % n], pts[j], pts[(j + 1) % n]))
        return {
          at: j,
          message: `edge ${edge(j)} crosses edge ${edge(i)}: a polygon's edges may not cross or touch (list its points in order around it)`,
        };
    }
  let area = 0;
  for (let i = 0; i < n; i++) area += cross([0, 0], pts[i], pts[(i + 1) % n]);
  if (Math.abs(area) / 2 <= 1e-6) return { at: 0, message: 'has no area: its points lie on one line' };
  return undefined;
}

function isAxisRect(pts: [number, number][]): boolean {
  if (pts.length !== 4) return false;
  const xs = new Set(pts.map((q) => q[0]));
  const ys = new Set(pts.map((q) => q[1]));
  return xs.size === 2 && ys.size === 2;
}

function pointInPoly(x: number, y: number, poly: [number, number][]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The footprint points of a thing at a pose (corners, cord points, or a circle's 8 rim points). */
function thingFootprint(t: Thing, pose: { x: number; y: number; yaw: number }): [number, number][] {
  if (t.shape === 'cord') return cordPoints(t, pose);
  if (t.shape === 'box') return boxCorners(pose.x, pose.y, t.size[0], t.size[1], pose.yaw);
  const r = (t.shape === 'sphere' ? t.size[2] : t.size[0]) / 2;
  return Array.from(
    { length: 8 },
    (_, k) => [pose.x + r * Math.cos((k * Math.PI) / 4), pose.y + r * Math.sin((k * Math.PI) / 4)] as [number, number],
  );
}

/** The usable top of a fixed piece as a polygon (a shelving unit's board between its posts, an asset's flat top). */
function surfacePolygon(f: Fixed): [number, number][] {
  const sr = shelfRect(f);
  if (sr) return boxCorners(sr.center[0], sr.center[1], sr.size[0], sr.size[1], sr.yaw);
  if (f.asset) {
    const r = surfaceRect(f);
    return boxCorners(r.center[0], r.center[1], r.size[0], r.size[1], r.yaw);
  }
  if (f.shape !== 'box') {
    const r = f.size[0] / 2;
    return Array.from(
      { length: 32 },
      (_, k) =>
        [f.center[0] + r * Math.cos((k * Math.PI) / 16), f.center[1] + r * Math.sin((k * Math.PI) / 16)] as [
          number,
          number,
        ],
    );
  }
  return boxCorners(f.center[0], f.center[1], f.size[0], f.size[1], f.yaw);
}

function checkRest(
  place: Place,
  t: Thing,
  restsOn: string,
  level: number | undefined,
  pose: { x: number; y: number; yaw: number },
  at: Path,
  add: (path: Path, message: string) => void,
  base: Path,
): void {
  const b = place.bounds;
  if (restsOn === 'floor') {
    if (level !== undefined) add([...base, 'level'], 'only shelving has levels');
    for (const [x, y] of thingFootprint(t, pose)) {
      if (x < b.x_min || x > b.x_max || y < b.y_min || y > b.y_max) {
        add([...at, at.length > 2 ? 'x' : 'position'], 'outside the bounds');
        return;
      }
    }
    return;
  }
  const f = place.fixed.find((x) => x.id === restsOn);
  if (!f) {
    add([...base, 'rests_on'], `unknown surface "${restsOn}" (not 'floor' nor a fixed id)`);
    return;
  }
  if (f.shelves) {
    if (level === undefined || level >= f.shelves.length) {
      add([...base, 'level'], `${f.id} has shelves 0..${f.shelves.length - 1}; give one`);
      return;
    }
    const top = f.shelves[level];
    const ceiling = level + 1 < f.shelves.length ? f.shelves[level + 1] - SHELF_BOARD : Infinity;
    if (top + t.size[2] > ceiling + 1e-6)
      add(
        [...base, 'level'],
        `does not fit under the shelf above (${(ceiling - top).toFixed(3)} m clear, ${t.size[2]} m tall)`,
      );
  } else {
    if (surfaceTop(place, restsOn) === undefined) {
      add([...base, 'rests_on'], `${f.id} has no surface`);
      return;
    }
    if (level !== undefined) add([...base, 'level'], 'only shelving has levels');
  }
  if (t.shape === 'cord') add([...base, 'rests_on'], 'cords lie on the floor');
  if (f.asset && assetIssues(f).length) return; // its asset's own issues are reported; it has no sound top
  const poly = surfacePolygon(f);
  const out = thingFootprint(t, pose).some(([x, y]) => !pointInPoly(x, y, poly) && !onEdge(x, y, poly));
  if (out) add([...base, 'rests_on'], `does not fit on ${f.id}: its footprint leaves the surface`);
}

function onEdge(x: number, y: number, poly: [number, number][]): boolean {
  for (let i = 0; i < poly.length; i++) {
    const [ax, ay] = poly[i];
    const [bx, by] = poly[(i + 1) % poly.length];
    const len2 = (bx - ax) ** 2 + (by - ay) ** 2;
    const u = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / len2));
    if (Math.hypot(x - (ax + u * (bx - ax)), y - (ay + u * (by - ay))) < 1e-6) return true;
  }
  return false;
}
