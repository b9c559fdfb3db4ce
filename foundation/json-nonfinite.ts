/**
 * JSON as other languages write it: Python's json.dumps writes `NaN`, `Infinity` and `-Infinity` for non-finite
 * floats, which JSON.parse refuses, so that one bad number would make the whole line (a whole case's answers)
 * unreadable. parseJsonNonFinite reads each of those three words as the string of itself ("NaN"), so that the one
 * value holding it is judged on its own (the scorer calls it an invalid answer: not a number), and the value stays
 * the same when it is saved as JSON and read back (JSON has no NaN; JSON.stringify would write null). Anything else
 * that is not JSON still throws JSON.parse's SyntaxError.
 */

const MARK = '\u0000stbench-nonfinite:';

/** Replace the bare words NaN, Infinity and -Infinity outside strings by marked strings; null when there are none. */
function markNonFinite(text: string): string | null {
  let out = '';
  let last = 0;
  let inString = false;
  let found = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      continue;
    }
    for (const w of ['-Infinity', 'Infinity', 'NaN']) {
      if (
        text.startsWith(w, i) &&
        !/[A-Za-z0-9_]/.test(text[i + w.length] ?? '') &&
        !/[A-Za-z0-9_.]/.test(text[i - 1] ?? '')
      ) {
        out += text.slice(last, i) + JSON.stringify(MARK + w);
        i += w.length - 1;
        last = i + 1;
        found = true;
        break;
      }
    }
  }
  return found ? out + text.slice(last) : null;
}

/** JSON.parse, reading the bare words NaN, Infinity and -Infinity as the strings "NaN", "Infinity", "-Infinity". */
export function parseJsonNonFinite(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const marked = markNonFinite(text);
    if (marked === null) throw e;
    try {
      return JSON.parse(marked, (_k, v) => (typeof v === 'string' && v.startsWith(MARK) ? v.slice(MARK.length) : v));
    } catch {
      throw e; // broken for another reason: the error about the text as written
    }
  }
}
