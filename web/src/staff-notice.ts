/**
 * The staff's announcements on the player's table (issue 12): "no spin" and a void coup, in the
 * player's language with the staff's reason, under the phase banner until the next coup.
 */
import { staffNoticeText, type Language } from './i18n.ts';
import type { StaffNotice } from './state/table.ts';

/** Shows (or hides, for null) the staff notice under the phase banner; the element is made on first use. */
export function showStaffNotice(lang: Language, notice: StaffNotice | null): void {
  let el = document.getElementById('staff-notice');
  if (!el) {
    const banner = document.getElementById('phase-banner');
    if (!banner) return;
    el = document.createElement('div');
    el.id = 'staff-notice';
    el.className = 'staff-notice';
    el.setAttribute('role', 'status');
    banner.after(el);
  }
  el.hidden = notice === null;
  el.textContent = notice ? staffNoticeText(lang, notice.kind, notice.reason) : '';
  if (notice) el.dataset.kind = notice.kind;
  else delete el.dataset.kind;
}
