// A person's filmography from `combined_credits`: one row per title with every role in it, movies and
// series together, newest first. The rows carry what the page's filters and sorting read (kind,
// departments, date, popularity) as data attributes; the page script does the filtering (filmography.ts
// in src/page), so the page shows everything when scripts are off.
import * as l10n from '@vscode/l10n';
import type { PersonDetails } from '../../../tmdb/schemas';
import { titleOf } from '../../../model/titles';
import { formatNumber } from '../../../model/numbers';
import { departmentName, jobName } from '../../../model/valueNames';
import { Hooks } from '../../../webview/pageContract';
import { panelLink } from './markup';
import { escapeHtml } from '../../../common/escapeHtml';

type Credit = NonNullable<PersonDetails['combined_credits']>['cast'][number];

export interface FilmographyRow {
  kind: 'movie' | 'tv';
  id: number;
  title: string;
  /** ISO date (YYYY-MM-DD) of release or first air date, or null when TMDB has none yet. */
  date: string | null;
  /** Characters played and jobs done on the title, each once, in TMDB's order. */
  roles: string[];
  /** TMDB's department names (English: the filter's values); a cast credit is "Acting". */
  departments: string[];
  /** A series' episodes, the most any one of the person's credits on it counts. */
  episodes: number;
  popularity: number;
  /** Not out yet: a date after `today` (an undated credit is listed on top, as TMDB does, but not marked: old TV credits lack dates too). */
  upcoming: boolean;
}

const ACTING = 'Acting';

/** The person's credits, one row per title (a person credited twice on one title is one row), newest first. */
export function filmographyRows(person: PersonDetails, today: string): FilmographyRow[] {
  const rows = new Map<string, FilmographyRow>();
  const add = (credit: Credit, role: string, department: string) => {
    const key = `${credit.media_type}:${credit.id}`;
    let row = rows.get(key);
    if (!row) {
      const { name } = titleOf(credit.media_type, credit);
      const date = (credit.media_type === 'movie' ? credit.release_date : credit.first_air_date) ?? null;
      const valid = date !== null && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null;
      row = {
        kind: credit.media_type,
        id: credit.id,
        title: name,
        date: valid,
        roles: [],
        departments: [],
        episodes: 0,
        popularity: credit.popularity,
        upcoming: valid !== null && valid > today,
      };
      rows.set(key, row);
    }
    if (role && !row.roles.includes(role)) row.roles.push(role);
    if (department && !row.departments.includes(department)) row.departments.push(department);
    if (credit.media_type === 'tv') row.episodes = Math.max(row.episodes, credit.episode_count);
  };
  for (const credit of person.combined_credits?.cast ?? []) add(credit, credit.character, ACTING);
  for (const credit of person.combined_credits?.crew ?? []) add(credit, jobName(credit.job), credit.department);
  return [...rows.values()].sort(newestFirst);
}

/** Upcoming first (undated before dated, later before sooner, as TMDB's own site lists them), then newest first. */
export function newestFirst(a: FilmographyRow, b: FilmographyRow): number {
  if (a.date === b.date) return b.popularity - a.popularity;
  if (a.date === null) return -1;
  if (b.date === null) return 1;
  return a.date < b.date ? 1 : -1;
}

/** The departments the person worked in, Acting first, then by how many titles each has. */
export function departmentsOf(rows: FilmographyRow[]): Array<[department: string, titles: number]> {
  const counts = new Map<string, number>();
  for (const row of rows)
    for (const department of row.departments) counts.set(department, (counts.get(department) ?? 0) + 1);
  return [...counts].sort(([a, x], [b, y]) => (a === ACTING ? -1 : b === ACTING ? 1 : y - x || a.localeCompare(b)));
}

/** The filmography section: filters, sorting and the rows, or nothing when TMDB lists no credit. */
export function renderFilmography(person: PersonDetails, today: string, locale: string): string {
  const rows = filmographyRows(person, today);
  if (rows.length === 0) return '';
  const departments = departmentsOf(rows);
  const movies = rows.filter((row) => row.kind === 'movie').length;
  const kinds: Array<[value: string, label: string]> = [
    ['all', l10n.t('All ({0})', formatNumber(rows.length, locale))],
    ['movie', l10n.t('Movies ({0})', formatNumber(movies, locale))],
    ['tv', l10n.t('Series ({0})', formatNumber(rows.length - movies, locale))],
  ];
  const kindButtons = kinds
    .map(
      ([value, label]) =>
        `<button type="button" class="filter" data-film-show="${value}" aria-pressed="${value === 'all'}">${escapeHtml(label)}</button>`,
    )
    .join('');
  const departmentOptions = [
    `<option value="">${escapeHtml(l10n.t('All departments'))}</option>`,
    ...departments.map(
      ([department, count]) =>
        `<option value="${escapeHtml(department)}">${escapeHtml(`${departmentName(department)} (${formatNumber(count, locale)})`)}</option>`,
    ),
  ].join('');
  const sortOptions = [
    `<option value="date">${escapeHtml(l10n.t('Newest first'))}</option>`,
    `<option value="popularity">${escapeHtml(l10n.t('Most popular first'))}</option>`,
  ].join('');
  const controls = `<div class="film-controls" role="group" aria-label="${escapeHtml(l10n.t('Filter the filmography'))}">
<div class="film-kinds">${kindButtons}</div>
<label>${escapeHtml(l10n.t('Department'))} <select class="${Hooks.filmDepartment}">${departmentOptions}</select></label>
<label>${escapeHtml(l10n.t('Sort'))} <select class="${Hooks.filmSort}">${sortOptions}</select></label>
</div>`;
  const items = rows.map((row, index) => filmographyItem(row, index, locale)).join('');
  const shown = `<p class="muted ${Hooks.filmCount}" role="status">${escapeHtml(rows.length === 1 ? l10n.t('1 title') : l10n.t('{0} titles', formatNumber(rows.length, locale)))}</p>`;
  return `${controls}${shown}<ol class="filmography">${items}</ol>`;
}

function filmographyItem(row: FilmographyRow, index: number, locale: string): string {
  const year = row.date ? row.date.slice(0, 4) : '—';
  const details = [
    row.roles.join(', '),
    row.kind === 'tv' && row.episodes > 0
      ? row.episodes === 1
        ? l10n.t('1 episode')
        : l10n.t('{0} episodes', formatNumber(row.episodes, locale))
      : '',
    row.kind === 'tv' ? l10n.t('Series') : '',
  ].filter(Boolean);
  const upcoming = row.upcoming ? `<span class="badge">${escapeHtml(l10n.t('Upcoming'))}</span>` : '';
  const data = `data-film-kind="${row.kind}" data-film-departments="${escapeHtml(row.departments.join('|'))}" data-film-order="${index}" data-film-popularity="${row.popularity}"`;
  return `<li class="film-row" ${data}><span class="film-year">${escapeHtml(year)}</span><span class="film-title">${panelLink({ kind: row.kind, id: row.id }, row.title)}${upcoming}</span><span class="muted film-roles">${escapeHtml(details.join(' · '))}</span></li>`;
}
