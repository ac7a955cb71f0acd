#!/usr/bin/env node
// Entry point of the `croupier` command. Runs the TypeScript sources through tsx,
// so `npx croupier ...` works right after `npm ci` with no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
