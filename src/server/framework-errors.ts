/**
 * Fastify's own errors in the API's format (issue 10 item 11): a body that is not JSON, a
 * content type other than JSON, a body over the limit, a bad Content-Length… become
 * `{"error": {code, message}}` with the status Fastify chose (413 for an over-long body, 415
 * for a wrong content type, 400 otherwise) and a fixed message that never echoes the request.
 */
import { tableErr, type TableError } from '../protocol/errors.ts';

/** The reply of a framework error (any error carrying a 4xx `statusCode`), or null for a server error. */
export function frameworkError(e: unknown): { status: number; error: TableError } | null {
  const err = e as { statusCode?: unknown; code?: unknown };
  const status = typeof err?.statusCode === 'number' ? err.statusCode : 0;
  if (!(status >= 400 && status < 500)) return null;
  const code = typeof err.code === 'string' ? err.code : '';
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        status: 413,
        error: tableErr('PAYLOAD_TOO_LARGE', 'the request body is larger than the server accepts'),
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        error: tableErr('UNSUPPORTED_MEDIA_TYPE', 'request bodies are JSON: send "Content-Type: application/json"'),
      };
    case 'FST_ERR_BAD_URL':
      return { status: 400, error: tableErr('INVALID_REQUEST', 'the URL is not valid (a malformed percent escape)') };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, error: tableErr('INVALID_REQUEST', 'the Content-Length does not match the body') };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, error: tableErr('INVALID_REQUEST', 'the JSON body is empty') };
    case 'FST_ERR_CTP_INVALID_TYPE':
    case 'FST_ERR_CTP_EMPTY_TYPE':
      return {
        status: 415,
        error: tableErr('UNSUPPORTED_MEDIA_TYPE', 'a body needs a "Content-Type: application/json"'),
      };
    default:
      break;
  }
  if (e instanceof SyntaxError || code === 'FST_ERR_CTP_INVALID_JSON_BODY' || /JSON/.test(String((e as Error).message)))
    return { status: 400, error: tableErr('INVALID_REQUEST', 'the request body is not valid JSON') };
  if (status === 413) return { status, error: tableErr('PAYLOAD_TOO_LARGE', 'the request is too large') };
  if (status === 415) return { status, error: tableErr('UNSUPPORTED_MEDIA_TYPE', 'unsupported content type') };
  if (status === 404) return { status, error: tableErr('NOT_FOUND', 'not found') };
  if (status === 401 || status === 403)
    return { status, error: tableErr(status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN', 'not allowed') };
  return { status: 400, error: tableErr('INVALID_REQUEST', 'malformed request') };
}
