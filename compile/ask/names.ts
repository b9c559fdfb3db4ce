/**
 * The names question texts use. Each family's wording is in its module (compile/families/<name>.ts): one template
 * per variant, reading only the family, the variant and the name of what it asks about (colour word + kind, or a
 * person's top colour), never anything that depends on whether the gold is known, so a trick question (naming a
 * thing never shown) reads exactly like a real one. docs/questions.md lists every template.
 */

/** "the grey remote": a thing named by its colour word and kind (underscores read as spaces). */
export function thingName(colour: string, kind: string): string {
  return `the ${colour.replace(/_/g, ' ')} ${kind.replace(/_/g, ' ')}`;
}

/** "the person in the red top". */
export function personName(colour: string): string {
  return `the person in the ${colour.replace(/_/g, ' ')} top`;
}

/** A name's words as the wording writes them (underscores read as spaces). */
export function spoken(word: string): string {
  return word.replace(/_/g, ' ');
}
