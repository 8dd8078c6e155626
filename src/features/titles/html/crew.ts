// Who made a title: its key crew (each person once, with every key job: TMDB lists a person once a job)
// near the top of its page, and the whole crew by department behind a fold. Movies and series alike (a
// series' from its aggregate credits, with how many episodes each worked on).
import * as l10n from '@vscode/l10n';
import { escapeHtml } from '../../../common/escapeHtml';
import { formatNumber } from '../../../model/numbers';
import { departmentName, jobName } from '../../../model/valueNames';
import { folded, panelLink, shortName as short } from './markup';

/** One job of one person's in a crew (a series': with the episodes they worked on). */
export interface CrewCredit {
  id: number;
  name: string;
  department: string;
  job: string;
  episodes?: number;
}

/** The departments in the order a reader looks for them; one TMDB adds later comes after, as TMDB names it. */
const DEPARTMENTS = [
  'Directing',
  'Writing',
  'Production',
  'Sound',
  'Camera',
  'Editing',
  'Art',
  'Costume & Make-Up',
  'Visual Effects',
  'Lighting',
  'Crew',
];

interface Person {
  id: number;
  name: string;
  jobs: string[];
  episodes: number;
}

/** The credits each person holds among `credits`, the person once (in the order TMDB gives them first). */
function byPerson(credits: readonly CrewCredit[]): Person[] {
  const people = new Map<number, Person>();
  for (const credit of credits) {
    const known = people.get(credit.id) ?? { id: credit.id, name: credit.name, jobs: [], episodes: 0 };
    if (!known.jobs.includes(credit.job)) known.jobs.push(credit.job);
    known.episodes = Math.max(known.episodes, credit.episodes ?? 0);
    people.set(credit.id, known);
  }
  return [...people.values()];
}

/** A person's row: their page one click away, their jobs (and episodes) beside it. */
function personRow(person: Person, jobs: string[], locale: string): string {
  const episodes = person.episodes
    ? person.episodes === 1
      ? l10n.t('1 episode')
      : l10n.t('{0} episodes', formatNumber(person.episodes, locale))
    : '';
  const detail = [jobs.map((job) => short(jobName(job))).join(', '), episodes].filter(Boolean).join(' · ');
  return `<li>${panelLink({ kind: 'person', id: person.id }, short(person.name))} <span class="muted">${escapeHtml(detail)}</span></li>`;
}

/**
 * Key crew: those with a job of `keyJobs`, each once with every key job; the most episodes first (a
 * series), then by their first key job's place in `keyJobs`. The first `shown`, the rest behind a fold.
 */
export function keyCrew(credits: readonly CrewCredit[], keyJobs: readonly string[], locale: string, shown: number) {
  const rank = (job: string) => keyJobs.indexOf(job);
  const people = byPerson(credits.filter((credit) => rank(credit.job) !== -1)).map((person) => ({
    person,
    jobs: person.jobs.sort((a, b) => rank(a) - rank(b)),
  }));
  const items = people
    .sort((a, b) => b.person.episodes - a.person.episodes || rank(a.jobs[0]!) - rank(b.jobs[0]!))
    .map(({ person, jobs }) => personRow(person, jobs, locale));
  return folded(
    items,
    shown,
    (count) => l10n.t('Show all {0} crew members', formatNumber(count, locale)),
    (html) => `<ul class="crew">${html}</ul>`,
  );
}

/** The whole crew, department by department, behind one fold ("The whole crew (187)"). */
export function wholeCrew(credits: readonly CrewCredit[], locale: string): string {
  if (credits.length === 0) return '';
  const departments = new Map<string, CrewCredit[]>();
  for (const credit of credits) {
    const members = departments.get(credit.department);
    if (members) members.push(credit);
    else departments.set(credit.department, [credit]);
  }
  const place = (department: string) => {
    const at = DEPARTMENTS.indexOf(department);
    return at === -1 ? DEPARTMENTS.length : at;
  };
  const groups = [...departments]
    .sort(([a], [b]) => place(a) - place(b))
    .map(
      ([department, members]) =>
        `<h3>${escapeHtml(short(departmentName(department)))}</h3><ul class="crew">${byPerson(members)
          .map((person) => personRow(person, person.jobs, locale))
          .join('')}</ul>`,
    );
  const people = new Set(credits.map((credit) => credit.id)).size;
  return `<details class="more whole-crew"><summary>${escapeHtml(
    l10n.t('The whole crew ({0} people)', formatNumber(people, locale)),
  )}</summary>${groups.join('')}</details>`;
}
