/**
 * A small drawing module: build a picture as SVG (shapes and text), write it as PNG through sharp.
 * Maps, plans, contact sheets and plots all use it. Coordinates are in picture pixels, y down; use `Frame`
 * to map metres to pixels.
 */
import sharp from 'sharp';
import { writeFileAtomic } from './atomic.ts';

export interface Style {
  fill?: string;
  stroke?: string;
  strokeWidth?: number;
  opacity?: number;
  dash?: string;
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function styleAttrs(s: Style): string {
  const a: string[] = [];
  a.push(`fill="${s.fill ?? 'none'}"`);
  if (s.stroke) a.push(`stroke="${s.stroke}"`, `stroke-width="${s.strokeWidth ?? 1}"`);
  if (s.opacity !== undefined) a.push(`opacity="${s.opacity}"`);
  if (s.dash) a.push(`stroke-dasharray="${s.dash}"`);
  return a.join(' ');
}

const n = (x: number) => (Math.round(x * 100) / 100).toString();

export class Picture {
  private parts: string[] = [];
  constructor(
    readonly width: number,
    readonly height: number,
    background = '#ffffff',
  ) {
    this.parts.push(`<rect x="0" y="0" width="${width}" height="${height}" fill="${background}"/>`);
  }
  rect(x: number, y: number, w: number, h: number, s: Style = {}): this {
    this.parts.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" ${styleAttrs(s)}/>`);
    return this;
  }
  line(x1: number, y1: number, x2: number, y2: number, s: Style = {}): this {
    this.parts.push(
      `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" ${styleAttrs({ stroke: '#000', ...s })}/>`,
    );
    return this;
  }
  circle(cx: number, cy: number, r: number, s: Style = {}): this {
    this.parts.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" ${styleAttrs(s)}/>`);
    return this;
  }
  polygon(points: readonly (readonly [number, number])[], s: Style = {}): this {
    this.parts.push(`<polygon points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" ${styleAttrs(s)}/>`);
    return this;
  }
  polyline(points: readonly (readonly [number, number])[], s: Style = {}): this {
    this.parts.push(
      `<polyline points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" ${styleAttrs({ stroke: '#000', ...s })}/>`,
    );
    return this;
  }
  text(
    x: number,
    y: number,
    text: string,
    opts: { size?: number; fill?: string; anchor?: 'start' | 'middle' | 'end'; bold?: boolean } = {},
  ): this {
    this.parts.push(
      `<text x="${n(x)}" y="${n(y)}" font-family="DejaVu Sans, sans-serif" font-size="${opts.size ?? 11}" fill="${opts.fill ?? '#000'}" text-anchor="${opts.anchor ?? 'start'}"${opts.bold ? ' font-weight="bold"' : ''}>${esc(text)}</text>`,
    );
    return this;
  }
  /** Place an image file (referenced by absolute path or data URL) into the picture. */
  image(x: number, y: number, w: number, h: number, href: string): this {
    this.parts.push(`<image x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" href="${esc(href)}"/>`);
    return this;
  }
  toSvg(): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" viewBox="0 0 ${this.width} ${this.height}">${this.parts.join('')}</svg>`;
  }
  async toPng(): Promise<Buffer> {
    return sharp(Buffer.from(this.toSvg())).png({ compressionLevel: 9, palette: true }).toBuffer();
  }
  async writePng(path: string): Promise<void> {
    writeFileAtomic(path, await this.toPng());
  }
}

/** Maps metres (x right, y up) to picture pixels (y down) for a rectangle of the world. */
export class Frame {
  readonly scale: number;
  constructor(
    readonly minX: number,
    readonly minY: number,
    readonly maxX: number,
    readonly maxY: number,
    pixelsPerMetre: number,
    readonly margin = 20,
  ) {
    this.scale = pixelsPerMetre;
  }
  get width(): number {
    return Math.ceil((this.maxX - this.minX) * this.scale + 2 * this.margin);
  }
  get height(): number {
    return Math.ceil((this.maxY - this.minY) * this.scale + 2 * this.margin);
  }
  px(x: number): number {
    return this.margin + (x - this.minX) * this.scale;
  }
  py(y: number): number {
    return this.margin + (this.maxY - y) * this.scale;
  }
  p(x: number, y: number): [number, number] {
    return [this.px(x), this.py(y)];
  }
}
