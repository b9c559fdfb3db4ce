/**
 * Reading a question's text back into its form: the family, the template variant and what it names (a thing by
 * colour word and kind, or a person by the colour of their top). The patterns are the compiler's own templates
 * (compile/families/wording.ts) run in reverse: each template is filled with markers, escaped, and the markers
 * become capture groups, so a template edit never leaves a scripted system parsing a stale wording.
 */
import { TEXT } from '../../compile/families/wording.ts';
import type { Family } from '../score/index.ts';

/** A question's form as read from its text. */
export interface QuestionForm {
  family: Family;
  /** the template variant: clear_path's direction, task_things' scope; otherwise the family */
  template: string;
  /** the thing named, as `colour kind` words (spaces for underscores); absent when the question names none */
  thing?: { colour: string; kind: string };
  /** the colour of the named person's top */
  person?: string;
}

const THING = '\u0001THING\u0001';
const PERSON = '\u0001PERSON\u0001';
const NUM = '\u0001NUM\u0001';

interface Pattern {
  family: Family;
  template: string;
  re: RegExp;
  groups: ('thing' | 'person' | 'num')[];
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function pattern(family: Family, template: string, filled: string): Pattern {
  const groups: Pattern['groups'] = [];
  let src = escape(filled);
  const markers: [string, Pattern['groups'][number], string][] = [
    [escape(THING), 'thing', 'the (.+?)'],
    [escape(PERSON), 'person', 'the person in the (.+?) top'],
    [escape(NUM), 'num', '(-?[0-9.]+)'],
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

const N = NUM as unknown as number;

/** Every template, filled with markers. More specific patterns first (approach_mem before closest_approach). */
const PATTERNS: Pattern[] = [
  pattern('clear_path', 'ahead', TEXT.clear_path('ahead', N)),
  pattern('clear_path', 'back', TEXT.clear_path('back', N)),
  pattern('clear_path', 'left', TEXT.clear_path('left', N)),
  pattern('clear_path', 'right', TEXT.clear_path('right', N)),
  pattern('open_heading', 'open_heading', TEXT.open_heading()),
  pattern('closest_person', 'closest_person', TEXT.closest_person()),
  pattern('approach_mem', 'approach_mem', TEXT.approach_mem(PERSON, N)),
  pattern('closest_approach', 'closest_approach', TEXT.closest_approach(N)),
  pattern('tangle_ahead', 'tangle_ahead', TEXT.tangle_ahead(N)),
  pattern('drop_zone_people', 'drop_zone_people', TEXT.drop_zone_people(N)),
  pattern('way_to', 'way_to', TEXT.way_to(THING)),
  pattern('ego_now', 'ego_now', TEXT.ego_now(THING)),
  pattern('ego_mem', 'ego_mem', TEXT.ego_mem(THING)),
  pattern('object_where', 'object_where', TEXT.object_where(THING)),
  pattern('person_mem', 'person_mem', TEXT.person_mem(PERSON)),
  pattern('task_things', 'rooms_cleaned', TEXT.task_things('rooms_cleaned', null)),
  pattern('task_things', 'route', TEXT.task_things('route', N)),
];

/**
 * Split "grey remote" / "light blue cup" into colour and kind. Colour words may hold several words (light blue);
 * the kind is the last word unless the place's things say otherwise: a caller with the place's kinds passes them.
 */
export function splitName(words: string, kinds?: readonly string[]): { colour: string; kind: string } {
  if (kinds) {
    const k = [...kinds].map((x) => x.replace(/_/g, ' ')).sort((a, b) => b.length - a.length).find((x) => words.endsWith(` ${x}`));
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

/** A name's words as the wording writes them (underscores read as spaces). */
export function spoken(word: string): string {
  return word.replace(/_/g, ' ');
}

/** A question's prior class: its family, its template and the kind of thing it names ('-' for none). */
export function questionClass(text: string): { family: string; template: string; kind: string } {
  const f = questionForm(text);
  if (!f) return { family: '?', template: '?', kind: '-' };
  return { family: f.family, template: f.template, kind: f.thing?.kind ?? (f.person !== undefined ? 'person' : '-') };
}
