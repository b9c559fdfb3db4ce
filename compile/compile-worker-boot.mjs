// Starts a compile worker thread: the project runs its TypeScript through tsx, whose loader a worker thread does
// not inherit, so it is registered here before the worker module is loaded.
import { register } from 'tsx/esm/api';

register();
await import('./compile-worker.ts');
