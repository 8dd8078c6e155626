// The TV series page (`GET /3/tv/{series_id}`).
import * as l10n from '@vscode/l10n';
import { IMAGE_SIZES } from '../../../tmdb/imageUrls';
import type { AggregateCredits, Episode, SeasonDetails, SeasonEpisode, TvSeries } from '../../../tmdb/schemas';
import { Actions, Hooks } from '../../../webview/pageContract';
import {
  countryName,
  externalLink,
  facts,
  folded,
  formatDate,
  image,
  languageName,
  panelLink,
  safeUrl,
  section,
  shortName as short,
  spokenLanguageName,
  usable,
  type RenderContext,
  cardLink,
  face,
} from './markup';
import { escapeHtml } from '../../../common/escapeHtml';
import { logos, outsideLinks, titleHeader, videosSection, whereToWatch } from './titleParts';
import { keyCrew, type CrewCredit } from './crew';
import { episodeTypeName, seriesStatusName, seriesTypeName } from '../../../model/valueNames';
import { formatNumber } from '../../../model/numbers';
import { MAX_EPISODE, MAX_SEASON } from '../../../model/episodeRanges';

function episodeCard(ctx: RenderContext, heading: string, episode: Episode | null): string {
  if (!episode) return '';
  const runtime = episode.runtime ? l10n.t('{0} min', formatNumber(episode.runtime, ctx.locale)) : '';
  return `<article class="episode" aria-label="${escapeHtml(heading)}">
${image(ctx, IMAGE_SIZES.still, episode.still_path, l10n.t('Still from {0}', episode.name), 'still')}
<div><p class="kind">${escapeHtml(heading)}</p>
<h3>${escapeHtml(l10n.t('S{0} · E{1}: {2}', episode.season_number, episode.episode_number, episode.name || l10n.t('Untitled')))}</h3>
<p class="muted">${escapeHtml([formatDate(episode.air_date, ctx.locale), runtime, episodeTypeName(episode.episode_type)].filter(Boolean).join(' · '))}</p>
${episode.overview ? `<p>${escapeHtml(episode.overview)}</p>` : ''}</div></article>`;
}

function seasonList(ctx: RenderContext, series: TvSeries): string {
  // Specials (season 0) last.
  const seasons = [...series.seasons].sort((a, b) =>
    a.season_number === 0 ? 1 : b.season_number === 0 ? -1 : a.season_number - b.season_number,
  );
  if (seasons.length === 0) return '';
  return `<ul class="seasons">${seasons
    .map((season) => {
      const name = seasonName(season);
      const details = [season.air_date?.slice(0, 4), episodeCount(season.episode_count, ctx.locale)]
        .filter(Boolean)
        .join(' · ');
      return `<li class="season"><button type="button" class="season-open" data-action="${Actions.openSeason}" data-season="${season.season_number}" aria-expanded="false" aria-controls="${Hooks.seasonEpisodes}">${image(ctx, IMAGE_SIZES.listPoster, season.poster_path, name, 'season-poster')}<span class="season-name">${escapeHtml(name)}</span><span class="muted">${escapeHtml(details)}</span></button></li>`;
    })
    .join('')}</ul><div id="${Hooks.seasonEpisodes}" class="season-episodes" aria-live="polite"></div>`;
}

/** Episodes a season shows at first, and how many more each "More episodes" (or scrolling to it) adds. */
export const EPISODES_AT_ONCE = 50;

/**
 * A season's episodes: number, name, air date, runtime, still, score, overview. An episode not aired yet
 * shows its date (or that it has none), never a score of 0; the last aired and the next are marked. The
 * first 50 come at once; a soap opera's season can hold a thousand, so the rest come 50 at a time as the
 * person scrolls to "More episodes" or presses it (`renderEpisodes`).
 */
export function renderSeason(
  season: SeasonDetails,
  ctx: RenderContext,
  today = new Date().toISOString().slice(0, 10),
): string {
  ctx = usable(ctx);
  const heading = `<h3 class="season-title">${escapeHtml(seasonName(season))} · ${escapeHtml(episodeCount(season.episodes.length, ctx.locale))}</h3>`;
  if (season.episodes.length === 0) return `${heading}<p class="muted">${escapeHtml(l10n.t('No episodes yet.'))}</p>`;
  const first = renderEpisodes(season, ctx, 0, today);
  return `${heading}${seasonMarks(season.season_number)}<ul class="episodes">${first.html}</ul>${moreEpisodesButton(season, first.next, ctx.locale)}`;
}

/**
 * The season's watched marks ("12 of 24 watched", and a button for the whole season): the page fills them in
 * when the host says what is marked. Till then they keep their room unseen (`unread`): the page does not move
 * under the person when they show (a place put back after a tab switch stays where it was).
 */
function seasonMarks(season: number): string {
  return `<p id="${Hooks.seasonMarks}" class="season-marks unread" data-season="${season}"><span id="${Hooks.seasonProgress}">&nbsp;</span> <button type="button" class="secondary" data-action="${Actions.markSeason}">${escapeHtml(l10n.t('Mark season watched'))}</button></p>`;
}

/** An episode's watched checkbox, shown by the page once the host says what is marked (signed in); none for a number marks do not take. */
function episodeMark(season: number, episode: number, name: string): string {
  if (season > MAX_SEASON || episode > MAX_EPISODE) return '';
  return `<p class="episode-marks"><label class="episode-mark unread"><input type="checkbox" data-action="${Actions.markEpisode}" data-season="${season}" data-episode="${episode}" aria-label="${escapeHtml(l10n.t('Watched: {0}', name))}"> ${escapeHtml(l10n.t('Watched'))}</label><button type="button" class="episode-rate secondary unread" data-action="${Actions.rateEpisode}" data-season="${season}" data-episode="${episode}">☆ ${escapeHtml(l10n.t('Rate'))}</button></p>`;
}

/** The "More episodes" button after a season's list: hidden once every episode is shown. */
function moreEpisodesButton(season: SeasonDetails, next: number | null, locale: string): string {
  const left = next === null ? 0 : season.episodes.length - next;
  return `<p class="more-episodes"${next === null ? ' hidden' : ''}><button type="button" class="secondary" data-action="${Actions.moreEpisodes}" data-season="${season.season_number}" data-from="${next ?? ''}">${escapeHtml(
    l10n.t('More episodes ({0} left)', formatNumber(left, locale)),
  )}</button></p>`;
}

/** Episodes `from` to `from + 50` as list items, and where the next 50 start (null: none left). */
export function renderEpisodes(
  season: SeasonDetails,
  ctx: RenderContext,
  from: number,
  today = new Date().toISOString().slice(0, 10),
): { html: string; next: number | null } {
  ctx = usable(ctx);
  const aired = (episode: Episode) => Boolean(episode.air_date && episode.air_date <= today);
  const lastAired = [...season.episodes].reverse().find(aired);
  const next = season.episodes.find((episode) => !aired(episode) && episode.air_date);
  const end = Math.min(from + EPISODES_AT_ONCE, season.episodes.length);
  const items = season.episodes.slice(from, end).map((episode) => {
    const mark = episode === lastAired ? l10n.t('Last aired') : episode === next ? l10n.t('Next') : '';
    const when = episode.air_date ? formatDate(episode.air_date, ctx.locale) : l10n.t('No air date yet');
    const score =
      aired(episode) && episode.vote_count > 0
        ? l10n.t('Score {0}', formatNumber(episode.vote_average, ctx.locale, 1))
        : '';
    const runtime = episode.runtime ? l10n.t('{0} min', formatNumber(episode.runtime, ctx.locale)) : '';
    const facts = [when, runtime, score].filter(Boolean).join(' · ');
    const name = l10n.t('E{0}: {1}', episode.episode_number, short(episode.name || l10n.t('Untitled')));
    return `<li class="episode-row${mark ? ' marked' : ''}" data-episode="${episode.episode_number}">${image(ctx, IMAGE_SIZES.still, episode.still_path, l10n.t('Still from {0}', episode.name), 'still')}<div><h3>${escapeHtml(
      l10n.t('E{0}: {1}', episode.episode_number, episode.name || l10n.t('Untitled')),
    )}${mark ? ` <span class="badge">${escapeHtml(mark)}</span>` : ''}</h3>${episodeMark(season.season_number, episode.episode_number, name)}<p class="muted">${escapeHtml(facts)}</p>${episode.overview ? `<p>${escapeHtml(episode.overview)}</p>` : ''}${episodeCredits(ctx, episode)}</div></li>`;
  });
  const more = end < season.episodes.length;
  return { html: items.join(''), next: more ? end : null };
}

/** The jobs an episode's credits name: who directed it and who wrote it. */
const EPISODE_JOBS: ReadonlyArray<[job: (job: string) => boolean, label: () => string]> = [
  [(job) => job === 'Director', () => l10n.t('Directed by')],
  [
    (job) => job === 'Writer' || job === 'Teleplay' || job === 'Story' || job === 'Screenplay',
    () => l10n.t('Written by'),
  ],
];

/** Guest stars an episode shows, and people each of its jobs names: the rest are on TMDB's page of the episode. */
const GUESTS_SHOWN = 12;
const PER_JOB_SHOWN = 6;

/**
 * An episode's director and writers, and its guest stars, behind "Guest stars and crew" (a native
 * <details>: opened by a click or the keyboard, no script). Each person once, each linking to their page;
 * at most 12 guest stars and 6 people a job, names to 80 characters, and TMDB's page of the episode for
 * the rest: a season TMDB answers whole (up to 200 guest stars and 200 crew an episode) stays small.
 */
export function episodeCredits(
  ctx: RenderContext,
  episode: Pick<SeasonEpisode, 'crew' | 'guest_stars'> &
    Partial<Pick<SeasonEpisode, 'show_id' | 'season_number' | 'episode_number'>>,
): string {
  const once = <T extends { id: number }>(members: T[]) => {
    const seen = new Set<number>();
    return members.filter((member) => !seen.has(member.id) && seen.add(member.id));
  };
  const people = (members: SeasonEpisode['crew']) => {
    const named = once(members);
    const shown = named
      .slice(0, PER_JOB_SHOWN)
      .map((member) => panelLink({ kind: 'person', id: member.id }, short(member.name)));
    if (named.length > PER_JOB_SHOWN) shown.push(escapeHtml(l10n.t('+{0} more', named.length - PER_JOB_SHOWN)));
    return shown.join(', ');
  };
  const crew = EPISODE_JOBS.flatMap(([isJob, label]) => {
    const members = episode.crew.filter((member) => isJob(member.job));
    return members.length ? [`<p><span class="muted">${escapeHtml(label())}</span> ${people(members)}</p>`] : [];
  });
  const everyGuest = once(episode.guest_stars);
  const guests = everyGuest
    .slice(0, GUESTS_SHOWN)
    .map(
      (guest) =>
        `<li>${cardLink(ctx, { kind: 'person', id: guest.id }, face(guest.profile_path), short(guest.name), `<span class="muted">${escapeHtml(short(guest.character))}</span>`)}</li>`,
    );
  if (crew.length === 0 && guests.length === 0) return '';
  const { show_id: series, season_number: season, episode_number: number } = episode;
  const whole =
    everyGuest.length > GUESTS_SHOWN && series && season != null && number != null
      ? `<p>${externalLink(safeUrl(`${ctx.webBaseUrl}/tv/${series}/season/${season}/episode/${number}/cast`), l10n.t('All {0} guest stars on TMDB', formatNumber(everyGuest.length, ctx.locale)))}</p>`
      : '';
  const guestList = guests.length
    ? `<h4>${escapeHtml(l10n.t('Guest stars'))}</h4><ul class="people">${guests.join('')}</ul>${whole}`
    : '';
  return `<details class="episode-credits"><summary>${escapeHtml(guests.length ? l10n.t('Guest stars and crew') : l10n.t('Crew'))}</summary>${crew.join('')}${guestList}</details>`;
}

/** "1 episode", "12 episodes", "1.000 Folgen". */
function episodeCount(count: number, locale: string): string {
  return count === 1 ? l10n.t('1 episode') : l10n.t('{0} episodes', formatNumber(count, locale));
}

/**
 * What the cast list shows of a long answer: a soap opera's cast runs to thousands (TMDB's answer is read
 * to 1000), and a hostile answer under the 5 MB cap could fill every name and role with 500 characters.
 * The page shows the first 600 people, each name and character to 80 characters and four roles ("+2 more"),
 * so the worst answer still renders in a few tens of milliseconds (`npm run bench`); the rest is on
 * TMDB's page, one click away.
 */
const CAST_SHOWN = 600;
const ROLES_SHOWN = 4;

/** Main cast first, as TMDB orders it; each person once, with every character they played and in how many episodes. */
function seriesCast(ctx: RenderContext, series: TvSeries): string {
  const all = series.aggregate_credits?.cast ?? [];
  const cast = [...all].sort((a, b) => a.order - b.order).slice(0, CAST_SHOWN);
  const items = cast.map((member) => {
    const named = member.roles.filter((role) => role.character);
    const roles = named
      .slice(0, ROLES_SHOWN)
      .map((role) =>
        named.length > 1 && role.episode_count
          ? l10n.t('{0} ({1})', short(role.character), formatNumber(role.episode_count, ctx.locale))
          : short(role.character),
      );
    if (named.length > ROLES_SHOWN) roles.push(l10n.t('+{0} more', named.length - ROLES_SHOWN));
    const name = short(member.name);
    const episodes = member.total_episode_count ? episodeCount(member.total_episode_count, ctx.locale) : '';
    const after = `<span class="muted">${escapeHtml(roles.join(', '))}</span><span class="muted">${escapeHtml(episodes)}</span>`;
    return `<li>${cardLink(ctx, { kind: 'person', id: member.id }, face(member.profile_path), name, after)}</li>`;
  });
  if (items.length === 0) return '';
  const whole =
    all.length > cast.length
      ? `<p>${externalLink(safeUrl(`${ctx.webBaseUrl}/tv/${series.id}/cast`), l10n.t('The whole cast and crew on TMDB ({0} people)', formatNumber(all.length, ctx.locale)))}</p>`
      : '';
  return (
    folded(
      items,
      12,
      (count) => l10n.t('Show all {0} cast members', formatNumber(count, ctx.locale)),
      (html) => `<ul class="people">${html}</ul>`,
    ) + whole
  );
}

/** The jobs that make a series' key crew, in the order a reader looks for them. */
const KEY_JOBS = [
  'Executive Producer',
  'Director',
  'Writer',
  'Novel',
  'Original Music Composer',
  'Director of Photography',
  'Casting',
];

/** A series' crew as ./crew reads it: each of a person's jobs, with the episodes of their most. */
function seriesCredits(credits: AggregateCredits | undefined): CrewCredit[] {
  return (credits?.crew ?? []).flatMap((member) =>
    member.jobs.map((job) => ({
      id: member.id,
      name: member.name,
      department: member.department,
      job: job.job,
      episodes: member.total_episode_count,
    })),
  );
}

/** TMDB's name for a season, in the language asked; without one, season 0 is the specials, another its number. */
export function seasonName(season: { season_number: number; name?: string | null }): string {
  return season.name || (season.season_number === 0 ? l10n.t('Specials') : l10n.t('Season {0}', season.season_number));
}

/** Production countries, then origin countries not already named, each once. */
function countriesOf(series: TvSeries, locale: string): string[] {
  const byCode = new Map(
    series.production_countries.map(
      (country) => [country.iso_3166_1, countryName(country.iso_3166_1, locale, country.name)] as const,
    ),
  );
  for (const code of series.origin_country) if (!byCode.has(code)) byCode.set(code, countryName(code, locale));
  return [...byCode.values()];
}

export function renderTv(series: TvSeries, ctx: RenderContext): string {
  ctx = usable(ctx);
  const creators = series.created_by.length
    ? `<ul class="people">${series.created_by
        .map(
          (creator) =>
            `<li>${cardLink(ctx, { kind: 'person', id: creator.id }, face(creator.profile_path), creator.name)}</li>`,
        )
        .join('')}</ul>`
    : '';
  // What a person opening a series mostly wants comes first: its seasons, and the episodes last and next.
  return `${titleHeader(ctx, 'tv', series)}
${section(l10n.t('Seasons'), seasonList(ctx, series), 'seasons')}
${section(l10n.t('Episodes'), episodeCard(ctx, l10n.t('Last episode'), series.last_episode_to_air) + episodeCard(ctx, l10n.t('Next episode'), series.next_episode_to_air))}
${videosSection(series.videos?.results)}
${section(l10n.t('Created by'), creators)}
${section(l10n.t('Cast'), seriesCast(ctx, series), 'cast')}
${section(l10n.t('Key crew'), keyCrew(seriesCredits(series.aggregate_credits), KEY_JOBS, ctx.locale, 10), 'crew')}
</div><aside class="side">
${facts([
  [l10n.t('Status'), escapeHtml(seriesStatusName(series.status))],
  [l10n.t('Type'), escapeHtml(seriesTypeName(series.type))],
  [l10n.t('In production'), escapeHtml(series.in_production ? l10n.t('Yes') : l10n.t('No'))],
  [l10n.t('First aired'), escapeHtml(formatDate(series.first_air_date, ctx.locale))],
  [l10n.t('Last aired'), escapeHtml(formatDate(series.last_air_date, ctx.locale))],
  [
    l10n.t('Seasons'),
    series.number_of_seasons == null ? '' : escapeHtml(formatNumber(series.number_of_seasons, ctx.locale)),
  ],
  [
    l10n.t('Episodes'),
    series.number_of_episodes == null ? '' : escapeHtml(formatNumber(series.number_of_episodes, ctx.locale)),
  ],
  [
    l10n.t('Episode run time'),
    escapeHtml(
      series.episode_run_time.length
        ? l10n.t('{0} min', series.episode_run_time.map((minutes) => formatNumber(minutes, ctx.locale)).join(', '))
        : '',
    ),
  ],
  [l10n.t('Original language'), escapeHtml(languageName(series.original_language, ctx.locale))],
  [
    l10n.t('Languages'),
    escapeHtml(
      series.spoken_languages.map((language) => spokenLanguageName(language, ctx.locale)).join(', ') ||
        series.languages.map((code) => languageName(code, ctx.locale)).join(', '),
    ),
  ],
  [l10n.t('Countries'), escapeHtml(countriesOf(series, ctx.locale).join(', '))],
])}
${whereToWatch(ctx, series['watch/providers'])}
${section(l10n.t('Networks'), logos(ctx, series.networks))}
${section(l10n.t('Production companies'), logos(ctx, series.production_companies))}
${outsideLinks(ctx, 'tv', series.id, series.homepage, series.external_ids?.imdb_id)}
</aside></div>`;
}
