/** Geometry queries on Solid[]: footprints, occupancy, distance transform, sweeps, ray casts, nearest points, planning. */
export * from './footprint.ts';
export * from './occupancy.ts';
export * from './distance-transform.ts';
export * from './nearest.ts';
export * from './sweep.ts';
export * from './raycast.ts';
export * from './bvh.ts';
export * from './clearance.ts';
export * from './plan.ts';
export * from './corridor.ts';
export * from './lathe.ts';
export * from './rbox.ts';
export * from './tilt.ts';
