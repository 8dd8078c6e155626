// The person page: `GET /3/person/{person_id}` with combined credits appended.
import * as l10n from '@vscode/l10n';
import { IMAGE_SIZES } from '../../tmdb/imageUrls';
import type { PersonDetails } from '../../tmdb/schemas';
import { titleOf } from '../../tmdb/titles';
import { escapeHtml, facts, formatDate, image, panelLink, section, usable, type RenderContext } from './markup';
import { outsideLinks } from './titleParts';
import { departmentName, jobName } from '../../tmdb/valueNames';

/** The person's most popular titles, each once (a title can be both a cast and a crew credit). */
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
  const titles = knownFor(person);
  const cards = titles.length
    ? `<ul class="cards">${titles
        .map((credit) => {
          const { name: title, year } = titleOf(credit.media_type, credit);
          const details = [year, credit.character || jobName(credit.job)].filter(Boolean).join(' · ');
          return `<li class="card">${image(ctx, IMAGE_SIZES.listPoster, credit.poster_path, title, 'card-poster')}${panelLink({ kind: credit.media_type, id: credit.id }, title, 'card-title')}<span class="muted">${escapeHtml(details)}</span></li>`;
        })
        .join('')}</ul>`
    : '';
  return `<header class="hero compact"><div class="hero-body">
${image(ctx, IMAGE_SIZES.profile, person.profile_path, person.name, 'poster')}
<div class="headline"><p class="kind">${escapeHtml(l10n.t('Person'))}</p><h1>${escapeHtml(person.name)}</h1>
${person.known_for_department ? `<p class="tagline">${escapeHtml(departmentName(person.known_for_department))}</p>` : ''}</div></div></header>
<div class="columns"><div class="main">
${section(
  l10n.t('Biography'),
  person.biography ? `<p class="overview">${escapeHtml(person.biography)}</p>` : `<p class="muted">${escapeHtml(l10n.t('No biography in this language yet.'))}</p>`,
)}
${section(l10n.t('Known for'), cards, 'known-for')}
</div><aside class="side">
${facts([
  [l10n.t('Born'), escapeHtml(formatDate(person.birthday, ctx.locale))],
  [l10n.t('Died'), escapeHtml(formatDate(person.deathday, ctx.locale))],
  [l10n.t('Place of birth'), escapeHtml(person.place_of_birth ?? '')],
  [l10n.t('Also known as'), escapeHtml(person.also_known_as.slice(0, 5).join(', '))],
])}
${outsideLinks(ctx, 'person', person.id, person.homepage, person.imdb_id)}
</aside></div>`;
}
