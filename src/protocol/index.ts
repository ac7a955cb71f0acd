/**
 * The wire contract of Croupier, imported by the server, the CLI and the web table: JSON view
 * types, client messages (zod schemas and inferred types), input limits, {@link echo}, player
 * name rules, live events, error codes with their HTTP status. No Node-only imports: the web
 * bundle imports it.
 */
export * from './views.ts';
export * from './messages.ts';
export * from './shape.ts';
export * from './names.ts';
export * from './events.ts';
export * from './errors.ts';
export * from './audit.ts';
