/**
 * What the server's log may show of a request (docs/SECURITY.md "Logs"): its URL with every
 * token-like value replaced by `[redacted]` — query parameters named like a credential (token,
 * password, secret, key, auth, session) and any value shaped like a session token (`s_` or `p_`
 * and 20+ URL-safe characters, wherever it appears). Passwords travel only in request bodies,
 * which are never logged.
 */
import type { FastifyRequest } from 'fastify';

const CREDENTIAL_PARAM = /^(?:.*[-_])?(?:token|password|passwd|pwd|secret|key|auth|authorization|session)(?:[-_].*)?$/i;
const TOKEN_SHAPE = /\b[sp]_[A-Za-z0-9_-]{20,}/g;

/** A URL (path and query) with its token-like values redacted. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).replace(TOKEN_SHAPE, '[redacted]');
  if (q < 0) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        // a malformed escape: judged as written
      }
      return CREDENTIAL_PARAM.test(name) ? `${pair.slice(0, eq)}=[redacted]` : pair.replace(TOKEN_SHAPE, '[redacted]');
    })
    .join('&');
  return `${path}?${query}`;
}

/** The pino serializer of a request: Fastify's fields, the URL redacted. */
export function requestForLog(req: FastifyRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
