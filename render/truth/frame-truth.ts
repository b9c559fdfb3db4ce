/** All truth records of one frame from its depth, ids and RGB: visibility (with seen space), perception ids, oracle. */
import type { Palette } from './colour.ts';
import type { TruthFrame } from './frame.ts';
import {
  type OracleRecord,
  type PerceptionIdsRecord,
  type VisibilityRecord,
  oracleRecord,
  perceptionIdsRecord,
  visibilityRecord,
} from './records.ts';
import { type FloorGrid, type SeenOptions, frameSeen, seenRuns } from './seen-space.ts';
import { type EntityTable, type VisibilityOptions, frameVisibility } from './visibility.ts';

export interface FrameTruthOptions extends VisibilityOptions, SeenOptions {
  palette?: Palette;
}

export interface FrameTruth {
  visibility: VisibilityRecord;
  perceptionIds: PerceptionIdsRecord;
  oracle: OracleRecord;
}

/** The three records of one frame. */
export function frameTruth(
  frame: TruthFrame,
  table: EntityTable,
  grid: FloorGrid,
  opts: FrameTruthOptions = {},
): FrameTruth {
  const entities = frameVisibility(frame, table, opts);
  const seen = seenRuns(frameSeen(frame, grid, opts));
  return {
    visibility: visibilityRecord(frame.k, frame.t, frame.camera, entities, grid, seen),
    perceptionIds: perceptionIdsRecord(frame.k, entities),
    oracle: oracleRecord(frame.k, entities, table),
  };
}
