/**
 * Rejections of the table (and the server), as values with stable codes: a thin module over
 * the wire contract's codes (src/protocol/errors.ts), kept so that table code and older
 * imports read `../table/errors.ts`.
 */
export { TABLE_ERROR_CODES, tableErr, type TableError, type TableErrorCode } from '../protocol/errors.ts';
