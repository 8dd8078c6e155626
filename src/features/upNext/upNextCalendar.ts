// `TMDB: Export Upcoming Episodes…`: the next episodes of the followed series as an iCalendar file
// (RFC 5545), one all-day event an episode, which any calendar imports. Written by ical-generator
// (no dependencies of its own; it folds lines and escapes text as the RFC says). Loaded with the
// schemas, on first use. No vscode import.
import ical, { ICalCalendarMethod } from 'ical-generator';
import * as l10n from '@vscode/l10n';
import { episodeCode, type UpNextEntry } from './upNextSchedule';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Line breaks of every kind (CR LF, CR, NEL, the line and paragraph separators): one newline, which ical-generator writes as `\n`. */
const LINE_BREAKS = /\r\n|[\r\u0085\u2028\u2029]/g;
/**
 * What RFC 5545 forbids in a text value (CONTROL: U+0000–U+0008, U+000A–U+001F, U+007F; a newline only
 * as `\n`), the C1 controls besides, and a lone surrogate half (not UTF-8): dropped.
 */
const NOT_TEXT =
  // eslint-disable-next-line no-control-regex -- finding them is the point
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** TMDB's text as an iCalendar text value holds it: printable, its lines kept as newlines. */
export function calendarText(text: string): string {
  return text.replace(LINE_BREAKS, '\n').replace(NOT_TEXT, '');
}

export interface CalendarContext {
  webBaseUrl: string;
  /** When the file is written (DTSTAMP). */
  now: Date;
}

/** The entries with an announced day, as an .ics text; `count` says how many events it holds. */
export function upcomingCalendar(
  entries: readonly UpNextEntry[],
  ctx: CalendarContext,
): { text: string; count: number } {
  const calendar = ical({
    name: l10n.t('TMDB: Upcoming Episodes'),
    prodId: { company: 'tmdb-community', product: 'tmdb-vscode', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  });
  let count = 0;
  for (const entry of entries) {
    const match = entry.airDate ? DAY.exec(entry.airDate) : null;
    if (!match || !entry.episode) continue;
    const { series, episode } = entry;
    const name = calendarText(series.name) || calendarText(series.original_name);
    const code = episodeCode(episode);
    const episodeName = calendarText(episode.name ?? '');
    // A day, not a moment: ical-generator writes a date from its UTC fields.
    const start = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
    calendar.createEvent({
      id: `tmdb-tv-${series.id}-${code.toLowerCase()}@tmdb-vscode`,
      start,
      allDay: true,
      stamp: ctx.now,
      summary: [name, code, episodeName].filter(Boolean).join(' · '),
      description: calendarText(episode.overview ?? '') || undefined,
      url: `${ctx.webBaseUrl}/tv/${series.id}/season/${episode.season_number}/episode/${episode.episode_number}`,
    });
    count++;
  }
  return { text: calendar.toString(), count };
}
