// The TV series page (`GET /3/tv/{series_id}`).
import { IMAGE_SIZES } from '../../tmdb/imageUrls';
import type { Episode, TvSeries } from '../../tmdb/schemas';
import { countryName, escapeHtml, facts, formatDate, image, languageName, panelLink, section, type RenderContext } from './markup';
import { logos, outsideLinks, titleHeader } from './titleParts';

function episodeCard(ctx: RenderContext, heading: string, episode: Episode | null): string {
  if (!episode) return '';
  const runtime = episode.runtime ? `${episode.runtime} min` : '';
  return `<article class="episode" aria-label="${escapeHtml(heading)}">
${image(ctx, IMAGE_SIZES.still, episode.still_path, `Still from ${episode.name}`, 'still')}
<div><p class="kind">${escapeHtml(heading)}</p>
<h3>S${episode.season_number} · E${episode.episode_number}: ${escapeHtml(episode.name || 'Untitled')}</h3>
<p class="muted">${escapeHtml([formatDate(episode.air_date, ctx.locale), runtime, episode.episode_type].filter(Boolean).join(' · '))}</p>
${episode.overview ? `<p>${escapeHtml(episode.overview)}</p>` : ''}</div></article>`;
}

function seasonList(ctx: RenderContext, series: TvSeries): string {
  // Specials (season 0) last.
  const seasons = [...series.seasons].sort((a, b) => (a.season_number === 0 ? 1 : b.season_number === 0 ? -1 : a.season_number - b.season_number));
  if (seasons.length === 0) return '';
  return `<ul class="seasons">${seasons
    .map((season) => {
      const name = season.season_number === 0 ? 'Specials' : season.name || `Season ${season.season_number}`;
      const details = [season.air_date?.slice(0, 4), `${season.episode_count} episodes`].filter(Boolean).join(' · ');
      return `<li class="season">${image(ctx, IMAGE_SIZES.listPoster, season.poster_path, name, 'season-poster')}<p class="season-name">${escapeHtml(name)}</p><p class="muted">${escapeHtml(details)}</p></li>`;
    })
    .join('')}</ul>`;
}

/** Production countries, then origin countries not already named, each once. */
function countriesOf(series: TvSeries, locale: string): string[] {
  const byCode = new Map(series.production_countries.map((country) => [country.iso_3166_1, country.name] as const));
  for (const code of series.origin_country) if (!byCode.has(code)) byCode.set(code, countryName(code, locale));
  return [...byCode.values()];
}

export function renderTv(series: TvSeries, ctx: RenderContext): string {
  const creators = series.created_by.length
    ? `<ul class="people">${series.created_by
        .map((creator) => `<li>${image(ctx, IMAGE_SIZES.profile, creator.profile_path, creator.name, 'face')}${panelLink({ kind: 'person', id: creator.id }, creator.name)}</li>`)
        .join('')}</ul>`
    : '';
  return `${titleHeader(ctx, 'tv', series)}
${section('Created by', creators)}
${section('Seasons', seasonList(ctx, series), 'seasons')}
${section('Episodes', episodeCard(ctx, 'Last episode', series.last_episode_to_air) + episodeCard(ctx, 'Next episode', series.next_episode_to_air))}
</div><aside class="side">
${facts([
  ['Status', escapeHtml(series.status)],
  ['Type', escapeHtml(series.type)],
  ['In production', series.in_production ? 'Yes' : 'No'],
  ['First aired', escapeHtml(formatDate(series.first_air_date, ctx.locale))],
  ['Last aired', escapeHtml(formatDate(series.last_air_date, ctx.locale))],
  ['Seasons', series.number_of_seasons == null ? '' : escapeHtml(series.number_of_seasons)],
  ['Episodes', series.number_of_episodes == null ? '' : escapeHtml(series.number_of_episodes)],
  ['Episode run time', escapeHtml(series.episode_run_time.length ? `${series.episode_run_time.join(', ')} min` : '')],
  ['Original language', escapeHtml(languageName(series.original_language, ctx.locale))],
  ['Languages', escapeHtml(series.spoken_languages.map((language) => language.english_name || language.name).join(', ') || series.languages.join(', '))],
  ['Countries', escapeHtml(countriesOf(series, ctx.locale).join(', '))],
])}
${section('Networks', logos(ctx, series.networks))}
${section('Production companies', logos(ctx, series.production_companies))}
${outsideLinks(ctx, 'tv', series.id, series.homepage)}
</aside></div>`;
}
