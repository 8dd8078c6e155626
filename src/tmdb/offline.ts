// "Offline · as of 14:02": how a view or a page says it shows the last answer kept, because TMDB cannot
// be reached. No vscode import (the pages use it too).
import * as l10n from '@vscode/l10n';
import { originOf } from './cache';

/** When the answer was last current, if the client served it because TMDB was out of reach. */
export function offlineSince(answer: unknown): number | undefined {
  const info = originOf(answer);
  return info?.from === 'offline' ? info.storedAt : undefined;
}

/** "Offline · as of 14:02" (the time alone today, with the date on another day). */
export function offlineLabel(storedAt: number, locale: string, now = Date.now()): string {
  const sameDay = new Date(storedAt).toDateString() === new Date(now).toDateString();
  let when: string;
  try {
    when = new Intl.DateTimeFormat(locale, sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }).format(storedAt);
  } catch {
    when = new Date(storedAt).toISOString().slice(0, 16).replace('T', ' ');
  }
  return l10n.t('Offline · as of {0}', when);
}
