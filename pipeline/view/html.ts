/** HTML helpers for the view's pages: escaping, numbers, and the page shell with the shared stylesheet and script. */

/** Escape text for HTML content and attribute values. */
export function esc(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A number to `digits` decimals without a negative zero. */
export function num(x: number, digits = 2): string {
  const s = x.toFixed(digits);
  return /^-0\.?0*$/.test(s) ? s.slice(1) : s;
}

/** JSON for a <script type="application/json"> block (no "</" inside). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** A whole page: title, the stylesheet and script at `assets` (relative), and the body. */
export function page(opts: { title: string; assets: string; body: string; bodyClass?: string }): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(opts.title)}</title>`,
    `<link rel="stylesheet" href="${opts.assets}/view.css">`,
    `<script src="${opts.assets}/view.js" defer></script>`,
    '</head>',
    `<body${opts.bodyClass ? ` class="${opts.bodyClass}"` : ''}>`,
    opts.body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
