/**
 * Where the vacuum resumes a room an earlier task left unfinished (script/coverage.ts resumeStretch): its plan is
 * made afresh for the new task, so the first stretch not swept yet is found by what was swept, not by the earlier
 * plan's index (tests/unit/script/validity.test.ts checks that every room the vacuum finishes, over one task or
 * several, is swept on 80% of its reachable floor).
 */
import { describe, expect, it } from 'vitest';
import type { Vec2 } from '../../../layouts/geometry/index.ts';
import { resumeStretch, samplePath, type Stretch } from '../../../script/coverage.ts';

/** lanes along x at y = 0.5, 1, 1.5, ... from x 0 to 4, snake-ordered */
const lanes = (n: number): Stretch[] =>
  Array.from({ length: n }, (_, i) => {
    const y = 0.5 * (i + 1);
    return i % 2 === 0
      ? ([
          [0, y],
          [4, y],
        ] as Stretch)
      : ([
          [4, y],
          [0, y],
        ] as Stretch);
  });

describe('resuming an unfinished room', () => {
  it('starts at the first stretch not swept, where the new plan splits a lane the old one had whole', () => {
    const old = lanes(6);
    const swept = samplePath(old.slice(0, 3));
    // a thing put down on the second lane splits it in two: the old plan's index 3 is now the third lane's
    const fresh: Stretch[] = [
      old[0],
      [
        [4, 1],
        [2.6, 1],
      ],
      [
        [1.4, 1],
        [0, 1],
      ],
      ...old.slice(2),
    ];
    expect(resumeStretch(fresh, swept, 0.15)).toBe(4);
    expect(fresh[4]).toEqual(old[3]);
  });

  it('counts a stretch swept only where every point of it lies near the sweep', () => {
    const old = lanes(4);
    // the third lane swept only to x 2: it is where the work resumes
    const swept: Vec2[] = [
      ...samplePath(old.slice(0, 2)),
      ...samplePath([
        [
          [0, 1.5],
          [2, 1.5],
        ],
      ]),
    ];
    expect(resumeStretch(old, swept, 0.15)).toBe(2);
    expect(resumeStretch(old, [], 0.15)).toBe(0);
    expect(resumeStretch(old, samplePath(old), 0.15)).toBe(4);
    // a lane 0.2 m off the sweep is not swept at 0.15 m
    expect(
      resumeStretch(
        [
          [
            [0, 0.7],
            [4, 0.7],
          ],
        ],
        samplePath(old),
        0.15,
      ),
    ).toBe(0);
  });
});
