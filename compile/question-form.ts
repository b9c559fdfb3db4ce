/**
 * Reading a question's text back into its form: the family, the template variant and what it names (a thing by
 * colour word and kind, or a person by the colour of their top). The patterns are the compiler's own templates
 * (each family's `templates`, compile/families/<name>.ts) run in reverse: each template is filled with markers,
 * escaped, and the markers become capture groups, so a template edit never leaves a scripted system parsing a stale
 * wording.
 */
import { FAMILY_DEFS } from './family-registry.ts';
export { spoken } from './ask/names.ts';
import type { Family } from '../formats/gold-row.ts';
import type { QuestionForm } from './family.ts';

export type { QuestionForm } from './family.ts';

const THING = '\u0001THING\u0001';
const PERSON = '\u0001PERSON\u0001';
const NUM = '\u0001NUM\u0001';

interface Pattern {
  family: Family;
  template: string;
  re: RegExp;
  groups: ('thing' | 'person' | 'num')[];
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function pattern(family: Family, template: string, filled: string): Pattern {
  const groups: Pattern['groups'] = [];
  let src = escapeRegex(filled);
  const markers: [string, Pattern['groups'][number], string][] = [
    [escapeRegex(THING), 'thing', 'the (.+?)'],
    [escapeRegex(PERSON), 'person', 'the person in the (.+?) top'],
    [escapeRegex(NUM), 'num', '(-?[0-9.]+)'],
  ];
  // record the groups in the order they occur in the text
  const order = markers
    .map(([m, name]) => ({ name, at: src.indexOf(m) }))
    .filter((o) => o.at >= 0)
    .sort((a, b) => a.at - b.at);
  for (const o of order) groups.push(o.name);
  for (const [m, , re] of markers) src = src.split(m).join(re);
  // anchored at the start only: a text may go on after its template (the check's leak tests append to it)
  return { family, template, re: new RegExp(`^${src}`), groups };
}

/**
 * Every template of every family, filled with markers. A pattern is anchored at the start and matches its template's
 * fixed words, so no two families' templates read the same text (a test reads every template back to its family).
 */
const PATTERNS: Pattern[] = FAMILY_DEFS.flatMap((d) =>
  d
    .templates({ thing: THING, person: PERSON, num: NUM as unknown as number })
    .map((t) => pattern(d.name, t.template, t.text)),
);

/**
 * Split "grey remote" / "light blue cup" into colour and kind. Colour words may hold several words (light blue);
 * the kind is the last word unless the place's things say otherwise: a caller with the place's kinds passes them.
 */
export function splitName(words: string, kinds?: readonly string[]): { colour: string; kind: string } {
  if (kinds) {
    const k = [...kinds]
      .map((x) => x.replace(/_/g, ' '))
      .sort((a, b) => b.length - a.length)
      .find((x) => words.endsWith(` ${x}`));
    if (k) return { colour: words.slice(0, words.length - k.length - 1), kind: k };
  }
  const i = words.lastIndexOf(' ');
  return i < 0 ? { colour: '', kind: words } : { colour: words.slice(0, i), kind: words.slice(i + 1) };
}

/** The form of a question text, or null when no template reads it. */
export function questionForm(text: string, kinds?: readonly string[]): QuestionForm | null {
  for (const p of PATTERNS) {
    const m = p.re.exec(text);
    if (!m) continue;
    const out: QuestionForm = { family: p.family, template: p.template };
    p.groups.forEach((g, i) => {
      const v = m[i + 1];
      if (g === 'thing') out.thing = splitName(v, kinds);
      if (g === 'person') out.person = v;
    });
    return out;
  }
  return null;
}

/** A question's prior class: its family, its template and the kind of thing it names ('-' for none). */
export function questionClass(text: string): { family: string; template: string; kind: string } {
  const f = questionForm(text);
  if (!f) return { family: '?', template: '?', kind: '-' };
  return { family: f.family, template: f.template, kind: f.thing?.kind ?? (f.person !== undefined ? 'person' : '-') };
}
