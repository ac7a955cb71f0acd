/**
 * A transaction whose failure reports its cause (issue 10 item 14): when the work fails and the
 * rollback fails too — SQLite rolls back by itself on a full disk, so ROLLBACK says "cannot
 * rollback - no transaction is active" — the work's error (e.g. "database or disk is full") is
 * thrown, with the rollback's error attached as `rollbackError`, instead of the rollback's.
 */

/**
 * Runs `transaction`, which wraps its work in the given `run`; a failure of the work is thrown
 * rather than a later failure of the rollback.
 */
export async function causeFirst<T>(
  transaction: (run: <U>(work: () => Promise<U>) => Promise<U>) => Promise<T>,
): Promise<T> {
  let cause: { error: unknown } | null = null;
  const run = async <U>(work: () => Promise<U>): Promise<U> => {
    try {
      return await work();
    } catch (e) {
      cause = { error: e };
      throw e;
    }
  };
  try {
    return await transaction(run);
  } catch (e) {
    const first = cause as { error: unknown } | null;
    if (first && first.error !== e && first.error instanceof Error) {
      Object.assign(first.error, { rollbackError: e });
      throw first.error;
    }
    throw e;
  }
}

/**
 * The ROLLBACK that follows a failed COMMIT: when it fails too (SQLite already rolled back: a
 * disk that fills up while the commit writes the WAL, so ROLLBACK says "cannot rollback - no
 * transaction is active"), the COMMIT's error is thrown, with the rollback's attached as
 * `rollbackError`, instead of the rollback's (QA: health and the log showed only "cannot
 * rollback"). `commitError` null: no COMMIT failed, a failing rollback throws its own error.
 */
export async function rollbackAfterCommit(commitError: unknown, rollback: () => Promise<void>): Promise<void> {
  try {
    await rollback();
  } catch (e) {
    if (!(commitError instanceof Error)) throw e;
    Object.assign(commitError, { rollbackError: e });
    throw commitError;
  }
}
