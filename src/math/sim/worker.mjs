// Bootstrap of a simulation worker thread: registers tsx (resolved from this file's location,
// so it works whatever the working directory) and loads the TypeScript worker. Kept as plain
// JavaScript because a worker does not inherit the parent's TypeScript loader.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
