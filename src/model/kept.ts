// "Offline · as of 14:02": how a view or a page says it shows the last answer kept, because TMDB could
// not be reached, or answered with an error (a 5xx, or 429 past the retries): the two are said apart.
// No vscode import (the pages use it too).
import * as l10n from '@vscode/l10n';

/** A kept answer shown because TMDB failed: since when it was current, and why TMDB's own is not shown. */
export interface KeptCopy {
  since: number;
  why: 'offline' | 'serverError';
}

/** "Offline · as of 14:02", or "TMDB had a problem · as of 14:02" (the time alone today, with the date on another day). */
export function keptLabel(kept: KeptCopy, locale: string, now = Date.now()): string {
  const sameDay = new Date(kept.since).toDateString() === new Date(now).toDateString();
  let when: string;
  try {
    when = new Intl.DateTimeFormat(
      locale,
      sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' },
    ).format(kept.since);
  } catch {
    // A locale Intl does not know; a time no date can hold (from a file) says nothing rather than throw.
    when = Number.isFinite(new Date(kept.since).getTime())
      ? new Date(kept.since).toISOString().slice(0, 16).replace('T', ' ')
      : '?';
  }
  return kept.why === 'offline' ? l10n.t('Offline · as of {0}', when) : l10n.t('TMDB had a problem · as of {0}', when);
}
