/**
 * A picture of a script's plan: the place's fixed structure and doors, the things where they started (grey) and
 * the moves between tasks (arrows to where they went), the route of every task in its own colour, the decision
 * frames (dots), the people's walking legs (dashed) and a legend with the tasks' briefs.
 */
import { Frame, Picture } from '../foundation/draw.ts';
import type { Timeline } from '../layouts/timeline.ts';
import { solidsAt } from '../layouts/timeline.ts';
import type { Solid } from '../layouts/solids.ts';
import { tiltedOutline } from '../layouts/geometry/footprint.ts';

const TASK_COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf'];

export interface PlotPlan {
  tasks: { index: number; brief: string; route: [number, number][] }[];
  keyframes: { k: number; task: number; decision: string | null; pose: { x: number; y: number } }[];
  gaps: {
    changes: { kind: string; id: string; from?: { x: number; y: number }; to?: { x: number; y: number } | string }[];
  }[];
  sid: string;
  job: string;
}

function footprintPoly(s: Solid, f: Frame): [number, number][] {
  const [cx, cy] = s.center;
  const hx = s.size[0] / 2;
  const hy = s.size[1] / 2;
  const c = Math.cos((s.yaw_deg * Math.PI) / 180);
  const n = Math.sin((s.yaw_deg * Math.PI) / 180);
  return [
    [-hx, -hy],
    [hx, -hy],
    [hx, hy],
    [-hx, hy],
  ].map(([a, b]) => f.p(cx + a * c - b * n, cy + a * n + b * c));
}

/** Draw the plan of a script into a picture. */
export function plotPlan(plan: PlotPlan, tl: Timeline): Picture {
  const b = tl.place.bounds;
  const span = Math.max(b.x_max - b.x_min, b.y_max - b.y_min);
  const f = new Frame(b.x_min, b.y_min, b.x_max, b.y_max, Math.max(4, Math.min(80, 1000 / span)), 20);
  const legendH = 18 * (plan.tasks.length + 2);
  const pic = new Picture(f.width, f.height + legendH);
  const solids = solidsAt(tl, 0);
  for (const s of solids) {
    if (s.role === 'floor' || s.role === 'ceiling' || s.role === 'person') continue;
    const fill =
      s.role === 'wall' ? '#555555' : s.role === 'door' ? '#b58b4c' : s.role === 'thing' ? '#bbbbbb' : '#d9d4c7';
    const tilted = tiltedOutline(s);
    if (tilted)
      pic.polygon(
        tilted.map(([x, y]) => f.p(x, y)),
        { fill, stroke: s.role === 'thing' ? '#888' : undefined, strokeWidth: 0.5 },
      );
    else if (s.shape === 'box' || s.shape === 'rbox')
      pic.polygon(footprintPoly(s, f), { fill, stroke: s.role === 'thing' ? '#888' : undefined, strokeWidth: 0.5 });
    else pic.circle(f.px(s.center[0]), f.py(s.center[1]), (s.size[0] / 2) * f.scale, { fill });
  }
  // moves between tasks
  for (const g of plan.gaps)
    for (const c of g.changes) {
      if (c.kind !== 'thing_moved' || !c.from || !c.to || typeof c.to === 'string') continue;
      pic.line(f.px(c.from.x), f.py(c.from.y), f.px(c.to.x), f.py(c.to.y), { stroke: '#e377c2', strokeWidth: 1.5 });
      pic.circle(f.px(c.to.x), f.py(c.to.y), 3, { fill: '#e377c2' });
    }
  // people
  for (const legs of Object.values(tl.people))
    for (const l of legs) {
      if (l.from[0] === l.to[0] && l.from[1] === l.to[1])
        pic.circle(f.px(l.from[0]), f.py(l.from[1]), 3, { stroke: '#8c564b', strokeWidth: 1 });
      else
        pic.line(f.px(l.from[0]), f.py(l.from[1]), f.px(l.to[0]), f.py(l.to[1]), {
          stroke: '#8c564b',
          strokeWidth: 1,
          dash: '4 3',
        });
    }
  // routes and decision frames
  for (const t of plan.tasks) {
    const col = TASK_COLOURS[t.index % TASK_COLOURS.length];
    if (t.route.length > 1)
      pic.polyline(
        t.route.map(([x, y]) => f.p(x, y)),
        { stroke: col, strokeWidth: 2, opacity: 0.8 },
      );
  }
  for (const k of plan.keyframes) {
    const col = TASK_COLOURS[k.task % TASK_COLOURS.length];
    if (k.decision) pic.circle(f.px(k.pose.x), f.py(k.pose.y), 4, { fill: col, stroke: '#000', strokeWidth: 0.8 });
    else pic.circle(f.px(k.pose.x), f.py(k.pose.y), 1.2, { fill: col });
  }
  let y = f.height + 14;
  pic.text(
    10,
    y,
    `${plan.job} script ${plan.sid}: routes by task, dots = decision frames, pink = things moved between tasks, brown dashed = people`,
    { size: 11 },
  );
  for (const t of plan.tasks) {
    y += 18;
    pic.rect(10, y - 9, 12, 10, { fill: TASK_COLOURS[t.index % TASK_COLOURS.length] });
    pic.text(28, y, `task ${t.index}: ${t.brief}`, { size: 11 });
  }
  return pic;
}
