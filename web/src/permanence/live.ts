/**
 * The permanence page follows its table live (QA: a coup played while the page was open
 * appeared only after a reload). Pure parts, tested in test/web/permanence-live.test.ts: which
 * live events of the table change the permanence, and a reader that never runs two reads at
 * once (events during a read ask for one more read after it, however many they are); the page's
 * words when the permanence cannot be read.
 */
import type { Language } from '../i18n.ts';
import { tableReadFailure, type TableReadFailure } from '../errors.ts';

/** A live WebSocket message as far as the permanence reads it. */
export interface LiveMessage {
  readonly type: string;
  readonly table?: string;
}

/**
 * Whether a message of the table changes its permanence: a `result` (a new coup, or a correction
 * after settlement: the coup's number changes), a `coup-void` (the count of void coups) and the
 * `state` sent on (re)subscribing (events may have been missed while the socket was down).
 */
export function changesPermanence(m: LiveMessage, tableId: string): boolean {
  return m.table === tableId && (m.type === 'result' || m.type === 'coup-void' || m.type === 'state');
}

/**
 * Wraps an async read so that at most one runs at a time: a call during a read asks for one more
 * read once it ends (calls meanwhile are merged into that one), so the last read always starts
 * after the last call.
 */
export function serialised(read: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = read()
      .catch(() => undefined)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void run();
        }
      });
    return running;
  };
  return run;
}

/**
 * The page's words when `GET /api/tables/:id/permanence` fails (`status` 0: no answer): an unknown
 * table (404 `UNKNOWN_TABLE`) is said in the page's language with its id, any other failure with
 * its status (QA: the server's English message was shown whatever the language). See
 * {@link tableReadFailure}.
 */
export function permanenceFailure(lang: Language, tableId: string, status: number, code?: string): TableReadFailure {
  return tableReadFailure(lang, tableId, status, code, { unknown: 'permUnknownTable', unavailable: 'permUnavailable' });
}
