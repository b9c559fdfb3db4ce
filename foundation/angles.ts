/** Angles in degrees, as the whole project uses them: headings counter-clockwise from +x, in [-180, 180). */

/** Normalise a heading to [-180, 180) (never -0). */
export function normHeading(deg: number): number {
  const h = ((((deg + 180) % 360) + 360) % 360) - 180;
  return h === 0 ? 0 : h;
}
