/**
 * Heading tables hold one entry per whole degree of relative heading, index i = -180 + i. An answered heading reads
 * the entry nearest it, wrapping at ±180 (179.6 reads -180, -180.4 reads -180, 359 reads -1).
 */
import type { HeadingTable } from '../../formats/gold-row.ts';

/** The relative heading in [-180, 180) nearest `deg`, in whole degrees. */
export function nearestWholeHeading(deg: number): number {
  const r = Math.round(deg);
  return ((((r + 180) % 360) + 360) % 360) - 180;
}

/** The table index of the entry nearest `deg`. */
export function headingIndex(deg: number): number {
  return nearestWholeHeading(deg) + 180;
}

/** The entry nearest the answered heading. */
export function headingEntry(table: HeadingTable, deg: number): HeadingTable['entries'][number] {
  return table.entries[headingIndex(deg)];
}
