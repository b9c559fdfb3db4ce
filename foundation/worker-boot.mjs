// Starts a worker thread of foundation/worker-pool.ts: the project runs its TypeScript through tsx, whose loader
// a worker thread does not inherit on Node 20, so it is registered here before the worker module is loaded.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
