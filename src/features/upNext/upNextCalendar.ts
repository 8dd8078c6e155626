// `TMDB: Export Upcoming Episodes…`: the next episodes of the followed series as an iCalendar file
// (RFC 5545), one all-day event an episode, which any calendar imports. Written by ical-generator
// (no dependencies of its own; it folds lines and escapes text as the RFC says). Loaded with the
// schemas, on first use. No vscode import.
import ical, { ICalCalendarMethod } from 'ical-generator';
import * as l10n from '@vscode/l10n';
import { episodeCode, type UpNextEntry } from './upNextSchedule';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

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
    const name = series.name || series.original_name;
    const code = episodeCode(episode);
    // A day, not a moment: ical-generator writes a date from its UTC fields.
    const start = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
    calendar.createEvent({
      id: `tmdb-tv-${series.id}-${code.toLowerCase()}@tmdb-vscode`,
      start,
      allDay: true,
      stamp: ctx.now,
      summary: episode.name ? `${name} · ${code} · ${episode.name}` : `${name} · ${code}`,
      description: episode.overview || undefined,
      url: `${ctx.webBaseUrl}/tv/${series.id}/season/${episode.season_number}/episode/${episode.episode_number}`,
    });
    count++;
  }
  return { text: calendar.toString(), count };
}
