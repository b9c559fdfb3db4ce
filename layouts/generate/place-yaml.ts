/**
 * A place as YAML text in the shipped places' style: the top-level fields in the format's order, one flow mapping a
 * line for every item of a list (`- { id: rack_1_1, ... }`), header comment lines first. Numbers are written to
 * 0.1 mm (4 decimals, no trailing zeros), so the same place always gives the same bytes.
 */

/** A value the emitter writes: what a place's fields hold. */
type Value = string | number | boolean | undefined | readonly Value[] | { readonly [k: string]: Value };

/** Top-level fields written as nested blocks (their own fields one a line); every other object is one flow line. */
const BLOCKS = new Set(['colour_words', 'materials', 'lights', 'credits']);

/** A plain scalar YAML reads back as the same string (no flow indicators, no comment or mapping markers). */
const PLAIN = /^[A-Za-z_][A-Za-z0-9_ .()/-]*[A-Za-z0-9_.)]$|^[A-Za-z_]$/;
const RESERVED = /^(true|false|yes|no|on|off|null|y|n)$/i;

export function yamlNumber(x: number): string {
  if (!Number.isFinite(x)) throw new Error(`cannot write ${x} into a place`);
  const r = Number(x.toFixed(4));
  return String(Object.is(r, -0) ? 0 : r);
}

function scalar(v: string | number | boolean): string {
  if (typeof v === 'number') return yamlNumber(v);
  if (typeof v === 'boolean') return String(v);
  return PLAIN.test(v) && !RESERVED.test(v) ? v : JSON.stringify(v);
}

/** One value on one line: scalars, [a, b], { k: v }. Undefined fields are left out. */
export function flow(v: Value): string {
  if (v === undefined) throw new Error('undefined has no YAML form');
  if (Array.isArray(v)) return `[${v.map(flow).join(', ')}]`;
  if (typeof v === 'object' && v !== null) {
    const parts = Object.entries(v as Record<string, Value>)
      .filter(([, x]) => x !== undefined)
      .map(([k, x]) => `${k}: ${flow(x)}`);
    return parts.length ? `{ ${parts.join(', ')} }` : '{}';
  }
  return scalar(v as string | number | boolean);
}

function field(key: string, v: Value, indent: string, block: boolean): string[] {
  if (v === undefined) return [];
  if (Array.isArray(v) && v.some((x) => typeof x === 'object')) {
    return [`${indent}${key}:`, ...v.map((x) => `${indent}  - ${flow(x)}`)];
  }
  if (typeof v === 'object' && v !== null && !Array.isArray(v) && block) {
    return [
      `${indent}${key}:`,
      ...Object.entries(v as Record<string, Value>).flatMap(([k, x]) => field(k, x, `${indent}  `, false)),
    ];
  }
  return [`${indent}${key}: ${flow(v)}`];
}

/**
 * The YAML text of a place: `header` lines as comments, then every top-level field of `place` in its own order
 * (lists of objects one item a line; the colour words, materials, lights and credits as blocks of one line a field),
 * a blank line around every section longer than a line.
 */
export function placeYaml(place: Record<string, Value>, header: readonly string[]): string {
  const out: string[] = header.map((l) => (l ? `# ${l}` : '#'));
  let prevBlock = true;
  for (const [k, v] of Object.entries(place)) {
    const lines = field(k, v, '', BLOCKS.has(k));
    const big = lines.length > 1;
    if (big || prevBlock) out.push('');
    out.push(...lines);
    prevBlock = big;
  }
  return `${out.join('\n')}\n`;
}
