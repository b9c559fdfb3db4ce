/** Reading a rendered dataset card back, for the tests that compare its tables with the files they come from. */

/** The rows of the markdown table whose header row starts with `head`, as trimmed cells with backticks removed
 * (the header and rule left out); throws when no such table is there. */
export function tableRows(md: string, head: string): string[][] {
  const lines = md.split('\n');
  const start = lines.findIndex((l) => l.startsWith(head));
  if (start < 0) throw new Error(`the card has no table headed ${head}`);
  const out: string[][] = [];
  for (let i = start + 2; i < lines.length && lines[i].startsWith('|'); i++)
    out.push(
      lines[i]
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim().replace(/`/g, '')),
    );
  return out;
}

/** A card's integer (1,761 -> 1761). */
export const cardInt = (s: string): number => Number(s.replace(/,/g, ''));

/** A signed score as the card prints it, formatted here on its own: +0.034, -0.079, never -0.000. */
export function cardSigned(x: number): string {
  const s = x.toFixed(3);
  if (Number(s) === 0) return '+0.000';
  return x > 0 ? `+${s}` : s;
}
