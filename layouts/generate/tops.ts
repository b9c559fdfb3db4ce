/**
 * People's top colours in a generated place. A person is named by the colour of their top ("the person in the red
 * top"), so no two people of a place may wear the same (the place rules refuse it, layouts/place-rules.ts).
 */

/**
 * The drawn top, or, where someone of the place already wears it, the first colour of `tops` after it that no one
 * wears; added to `worn`. No draw is added, so a place whose people's tops already differed keeps its bytes.
 */
export function distinctTop(drawn: string, tops: readonly string[], worn: Set<string>): string {
  const i = tops.indexOf(drawn);
  for (let k = 0; k < tops.length; k++) {
    const c = tops[(i + k) % tops.length];
    if (!worn.has(c)) {
      worn.add(c);
      return c;
    }
  }
  throw new Error(`more people than top colours (${tops.join(', ')})`);
}
