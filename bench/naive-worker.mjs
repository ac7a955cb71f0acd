// Worker bootstrap for the naive all-cores baseline of bench/run.ts (registers tsx, then runs TypeScript).
import { register } from 'tsx/esm/api';

register();
await import('./naive-worker.ts');
