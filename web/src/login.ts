/**
 * The login screen's checks of a player name before it is sent (the server's rule,
 * src/protocol/names.ts: NFC, trimmed, 1-NAME_MAX characters), so the player reads a sentence in
 * their language rather than the server's validation text.
 */
import { NAME_MAX } from '../../src/protocol/names.ts';

/** What is wrong with a typed name, as a UI text key, or null. */
export function nameProblem(raw: string): 'nameBlank' | 'nameTooLong' | null {
  const name = raw.normalize('NFC').trim();
  if (name === '') return 'nameBlank';
  if ([...name].length > NAME_MAX) return 'nameTooLong';
  return null;
}
