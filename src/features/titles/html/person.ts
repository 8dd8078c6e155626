// The person page: `GET /3/person/{person_id}` with combined credits appended.
import * as l10n from '@vscode/l10n';
import { IMAGE_SIZES } from '../../../tmdb/imageUrls';
import type { PersonDetails } from '../../../tmdb/schemas';
import { titleOf } from '../../../model/titles';
import { formatNumber } from '../../../model/numbers';
import { departmentsOf, filmographyRows, renderFilmography } from './filmography';
import {
  externalLink,
  facts,
  folded,
  formatDate,
  image,
  section,
  usable,
  type RenderContext,
  cardLink,
  poster,
} from './markup';
import { escapeHtml } from '../../../common/escapeHtml';
import { outsideLinks } from './titleParts';
import { departmentName, jobName } from '../../../model/valueNames';

/** Today as TMDB writes dates (YYYY-MM-DD), in UTC. */
export function isoToday(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Whole years from `from` to `to` (both YYYY-MM-DD), or undefined when either is not such a date. */
export function yearsBetween(from: string | null, to: string): number | undefined {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/;
  const a = from ? date.exec(from) : null;
  const b = date.exec(to);
  if (!a || !b) return undefined;
  const years = Number(b[1]) - Number(a[1]) - (`${b[2]}-${b[3]}` < `${a[2]}-${a[3]}` ? 1 : 0);
  return years >= 0 && years < 150 ? years : undefined;
}

/**
 * The person's pages on other sites, from TMDB's `external_ids`. Each id is checked against the shape that
 * site uses and only ever put into that site's own address, so an id can never lead somewhere else.
 */
const SOCIAL: Array<
  [field: keyof NonNullable<PersonDetails['external_ids']>, label: string, shape: RegExp, url: (id: string) => string]
> = [
  ['wikidata_id', 'Wikidata', /^Q\d{1,12}$/, (id) => `https://www.wikidata.org/wiki/${id}`],
  ['facebook_id', 'Facebook', /^[A-Za-z0-9.]{1,80}$/, (id) => `https://www.facebook.com/${id}`],
  ['instagram_id', 'Instagram', /^[A-Za-z0-9._]{1,30}$/, (id) => `https://www.instagram.com/${id}/`],
  ['tiktok_id', 'TikTok', /^[A-Za-z0-9._]{1,30}$/, (id) => `https://www.tiktok.com/@${id}`],
  ['twitter_id', 'X', /^[A-Za-z0-9_]{1,15}$/, (id) => `https://x.com/${id}`],
  // A channel id (UC + 22) has its own address; anything else is a handle.
  [
    'youtube_id',
    'YouTube',
    /^@?[A-Za-z0-9._-]{1,100}$/,
    (id) =>
      /^UC[\w-]{22}$/.test(id)
        ? `https://www.youtube.com/channel/${id}`
        : `https://www.youtube.com/${id.startsWith('@') ? id : `@${id}`}`,
  ],
];

function socialLinks(person: PersonDetails): string {
  const ids = person.external_ids;
  if (!ids) return '';
  const links = SOCIAL.map(([field, label, shape, url]) => {
    const value = ids[field];
    return value && shape.test(value) ? externalLink(url(value), label) : '';
  }).filter(Boolean);
  return links.length ? `<p class="links">${links.join('')}</p>` : '';
}

/** Where a long biography folds: the first paragraph break (or sentence end) after this many characters. */
const BIOGRAPHY_SHOWN = 600;

/** The biography, its first paragraphs shown and the rest behind "Read more" (a native <details>). */
function biography(text: string): string {
  if (!text) return `<p class="muted">${escapeHtml(l10n.t('No biography in this language yet.'))}</p>`;
  const paragraphs = (part: string) =>
    part
      .split(/\n\s*\n/)
      .filter((paragraph) => paragraph.trim())
      .map((paragraph) => `<p class="overview">${escapeHtml(paragraph.trim())}</p>`)
      .join('');
  // The first paragraph break or sentence end after the shown part, whichever comes first.
  const breaks =
    text.length > BIOGRAPHY_SHOWN + 200
      ? [text.indexOf('\n', BIOGRAPHY_SHOWN), text.indexOf('. ', BIOGRAPHY_SHOWN)].map((at, i) =>
          at === -1 ? -1 : at + i,
        )
      : [];
  const cut = breaks.filter((at) => at !== -1).sort((a, b) => a - b)[0] ?? -1;
  if (cut === -1 || text.length - cut < 100) return paragraphs(text);
  return `${paragraphs(text.slice(0, cut))}<details class="more biography-more"><summary>${escapeHtml(l10n.t('Read more'))}</summary>${paragraphs(text.slice(cut))}</details>`;
}

/** The person's most popular titles, each once (a title can be both a cast and a crew credit). */
/** The person's pictures (`images.profiles`), each once, the first twelve shown and the rest behind "Show all". */
function pictures(ctx: RenderContext, person: PersonDetails): string {
  const paths = [
    ...new Set(
      (person.images?.profiles ?? [])
        .map((profile) => profile.file_path)
        .filter((path): path is string => Boolean(path)),
    ),
  ];
  // One picture is the one at the top of the page already.
  if (paths.length < 2) return '';
  const items = paths.map(
    (path, index) =>
      `<li>${image(ctx, IMAGE_SIZES.profile, path, l10n.t('Picture {0} of {1}', index + 1, person.name), 'face')}</li>`,
  );
  return folded(
    items,
    12,
    (count) => l10n.t('Show all {0} pictures', formatNumber(count, ctx.locale)),
    (html) => `<ul class="pictures">${html}</ul>`,
  );
}

function knownFor(person: PersonDetails) {
  const credits = [...(person.combined_credits?.cast ?? []), ...(person.combined_credits?.crew ?? [])];
  const seen = new Set<string>();
  return credits
    .filter((credit) => {
      const key = `${credit.media_type}:${credit.id}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => b.popularity - a.popularity)
    .slice(0, 24);
}

export function renderPerson(person: PersonDetails, ctx: RenderContext): string {
  ctx = usable(ctx);
  const today = ctx.today ?? isoToday();
  const titles = knownFor(person);
  const cards = titles.length
    ? `<ul class="cards">${titles
        .map((credit) => {
          const { name: title, year } = titleOf(credit.media_type, credit);
          const details = [year, credit.character || jobName(credit.job)].filter(Boolean).join(' · ');
          return `<li class="card">${cardLink(ctx, { kind: credit.media_type, id: credit.id }, poster(credit.poster_path), title, `<span class="muted">${escapeHtml(details)}</span>`)}</li>`;
        })
        .join('')}</ul>`
    : '';
  const age = yearsBetween(person.birthday, person.deathday ?? today);
  const born = formatDate(person.birthday, ctx.locale);
  const died = formatDate(person.deathday, ctx.locale);
  const departments = departmentsOf(filmographyRows(person, today)).map(([department]) => departmentName(department));
  return `<header class="hero compact"><div class="hero-body">
${image(ctx, IMAGE_SIZES.profile, person.profile_path, person.name, 'poster')}
<div class="headline"><p class="kind">${escapeHtml(l10n.t('Person'))}</p><h1>${escapeHtml(person.name)}</h1>
${person.known_for_department ? `<p class="tagline">${escapeHtml(departmentName(person.known_for_department))}</p>` : ''}</div></div></header>
<div class="columns"><div class="main">
${section(l10n.t('Biography'), biography(person.biography), 'biography')}
${section(l10n.t('Known for'), cards, 'known-for')}
${section(l10n.t('Pictures'), pictures(ctx, person), 'pictures')}
${section(l10n.t('Filmography'), renderFilmography(person, today, ctx.locale), 'filmography')}
</div><aside class="side">
${facts([
  [
    l10n.t('Born'),
    escapeHtml(born && age !== undefined && !person.deathday ? l10n.t('{0} (age {1})', born, age) : born),
  ],
  [l10n.t('Died'), escapeHtml(died && age !== undefined ? l10n.t('{0} (aged {1})', died, age) : died)],
  [l10n.t('Place of birth'), escapeHtml(person.place_of_birth ?? '')],
  [l10n.t('Departments'), escapeHtml(departments.join(', '))],
  [l10n.t('Also known as'), escapeHtml(person.also_known_as.slice(0, 5).join(', '))],
])}
${outsideLinks(ctx, 'person', person.id, person.homepage, person.imdb_id ?? person.external_ids?.imdb_id)}
${socialLinks(person)}
</aside></div>`;
}
