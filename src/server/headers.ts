/**
 * Security headers (issue 10 item 12; docs/SECURITY.md "Headers") through @fastify/helmet, on
 * every reply (pages, API, errors):
 * - a Content-Security-Policy without inline script or style: scripts, styles, images, fonts
 *   and connections (the API and the WebSocket) only from this origin; no plugins, no base
 *   change, forms only to this origin;
 * - `frame-ancestors 'none'` and `X-Frame-Options: DENY` (no page may be framed: the croupier
 *   console and the player's table are both targets for click-jacking);
 * - `Referrer-Policy: no-referrer`, `X-Content-Type-Options: nosniff`, cross-origin isolation of
 *   the resources, no DNS prefetch. HSTS is left to the TLS terminator in front (docs/DEPLOY.md):
 *   this server speaks plain HTTP.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** The Content-Security-Policy directives (also read by the tests). */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  scriptSrcAttr: ["'none'"],
  upgradeInsecureRequests: null,
} as const;

/** Registers helmet with {@link CSP_DIRECTIVES}, no-referrer, nosniff, DENY framing. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES as never },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
}
