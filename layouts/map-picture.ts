/**
 * A top-down picture of a place: rooms named, people areas shaded, walls, doors (in their initial state),
 * fixed furniture, things coloured by their colour word with labels, sites marked, and a scale bar.
 */
import { Frame, Picture } from '../foundation/draw.ts';
import { boxCorners } from './overlap.ts';
import type { Place } from './place-schema.ts';
import { zRange, type Solid } from './solids.ts';
import { tiltedOutline } from './geometry/footprint.ts';
import { placeSolids } from './world.ts';

function hex(rgb: readonly number[]): string {
  return (
    '#' +
    rgb
      .map((c) =>
        Math.round(Math.max(0, Math.min(1, c)) * 255)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}

/** Pixels per metre that keep the picture within maxSide pixels. */
function fitScale(place: Place, maxSide: number): number {
  const b = place.bounds;
  return Math.min(maxSide / (b.x_max - b.x_min), maxSide / (b.y_max - b.y_min));
}

/** Draw the place top-down; `labels` names things (default on). */
export function drawPlaceMap(place: Place, opts: { maxSide?: number; labels?: boolean } = {}): Picture {
  const b = place.bounds;
  const scale = fitScale(place, opts.maxSide ?? 1000);
  const frame = new Frame(b.x_min, b.y_min, b.x_max, b.y_max, scale, 30);
  const pic = new Picture(frame.width, frame.height + 24, '#ffffff');
  const poly = (pts: readonly (readonly [number, number])[]) => pts.map(([x, y]) => frame.p(x, y));
  const fontSize = Math.max(9, Math.min(13, scale * 0.22));

  pic.rect(frame.px(b.x_min), frame.py(b.y_max), (b.x_max - b.x_min) * scale, (b.y_max - b.y_min) * scale, {
    fill: '#f4f4f2',
    stroke: '#bbbbbb',
  });
  const tint = (name: string) => hex((place.materials[name]?.colour ?? [0.9, 0.9, 0.9]).map((c) => 0.55 + 0.45 * c));
  for (const r of place.rooms)
    pic.polygon(poly(r.polygon), { fill: tint(r.floor_material ?? place.floor.material), stroke: '#d8d6cf' });
  for (const a of place.people_areas)
    pic.polygon(poly(a.polygon), { fill: '#f2c0c0', opacity: 0.35, stroke: '#d99', dash: '4 3' });

  const solids = placeSolids(place, {
    things: {},
    doors: Object.fromEntries(place.doors.map((d) => [d.id, d.initial])),
    people: {},
  });
  const outline = (s: Solid, fill: string, stroke: string, width = 1) => {
    // a tilted solid: its outline seen from above
    const tilted = tiltedOutline(s);
    if (tilted) pic.polygon(poly(tilted), { fill, stroke, strokeWidth: width });
    else if (s.shape === 'box' || s.shape === 'rbox')
      pic.polygon(poly(boxCorners(s.center[0], s.center[1], s.size[0], s.size[1], s.yaw_deg)), {
        fill,
        stroke,
        strokeWidth: width,
      });
    else
      pic.circle(frame.px(s.center[0]), frame.py(s.center[1]), (s.size[0] / 2) * scale, {
        fill,
        stroke,
        strokeWidth: width,
      });
  };
  for (const s of solids.filter((x) => x.role === 'fixed'))
    outline(s, s.shape === 'box' && s.size[2] > 15 ? '#c9c3b8' : '#d9cdb8', '#8a7a60');
  for (const s of solids.filter((x) => x.role === 'wall'))
    outline(s, zRange(s)[0] > 0.01 ? '#9a9a9a' : '#333333', '#222222', 0.5);
  for (const s of solids.filter((x) => x.role === 'door')) outline(s, '#c8894a', '#7a4a1a');

  // fixed labels for tall structures in downtown (buildings) and furniture elsewhere, small and grey
  for (const f of place.fixed) {
    if (place.kind === 'downtown' && f.kind !== 'building') continue;
    const label =
      place.kind === 'downtown'
        ? `${Math.round(f.size[2])} m`
        : f.kind === 'shelving' || f.kind === 'couch' || f.kind === 'chair'
          ? ''
          : f.id.replace(/_/g, ' ');
    if (label)
      pic.text(frame.px(f.center[0]), frame.py(f.center[1]) + 3, label, {
        size: fontSize * 0.8,
        fill: '#6b5a40',
        anchor: 'middle',
      });
  }

  // rooms named
  for (const r of place.rooms) {
    if (place.kind === 'downtown') continue;
    const cx = r.polygon.reduce((s, p) => s + p[0], 0) / r.polygon.length;
    const ymax = Math.max(...r.polygon.map((p) => p[1]));
    pic.text(frame.px(cx), frame.py(ymax) + fontSize + 6, r.name.toUpperCase(), {
      size: fontSize,
      fill: '#7a7a9a',
      anchor: 'middle',
      bold: true,
    });
  }

  // things coloured by their colour word
  const all = placeSolids(place);
  for (const t of place.things) {
    const rgb = place.colour_words[t.colour] ?? [0.5, 0.5, 0.5];
    const own = all.filter((s) => s.owner === t.id);
    for (const s of own) outline(s, hex(rgb), '#000000', t.shape === 'cord' ? 1.5 : 0.8);
    if (opts.labels !== false) {
      const x = frame.px(t.position.x) + 4;
      const y = frame.py(t.position.y) - 4;
      pic.text(x, y, t.id.replace(/_/g, ' '), { size: fontSize * 0.75, fill: '#1a1a60' });
    }
  }

  // people standing at the start
  for (const p of place.people) {
    if (!p.at) continue;
    pic.circle(frame.px(p.at.x), frame.py(p.at.y), (p.shoulder_width / 2) * scale, {
      fill: hex(place.colour_words[p.colour] ?? [0.5, 0.5, 0.5]),
      stroke: '#000',
    });
    pic.text(frame.px(p.at.x), frame.py(p.at.y) - (p.shoulder_width / 2) * scale - 3, p.id.replace(/_/g, ' '), {
      size: fontSize * 0.8,
      anchor: 'middle',
      fill: '#800',
    });
  }

  // sites: a triangle pointing along the heading
  for (const s of place.sites) {
    const [x, y] = frame.p(s.position[0], s.position[1]);
    const h = (s.heading * Math.PI) / 180;
    const r = Math.max(6, scale * 0.18);
    const tip: [number, number] = [x + Math.cos(h) * r, y - Math.sin(h) * r];
    const l: [number, number] = [x + Math.cos(h + 2.5) * r * 0.7, y - Math.sin(h + 2.5) * r * 0.7];
    const rr: [number, number] = [x + Math.cos(h - 2.5) * r * 0.7, y - Math.sin(h - 2.5) * r * 0.7];
    pic.polygon([tip, l, rr], { fill: '#1f8f3a', stroke: '#0b4a1a' });
    pic.text(x, y + r + fontSize * 0.8, `${s.id.replace(/_/g, ' ')} (${s.role})`, {
      size: fontSize * 0.75,
      fill: '#0b5a1a',
      anchor: 'middle',
    });
  }

  // scale bar and title
  const barM = place.kind === 'downtown' ? 20 : place.kind === 'warehouse' ? 5 : 2;
  const y0 = frame.height + 10;
  pic.line(30, y0, 30 + barM * scale, y0, { stroke: '#000', strokeWidth: 3 });
  pic.text(30 + barM * scale + 6, y0 + 4, `${barM} m`, { size: 12 });
  // the title fits beside the scale bar (about 0.62 em a character): shrunk down to 8 px, else the id alone
  const room = frame.width - 10 - (30 + barM * scale + 60);
  const full = `${place.id}: ${place.name}`;
  const title = room / (0.62 * full.length) >= 8 ? full : place.id;
  const size = Math.max(6, Math.min(12, room / (0.62 * title.length)));
  pic.text(frame.width - 10, y0 + 4, title, { size, anchor: 'end', fill: '#444' });
  return pic;
}
