export * from './rng.ts';
export * from './hash.ts';
export * from './atomic.ts';
export * from './errors.ts';
export * from './yaml.ts';
export * from './manifest.ts';
export * from './version.ts';
export * from './angles.ts';
