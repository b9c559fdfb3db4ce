/**
 * A question's text as its family words it (compile/families/<name>.ts `templates`), with real values in place of
 * the markers: the thing's name ("the grey remote"), the person's ("the person in the red top"), the number.
 */
import { familyDef } from '../../compile/family-registry.ts';
import type { TemplateMarkers } from '../../compile/family.ts';

export function questionText(family: string, values: Partial<TemplateMarkers> = {}, template: string = family): string {
  const m: TemplateMarkers = { thing: values.thing ?? '', person: values.person ?? '', num: values.num ?? 0 };
  const t = familyDef(family)
    .templates(m)
    .find((x) => x.template === template);
  if (!t) throw new Error(`${family} has no template ${template}`);
  return t.text;
}
