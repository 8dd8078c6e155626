// The panels' HTML, built from validated TMDB data. No vscode import, so it is tested in plain Node.
// Every text from TMDB goes through `escapeHtml`; no inline script or style attribute is ever written
// (the CSP forbids both); links carry data attributes the page script turns into messages.
import { imageUrl, IMAGE_SIZES } from '../tmdb/images';
import { titleOf } from '../tmdb/titles';
import type { CreditDetails, Episode, MovieDetails, MovieSummary, PersonDetails, ReleaseDate, TvSeries } from '../tmdb/schemas';
import type { PanelRef } from './protocol';

export interface RenderContext {
  imageBaseUrl: string;
  webBaseUrl: string;
  /** ISO 3166-1 country whose release dates come first. */
  region: string;
  /** BCP 47 locale for dates and numbers (the editor's). */
  locale: string;
}

export const ATTRIBUTION = 'This product uses the TMDB API but is not endorsed or certified by TMDB.';

export const RELEASE_TYPES: Record<number, string> = {
  1: 'Premiere',
  2: 'Theatrical (limited)',
  3: 'Theatrical',
  4: 'Digital',
  5: 'Physical',
  6: 'TV',
};

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An http(s) URL, or undefined: no javascript:, data: or relative links from TMDB data. */
export function safeUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

// ---- the page shell ------------------------------------------------------------------------------

export interface ShellOptions {
  cspSource: string;
  nonce: string;
  scriptUri: string;
  styleUri: string;
  logoUri: string;
  /** Origin of the image host, allowed in img-src. */
  imageOrigin: string | undefined;
  title: string;
}

export function contentSecurityPolicy(o: Pick<ShellOptions, 'cspSource' | 'nonce' | 'imageOrigin'>): string {
  const images = [o.cspSource, o.imageOrigin].filter(Boolean).join(' ');
  return [
    "default-src 'none'",
    `img-src ${images}`,
    `style-src ${o.cspSource}`,
    `font-src ${o.cspSource}`,
    `script-src 'nonce-${o.nonce}'`,
  ].join('; ');
}

export function shellHtml(o: ShellOptions): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(contentSecurityPolicy(o))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeHtml(o.styleUri)}">
<title>${escapeHtml(o.title)}</title>
</head>
<body>
<main id="content" aria-live="polite" aria-busy="true"><div class="state loading" role="status"><span class="spinner" aria-hidden="true"></span>Loading from TMDB…</div></main>
<footer class="attribution"><img src="${escapeHtml(o.logoUri)}" alt="TMDB" width="80" height="10"><span>${escapeHtml(ATTRIBUTION)}</span></footer>
<script nonce="${escapeHtml(o.nonce)}" src="${escapeHtml(o.scriptUri)}"></script>
</body>
</html>`;
}

/** An error inside a panel, with the way back: retry, or set the token when that is what is missing. */
export function renderError(message: string, retryable: boolean, fix?: 'setToken'): string {
  return `<div class="state error" role="alert">
<p class="error-title">Could not load this from TMDB</p>
<p>${escapeHtml(message)}</p>
<p class="actions">${fix === 'setToken' ? '<button type="button" data-action="set-token">Set API Token</button>' : ''}${
    retryable ? '<button type="button" data-action="retry">Retry</button>' : ''
  }</p>
</div>`;
}

// ---- pieces -----------------------------------------------------------------------------------------

function link(ref: PanelRef, label: string, className = ''): string {
  return `<a href="#" class="${className}" data-kind="${ref.kind}" data-id="${escapeHtml(ref.id)}">${escapeHtml(label)}</a>`;
}

function external(url: string | undefined, label: string): string {
  return url ? `<a href="${escapeHtml(url)}" data-external="true">${escapeHtml(label)}</a>` : '';
}

function image(ctx: RenderContext, size: Parameters<typeof imageUrl>[1], path: string | null | undefined, alt: string, className: string): string {
  const src = imageUrl(ctx.imageBaseUrl, size, path);
  return src
    ? `<img class="${className}" src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" loading="lazy">`
    : `<div class="${className} placeholder" role="img" aria-label="${escapeHtml(alt)}: no image"></div>`;
}

/** Intl objects are costly to build (a movie has dozens of release dates): one per locale. */
const dateFormats = new Map<string, Intl.DateTimeFormat | null>();
const regionNames = new Map<string, Intl.DisplayNames | null>();

function cached<T>(cache: Map<string, T | null>, locale: string, make: () => T): T | null {
  if (!cache.has(locale)) {
    try {
      cache.set(locale, make());
    } catch {
      cache.set(locale, null);
    }
  }
  return cache.get(locale) ?? null;
}

export function formatDate(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  const format = cached(dateFormats, locale, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }));
  return format ? format.format(date) : date.toISOString().slice(0, 10);
}

function countryName(code: string, locale: string): string {
  const names = cached(regionNames, locale, () => new Intl.DisplayNames([locale], { type: 'region' }));
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}

function facts(rows: Array<[string, string]>): string {
  const shown = rows.filter(([, value]) => value !== '');
  if (shown.length === 0) return '';
  return `<dl class="facts">${shown.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${value}</dd>`).join('')}</dl>`;
}

function section(title: string, body: string, id?: string): string {
  return body ? `<section${id ? ` id="${id}"` : ''} aria-label="${escapeHtml(title)}"><h2>${escapeHtml(title)}</h2>${body}</section>` : '';
}

function chips(values: string[], className = 'chip'): string {
  return values.length ? `<ul class="chips">${values.map((v) => `<li class="${className}">${escapeHtml(v)}</li>`).join('')}</ul>` : '';
}

/** The score as a ring gauge (0–10), drawn with SVG attributes only (no inline style). */
export function scoreGauge(average: number, votes: number, locale: string): string {
  if (!votes) return '<div class="score none">Not rated yet</div>';
  const value = Math.max(0, Math.min(10, average));
  const percent = Math.round(value * 10);
  const circumference = 2 * Math.PI * 16;
  const filled = (circumference * percent) / 100;
  const level = percent >= 70 ? 'high' : percent >= 40 ? 'mid' : 'low';
  const count = new Intl.NumberFormat(locale).format(votes);
  return `<div class="score" role="img" aria-label="User score ${percent} percent from ${escapeHtml(count)} votes">
<svg viewBox="0 0 40 40" width="56" height="56" aria-hidden="true"><circle class="track" cx="20" cy="20" r="16" fill="none" stroke-width="4"/><circle class="fill ${level}" cx="20" cy="20" r="16" fill="none" stroke-width="4" stroke-dasharray="${filled.toFixed(2)} ${circumference.toFixed(2)}" transform="rotate(-90 20 20)"/><text x="20" y="24" text-anchor="middle">${percent}%</text></svg>
<span>User score<br><small>${escapeHtml(count)} votes</small></span></div>`;
}

interface TitleTop {
  backdrop: string | null;
  poster: string | null;
  title: string;
  original: string;
  year: string;
  tagline: string;
  kindLabel: string;
  score: [average: number, votes: number];
  genres: string[];
  overview: string;
}

/** The top of a movie or series page: the hero with the watchlist button, then score, genres, overview. */
function top(ctx: RenderContext, o: TitleTop): string {
  return `${hero(ctx, o)}
<div class="columns"><div class="main">
${scoreGauge(o.score[0], o.score[1], ctx.locale)}
${chips(o.genres)}
${overview(o.overview)}`;
}

function hero(ctx: RenderContext, o: TitleTop): string {
  const backdrop = imageUrl(ctx.imageBaseUrl, IMAGE_SIZES.backdrop, o.backdrop);
  return `<header class="hero">
${backdrop ? `<img class="backdrop" src="${escapeHtml(backdrop)}" alt="" aria-hidden="true">` : ''}
<div class="hero-body">
${image(ctx, IMAGE_SIZES.panelPoster, o.poster, `Poster of ${o.title}`, 'poster')}
<div class="headline">
<p class="kind">${escapeHtml(o.kindLabel)}</p>
<h1>${escapeHtml(o.title)}${o.year ? ` <span class="year">(${escapeHtml(o.year)})</span>` : ''}</h1>
${o.original && o.original !== o.title ? `<p class="original" lang="">${escapeHtml(o.original)}</p>` : ''}
${o.tagline ? `<p class="tagline">${escapeHtml(o.tagline)}</p>` : ''}
<p class="actions"><button type="button" class="watchlist" data-action="toggle-watchlist" aria-pressed="false" hidden>Add to Watchlist</button><span class="watchlist-status" role="status"></span></p>
</div></div></header>`;
}

function overview(text: string): string {
  return section('Overview', text ? `<p class="overview">${escapeHtml(text)}</p>` : '<p class="muted">No overview in this language yet.</p>');
}

function logos(ctx: RenderContext, items: Array<{ name: string; logo_path: string | null }>): string {
  if (items.length === 0) return '';
  return `<ul class="logos">${items
    .map((c) => {
      const src = imageUrl(ctx.imageBaseUrl, IMAGE_SIZES.logo, c.logo_path);
      return `<li>${src ? `<img src="${escapeHtml(src)}" alt="" aria-hidden="true">` : ''}<span>${escapeHtml(c.name)}</span></li>`;
    })
    .join('')}</ul>`;
}

function links(ctx: RenderContext, kind: 'movie' | 'tv' | 'person', id: number, homepage: string | null, imdb?: string | null): string {
  const items = [
    external(safeUrl(homepage), 'Homepage'),
    imdb && /^(tt|nm)\d+$/.test(imdb) ? external(`https://www.imdb.com/${imdb.startsWith('nm') ? 'name' : 'title'}/${imdb}/`, 'IMDb') : '',
    external(safeUrl(`${ctx.webBaseUrl}/${kind}/${id}`), 'Open on TMDB'),
  ].filter(Boolean);
  return `<p class="links">${items.join('')}</p>`;
}

// ---- TV series --------------------------------------------------------------------------------------

function episodeCard(ctx: RenderContext, title: string, e: Episode | null): string {
  if (!e) return '';
  const runtime = e.runtime ? `${e.runtime} min` : '';
  return `<article class="episode" aria-label="${escapeHtml(title)}">
${image(ctx, IMAGE_SIZES.still, e.still_path, `Still from ${e.name}`, 'still')}
<div><p class="kind">${escapeHtml(title)}</p>
<h3>S${e.season_number} · E${e.episode_number}: ${escapeHtml(e.name || 'Untitled')}</h3>
<p class="muted">${escapeHtml([formatDate(e.air_date, ctx.locale), runtime, e.episode_type].filter(Boolean).join(' · '))}</p>
${e.overview ? `<p>${escapeHtml(e.overview)}</p>` : ''}</div></article>`;
}

export function renderTv(s: TvSeries, ctx: RenderContext): string {
  const { name: title, year } = titleOf('tv', s);
  const seasons = [...s.seasons].sort((a, b) => (a.season_number === 0 ? 1 : b.season_number === 0 ? -1 : a.season_number - b.season_number));
  const byCode = new Map(s.production_countries.map((c) => [c.iso_3166_1, c.name] as const));
  for (const code of s.origin_country) if (!byCode.has(code)) byCode.set(code, countryName(code, ctx.locale));
  const countries = [...byCode.values()];
  const creators = s.created_by.length
    ? `<ul class="people">${s.created_by
        .map((c) => `<li>${image(ctx, IMAGE_SIZES.profile, c.profile_path, c.name, 'face')}${link({ kind: 'person', id: c.id }, c.name)}</li>`)
        .join('')}</ul>`
    : '';
  const seasonRow = seasons.length
    ? `<ul class="seasons">${seasons
        .map((season) => {
          const name = season.season_number === 0 ? 'Specials' : season.name || `Season ${season.season_number}`;
          return `<li class="season">${image(ctx, IMAGE_SIZES.listPoster, season.poster_path, name, 'season-poster')}<p class="season-name">${escapeHtml(name)}</p><p class="muted">${escapeHtml(
            [season.air_date?.slice(0, 4), `${season.episode_count} episodes`].filter(Boolean).join(' · '),
          )}</p></li>`;
        })
        .join('')}</ul>`
    : '';
  return `${top(ctx, {
    backdrop: s.backdrop_path,
    poster: s.poster_path,
    title,
    original: s.original_name,
    year,
    tagline: s.tagline,
    kindLabel: 'TV series',
    score: [s.vote_average, s.vote_count],
    genres: s.genres.map((g) => g.name),
    overview: s.overview,
  })}
${section('Created by', creators)}
${section('Seasons', seasonRow, 'seasons')}
${section('Episodes', episodeCard(ctx, 'Last episode', s.last_episode_to_air) + episodeCard(ctx, 'Next episode', s.next_episode_to_air))}
</div><aside class="side">
${facts([
  ['Status', escapeHtml(s.status)],
  ['Type', escapeHtml(s.type)],
  ['In production', s.in_production ? 'Yes' : 'No'],
  ['First aired', escapeHtml(formatDate(s.first_air_date, ctx.locale))],
  ['Last aired', escapeHtml(formatDate(s.last_air_date, ctx.locale))],
  ['Seasons', s.number_of_seasons == null ? '' : escapeHtml(s.number_of_seasons)],
  ['Episodes', s.number_of_episodes == null ? '' : escapeHtml(s.number_of_episodes)],
  ['Episode run time', escapeHtml(s.episode_run_time.length ? `${s.episode_run_time.join(', ')} min` : '')],
  ['Original language', escapeHtml(s.original_language)],
  ['Languages', escapeHtml(s.spoken_languages.map((l) => l.english_name || l.name).join(', ') || s.languages.join(', '))],
  ['Countries', escapeHtml(countries.join(', '))],
])}
${section('Networks', logos(ctx, s.networks))}
${section('Production companies', logos(ctx, s.production_companies))}
${links(ctx, 'tv', s.id, s.homepage)}
</aside></div>`;
}

// ---- movies ---------------------------------------------------------------------------------------

/** Release dates by country, the user's region first, then by country name. */
export function groupReleaseDates(groups: Array<{ iso_3166_1: string; release_dates: ReleaseDate[] }>, region: string, locale: string) {
  return groups
    .filter((g) => g.release_dates.length > 0)
    .map((g) => ({
      code: g.iso_3166_1,
      name: countryName(g.iso_3166_1, locale),
      dates: [...g.release_dates].sort((a, b) => a.release_date.localeCompare(b.release_date)),
    }))
    .sort((a, b) => (a.code === region ? -1 : b.code === region ? 1 : a.name.localeCompare(b.name, locale)));
}

function releaseDatesSection(movie: MovieDetails, ctx: RenderContext): string {
  const groups = groupReleaseDates(movie.release_dates?.results ?? [], ctx.region, ctx.locale);
  if (groups.length === 0) return '';
  const rows = groups
    .map(
      (g) => `<details class="country"${g.code === ctx.region ? ' open' : ''}><summary>${escapeHtml(g.name)}${g.code === ctx.region ? ' <span class="badge">your region</span>' : ''}</summary>
<table><thead><tr><th scope="col">Date</th><th scope="col">Type</th><th scope="col">Certification</th><th scope="col">Note</th></tr></thead><tbody>${g.dates
        .map(
          (d) =>
            `<tr><td>${escapeHtml(formatDate(d.release_date, ctx.locale))}</td><td>${escapeHtml(RELEASE_TYPES[d.type] ?? `Type ${d.type}`)}</td><td>${
              d.certification ? `<span class="cert">${escapeHtml(d.certification)}</span>` : ''
            }${d.descriptors.length ? ` <small>${escapeHtml(d.descriptors.join(', '))}</small>` : ''}</td><td>${escapeHtml(d.note)}</td></tr>`,
        )
        .join('')}</tbody></table></details>`,
    )
    .join('');
  return section('Release dates', rows, 'release-dates');
}

export function renderRecommendationCards(items: MovieSummary[], ctx: RenderContext): string {
  return items
    .map((m) => {
      const { name, year } = titleOf('movie', m);
      return `<li class="card">${image(ctx, IMAGE_SIZES.listPoster, m.poster_path, name, 'card-poster')}${link({ kind: 'movie', id: m.id }, name, 'card-title')}<span class="muted">${escapeHtml(year)}</span></li>`;
    })
    .join('');
}

export function renderMovie(m: MovieDetails, ctx: RenderContext): string {
  const { name: title, year } = titleOf('movie', m);
  const recs = m.recommendations;
  const cast = (m.credits?.cast ?? []).slice(0, 12);
  const castList = cast.length
    ? `<ul class="people">${cast
        .map(
          (c) =>
            `<li>${image(ctx, IMAGE_SIZES.profile, c.profile_path, c.name, 'face')}${
              /^[0-9a-f]{24}$/i.test(c.credit_id) ? link({ kind: 'credit', id: c.credit_id }, c.name) : escapeHtml(c.name)
            }<span class="muted">${escapeHtml(c.character)}</span></li>`,
        )
        .join('')}</ul>`
    : '';
  const recommendations =
    recs && recs.results.length
      ? `<ul class="cards" id="recommendation-cards">${renderRecommendationCards(recs.results, ctx)}</ul>${
          recs.page < Math.min(recs.total_pages, 500) ? `<p><button type="button" data-action="more-recommendations" data-page="${recs.page + 1}">More recommendations</button></p>` : ''
        }`
      : '<p class="muted">No recommendations yet.</p>';
  const money = (n: number) => (n > 0 ? new Intl.NumberFormat(ctx.locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(n) : '');
  return `${top(ctx, {
    backdrop: m.backdrop_path,
    poster: m.poster_path,
    title,
    original: m.original_title,
    year,
    tagline: m.tagline,
    kindLabel: 'Movie',
    score: [m.vote_average, m.vote_count],
    genres: m.genres.map((g) => g.name),
    overview: m.overview,
  })}
${section('Keywords', chips((m.keywords?.keywords ?? []).map((k) => k.name), 'chip keyword'), 'keywords')}
${section('Cast', castList)}
${releaseDatesSection(m, ctx)}
${section('Recommendations', recommendations, 'recommendations')}
</div><aside class="side">
${facts([
  ['Status', escapeHtml(m.status)],
  ['Release date', escapeHtml(formatDate(m.release_date, ctx.locale))],
  ['Runtime', m.runtime ? escapeHtml(`${Math.floor(m.runtime / 60)} h ${m.runtime % 60} min`) : ''],
  ['Original language', escapeHtml(m.original_language)],
  ['Languages', escapeHtml(m.spoken_languages.map((l) => l.english_name || l.name).join(', '))],
  ['Countries', escapeHtml(m.production_countries.map((c) => c.name).join(', '))],
  ['Budget', escapeHtml(money(m.budget))],
  ['Revenue', escapeHtml(money(m.revenue))],
])}
${section('Production companies', logos(ctx, m.production_companies))}
${links(ctx, 'movie', m.id, m.homepage, m.imdb_id)}
</aside></div>`;
}

// ---- credits and people --------------------------------------------------------------------------

export function renderCredit(c: CreditDetails, ctx: RenderContext): string {
  const media = c.media;
  const { name: mediaTitle, year: mediaYear } = titleOf(c.media_type, media);
  const role = c.credit_type === 'cast' ? media.character || c.job : `${c.job}${c.department ? ` (${c.department})` : ''}`;
  const episodes = media.episodes.length
    ? `<ul class="plain">${media.episodes
        .map((e) => `<li>S${escapeHtml(e.season_number)} · E${escapeHtml(e.episode_number)}: ${escapeHtml(e.name)} <span class="muted">${escapeHtml(formatDate(e.air_date, ctx.locale))}</span></li>`)
        .join('')}</ul>`
    : '';
  const seasons = media.seasons.length
    ? `<ul class="plain">${media.seasons.map((s) => `<li>${escapeHtml(s.season_number === 0 ? 'Specials' : s.name || `Season ${s.season_number}`)}</li>`).join('')}</ul>`
    : '';
  return `<header class="hero compact"><div class="hero-body">
${image(ctx, IMAGE_SIZES.profile, c.person.profile_path, c.person.name, 'poster')}
<div class="headline"><p class="kind">Credit · ${escapeHtml(c.credit_type || 'credit')}</p>
<h1>${link({ kind: 'person', id: c.person.id }, c.person.name || c.person.original_name)}</h1>
<p class="role">${c.credit_type === 'cast' ? 'as ' : ''}<strong>${escapeHtml(role || 'Unknown role')}</strong></p>
<p>in ${link({ kind: c.media_type, id: media.id }, mediaTitle)} <span class="muted">${escapeHtml(mediaYear)}</span></p>
</div></div></header>
<div class="columns"><div class="main">
${image(ctx, IMAGE_SIZES.panelPoster, media.poster_path, `Poster of ${mediaTitle}`, 'media-poster')}
${overview(media.overview)}
${section('Episodes', episodes)}
${section('Seasons', seasons)}
</div><aside class="side">${facts([
    ['Department', escapeHtml(c.department)],
    ['Job', escapeHtml(c.job)],
    ['Credit type', escapeHtml(c.credit_type)],
    ['Credit id', escapeHtml(c.id)],
  ])}</aside></div>`;
}

export function renderPerson(p: PersonDetails, ctx: RenderContext): string {
  const credits = [...(p.combined_credits?.cast ?? []), ...(p.combined_credits?.crew ?? [])];
  const seen = new Set<string>();
  const known = credits
    .filter((c) => {
      const key = `${c.media_type}:${c.id}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => b.popularity - a.popularity)
    .slice(0, 24);
  const knownFor = known.length
    ? `<ul class="cards">${known
        .map((c) => {
          const { name: title, year } = titleOf(c.media_type, c);
          return `<li class="card">${image(ctx, IMAGE_SIZES.listPoster, c.poster_path, title, 'card-poster')}${link({ kind: c.media_type, id: c.id }, title, 'card-title')}<span class="muted">${escapeHtml(
            [year, c.character || c.job].filter(Boolean).join(' · '),
          )}</span></li>`;
        })
        .join('')}</ul>`
    : '';
  return `<header class="hero compact"><div class="hero-body">
${image(ctx, IMAGE_SIZES.profile, p.profile_path, p.name, 'poster')}
<div class="headline"><p class="kind">Person</p><h1>${escapeHtml(p.name)}</h1>
${p.known_for_department ? `<p class="tagline">${escapeHtml(p.known_for_department)}</p>` : ''}</div></div></header>
<div class="columns"><div class="main">
${section('Biography', p.biography ? `<p class="overview">${escapeHtml(p.biography)}</p>` : '<p class="muted">No biography in this language yet.</p>')}
${section('Known for', knownFor, 'known-for')}
</div><aside class="side">
${facts([
  ['Born', escapeHtml(formatDate(p.birthday, ctx.locale))],
  ['Died', escapeHtml(formatDate(p.deathday, ctx.locale))],
  ['Place of birth', escapeHtml(p.place_of_birth ?? '')],
  ['Also known as', escapeHtml(p.also_known_as.slice(0, 5).join(', '))],
])}
${links(ctx, 'person', p.id, p.homepage, p.imdb_id)}
</aside></div>`;
}
