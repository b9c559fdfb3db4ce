/** What the question families share: an ask's inputs and outcome, names, refs, the views of job and world, seen space. */
export * from './inputs.ts';
export * from './outcome.ts';
export * from './names.ts';
export * from './thing-ref.ts';
export * from './job-view.ts';
export * from './world-view.ts';
export * from './seen.ts';
export * from './sightings.ts';
export { routeField, fieldAt, closeMask, CLOSE_GAP_M } from './route-field.ts';
export * from './targets.ts';
