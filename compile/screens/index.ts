/**
 * The fairness screens the compiler applies to every candidate, in order; the first that drops a candidate names
 * its fate in the funnel. Each screen is a module of its own (compile/screens/<name>.ts) added to this list. The
 * trick share is not a screen: a post-pass over the kept questions (compile/trick-share.ts), run after every case
 * is compiled.
 */
import type { Screen } from './screen.ts';
import { recognizable } from './recognizable.ts';
import { noLookalike } from './no-lookalike.ts';
import { glimpse } from './glimpse.ts';
import { placeable } from './placeable.ts';
import { givenAway } from './given-away.ts';
import { wayToRoom } from './way-to-room.ts';

export type { Screen, ScreenCandidate, ScreenContext, RobotLog } from './screen.ts';

export const SCREENS: Screen[] = [givenAway, recognizable, noLookalike, glimpse, placeable, wayToRoom];
