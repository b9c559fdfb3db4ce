/**
 * The case map: the place drawn top-down by `drawPlaceMap`, with the robot's route over the case's frames, the
 * robot at each look point (a numbered arrow), every thing a question names at its true spot at the ask, and the
 * people's tracks over the case's time window. `mapFrame` gives the metres-to-pixels mapping the picture uses, so
 * that the page can lay per-question marks over it as SVG.
 */
import { Frame, type Picture } from '../../foundation/draw.ts';
import { drawPlaceMap } from '../../layouts/map-picture.ts';
import type { Place } from '../../layouts/place-schema.ts';
import { personAt, worldAt } from '../../layouts/timeline.ts';
import type { ViewCase } from './load-build.ts';

export const MAP_MAX_SIDE = 1400;

/** The metres-to-pixels frame `drawPlaceMap(place, { maxSide })` draws in, and the picture's size. */
export function mapFrame(place: Place, maxSide = MAP_MAX_SIDE): { frame: Frame; width: number; height: number } {
  const b = place.bounds;
  const scale = Math.min(maxSide / (b.x_max - b.x_min), maxSide / (b.y_max - b.y_min));
  const frame = new Frame(b.x_min, b.y_min, b.x_max, b.y_max, scale, 30);
  return { frame, width: frame.width, height: frame.height + 24 };
}

/** The place's things a question's wording names ("the grey remote"): colour word + kind, or the id in words. */
export function thingsNamed(place: Place, text: string): string[] {
  const t = text.toLowerCase();
  return place.things
    .filter((th) => {
      const kind = th.kind.replace(/_/g, ' ');
      return t.includes(`${th.colour} ${kind}`) || t.includes(th.id.replace(/_/g, ' '));
    })
    .map((th) => th.id);
}

const PERSON_COLOURS = ['#c0392b', '#8e44ad', '#d35400', '#16a085', '#2c3e50'];

/** Draw the case map (the place plus route, look points, named things and people's tracks). */
export function drawCaseMap(vc: ViewCase, place: Place): Picture {
  const pic = drawPlaceMap(place, { maxSide: MAP_MAX_SIDE, labels: false });
  const { frame } = mapFrame(place);
  const c = vc.loaded.case;
  const t0 = vc.times[0];
  const t1 = vc.times[vc.times.length - 1];

  // people's tracks over the window, sampled every 0.5 s
  if (vc.timeline) {
    Object.keys(vc.timeline.people)
      .sort()
      .forEach((id, i) => {
        const legs = vc.timeline!.people[id];
        const colour = PERSON_COLOURS[i % PERSON_COLOURS.length];
        let run: [number, number][] = [];
        const flush = () => {
          if (run.length > 1) pic.polyline(run, { stroke: colour, strokeWidth: 2, dash: '5 3', opacity: 0.8 });
          run = [];
        };
        for (let t = t0; t <= t1 + 1e-9; t += 0.5) {
          const p = personAt(legs, t);
          if (p) run.push(frame.p(p.x, p.y));
          else flush();
        }
        flush();
        const last = personAt(legs, t1) ?? personAt(legs, t0);
        const first = personAt(legs, t0);
        const moved = !!last && !!first && Math.hypot(last.x - first.x, last.y - first.y) > 0.1;
        if (last && moved) {
          pic.circle(frame.px(last.x), frame.py(last.y), 6, { fill: colour, stroke: '#000' });
          pic.text(frame.px(last.x) + 8, frame.py(last.y) - 6, id.replace(/_/g, ' '), {
            size: 11,
            fill: colour,
            bold: true,
          });
        }
      });
  }

  // the route: the base's position at every frame
  const route = c.frames.map((f) => frame.p(f.step.pose.pos[0], f.step.pose.pos[1]));
  pic.polyline(route, { stroke: '#ffffff', strokeWidth: 5, opacity: 0.8 });
  pic.polyline(route, { stroke: '#1565c0', strokeWidth: 2.5 });
  const [sx, sy] = route[0];
  pic.circle(sx, sy, 5, { fill: '#1565c0', stroke: '#fff', strokeWidth: 1.5 });
  pic.text(sx + 7, sy + 4, 'start', { size: 10, fill: '#1565c0', bold: true });

  // look points: the robot's pose at each ask
  const looks = [...new Set([...c.asks.map((a) => a.k), ...(c.end_qids.length ? [c.frames.length - 1] : [])])];
  for (const k of looks) {
    const s = c.frames[k].step;
    const [x, y] = frame.p(s.pose.pos[0], s.pose.pos[1]);
    const h = (s.pose.heading_deg * Math.PI) / 180;
    const r = 11;
    const tip: [number, number] = [x + Math.cos(h) * r, y - Math.sin(h) * r];
    const l: [number, number] = [x + Math.cos(h + 2.4) * r * 0.8, y - Math.sin(h + 2.4) * r * 0.8];
    const rr: [number, number] = [x + Math.cos(h - 2.4) * r * 0.8, y - Math.sin(h - 2.4) * r * 0.8];
    pic.polygon([tip, l, rr], { fill: '#ff8f00', stroke: '#5d3200', strokeWidth: 1 });
    pic.text(x + 9, y + 14, `k${k}`, { size: 11, fill: '#5d3200', bold: true });
  }

  // things the questions name, at their true spot at the ask
  const seen = new Set<string>();
  for (const [qid, q] of vc.loaded.questions) {
    const k = vc.askK.get(qid) ?? c.frames.length - 1;
    const state = vc.timeline ? worldAt(vc.timeline, vc.times[k]) : null;
    for (const id of thingsNamed(place, q.text)) {
      if (seen.has(id)) continue;
      seen.add(id);
      const th = place.things.find((x) => x.id === id)!;
      const pose = state?.things[id] ?? th.position;
      const [x, y] = frame.p(pose.x, pose.y);
      pic.rect(x - 6, y - 6, 12, 12, { fill: 'none', stroke: '#6a1b9a', strokeWidth: 2.5 });
      pic.text(x + 9, y - 8, id.replace(/_/g, ' '), { size: 11, fill: '#6a1b9a', bold: true });
    }
  }
  return pic;
}

/** A pixel rectangle of the map picture. */
export interface MapView {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The part of the map a case page shows: the route, the people's tracks are left out, the given map points
 * (golds, named things) with `padM` metres around, at least `minM` metres on a side, kept inside the picture.
 */
export function caseMapView(
  vc: ViewCase,
  place: Place,
  points: readonly { x: number; y: number }[],
  padM = 1.5,
  minM = 6,
): MapView {
  const { frame, width, height } = mapFrame(place);
  const xs = [...vc.loaded.case.frames.map((f) => f.step.pose.pos[0]), ...points.map((p) => p.x)];
  const ys = [...vc.loaded.case.frames.map((f) => f.step.pose.pos[1]), ...points.map((p) => p.y)];
  let x0 = Math.min(...xs) - padM;
  let x1 = Math.max(...xs) + padM;
  let y0 = Math.min(...ys) - padM;
  let y1 = Math.max(...ys) + padM;
  if (x1 - x0 < minM) [x0, x1] = [(x0 + x1) / 2 - minM / 2, (x0 + x1) / 2 + minM / 2];
  if (y1 - y0 < minM) [y0, y1] = [(y0 + y1) / 2 - minM / 2, (y0 + y1) / 2 + minM / 2];
  const left = Math.max(0, Math.floor(frame.px(x0)));
  const right = Math.min(width, Math.ceil(frame.px(x1)));
  const top = Math.max(0, Math.floor(frame.py(y1)));
  const bottom = Math.min(height, Math.ceil(frame.py(y0)));
  return { x: left, y: top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}
