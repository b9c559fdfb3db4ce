/**
 * The compass of a way_to or open_heading question: the credit the scorer gives each whole-degree heading of the
 * gold row's table, as 360 coloured wedges (red 0 to green 1), with the robot's facing up and left on the left, the
 * gold's best heading drawn black and, with a run, the system's heading drawn blue. Plain SVG text.
 */
import { score, type GoldRow } from '../../checks/score/index.ts';
import { esc } from './html.ts';

/** The credit s in [0, 1] of each relative heading -180 + i, i = 0..359. */
export function headingCredits(g: GoldRow): number[] {
  return Array.from({ length: 360 }, (_, i) => score(g, { type: 'heading', deg: -180 + i }).s);
}

/** A colour from red (0) through amber to green (1). */
export function creditColour(s: number): string {
  const x = Math.max(0, Math.min(1, s));
  const hue = Math.round(120 * x);
  return `hsl(${hue}, 70%, ${Math.round(48 - 6 * x)}%)`;
}

const f = (x: number) => (Math.round(x * 100) / 100).toString();

/** The screen point at radius r for relative heading h (degrees, + = left), facing up. */
function at(c: number, r: number, hDeg: number): [number, number] {
  const h = (hDeg * Math.PI) / 180;
  return [c - r * Math.sin(h), c - r * Math.cos(h)];
}

/** The compass SVG for a question with a heading table; null when it has none. */
export function compassSvg(g: GoldRow, answerDeg: number | null = null, size = 220): string | null {
  const t = g.heading_table;
  if (!t) return null;
  const credits = headingCredits(g);
  const c = size / 2;
  const r0 = size * 0.2;
  const r1 = size * 0.36;
  const parts: string[] = [];
  credits.forEach((s, i) => {
    const h = -180 + i;
    const pts = [at(c, r0, h - 0.5), at(c, r1, h - 0.5), at(c, r1, h + 0.5), at(c, r0, h + 0.5)];
    const e = t.entries[i];
    const stroke = !e.room_ok || !e.seen_ok ? '#555' : creditColour(s);
    parts.push(
      `<polygon points="${pts.map((p) => p.map(f).join(',')).join(' ')}" fill="${creditColour(s)}" stroke="${stroke}" stroke-width="0.3"><title>${h}°: credit ${s.toFixed(2)}</title></polygon>`,
    );
  });
  parts.push(`<circle cx="${c}" cy="${c}" r="${f(r0)}" fill="#fff" stroke="#999"/>`);
  // the robot, facing up
  parts.push(
    `<polygon points="${f(c)},${f(c - r0 * 0.7)} ${f(c - r0 * 0.45)},${f(c + r0 * 0.5)} ${f(c + r0 * 0.45)},${f(c + r0 * 0.5)}" fill="#ff8f00" stroke="#5d3200"/>`,
  );
  const ray = (deg: number, colour: string, cls: string, width: number) => {
    const [x, y] = at(c, r1 + size * 0.05, deg);
    const [x0, y0] = at(c, r0, deg);
    parts.push(
      `<line class="${cls}" x1="${f(x0)}" y1="${f(y0)}" x2="${f(x)}" y2="${f(y)}" stroke="${colour}" stroke-width="${width}" stroke-linecap="round"/>`,
    );
  };
  if (g.knowable && typeof g.value === 'number') ray(g.value, '#000', 'compass-gold', 3);
  if (answerDeg !== null) ray(answerDeg, '#1565c0', 'compass-answer', 2.5);
  const label = (deg: number, text: string) => {
    const [x, y] = at(c, r1 + size * 0.06, deg);
    parts.push(
      `<text x="${f(x)}" y="${f(y + 4)}" font-size="${f(size * 0.055)}" text-anchor="middle" fill="#444">${esc(text)}</text>`,
    );
  };
  label(0, 'ahead');
  label(90, 'left');
  label(-90, 'right');
  label(180, 'behind');
  return `<svg class="compass" xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" role="img" aria-label="credit per heading">${parts.join('')}</svg>`;
}
