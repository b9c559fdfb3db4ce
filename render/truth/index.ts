/** The truth records of the render stage: visibility, seen space, perception ids, oracle, and the ray-cast renderer. */
export * from './colour.ts';
export * from './entity-boxes.ts';
export * from './frame.ts';
export * from './frame-truth.ts';
export * from './jpeg.ts';
export * from './load-frame.ts';
export * from './png16.ts';
export * from './raycast-renderer.ts';
export * from './records.ts';
export * from './seen-space.ts';
export * from './visibility.ts';
