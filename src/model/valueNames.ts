// Display names for the fixed values TMDB sends in English whatever the language asked for: departments,
// the common jobs, a movie's or a series' status, a series' type, an episode's type. A value this table
// does not know (TMDB adds some now and then) is shown as TMDB sent it. No vscode import (pages use it).
import * as l10n from '@vscode/l10n';

type Names = Readonly<Record<string, () => string>>;

/** TMDB's departments (`GET /3/configuration/jobs`), as on a person and in a crew credit. */
const DEPARTMENTS: Names = {
  Acting: () => l10n.t('Acting'),
  Art: () => l10n.t('Art'),
  Camera: () => l10n.t('Camera'),
  'Costume & Make-Up': () => l10n.t('Costume & Make-Up'),
  Creator: () => l10n.t('Creator'),
  Crew: () => l10n.t('Crew'),
  Directing: () => l10n.t('Directing'),
  Editing: () => l10n.t('Editing'),
  Lighting: () => l10n.t('Lighting'),
  Production: () => l10n.t('Production'),
  Sound: () => l10n.t('Sound'),
  'Visual Effects': () => l10n.t('Visual Effects'),
  Writing: () => l10n.t('Writing'),
};

/** The jobs a page shows most (TMDB knows hundreds; the rest stay as TMDB names them). */
const JOBS: Names = {
  Director: () => l10n.t('Director'),
  Screenplay: () => l10n.t('Screenplay'),
  Writer: () => l10n.t('Writer'),
  Story: () => l10n.t('Story'),
  Novel: () => l10n.t('Novel'),
  Characters: () => l10n.t('Characters'),
  Producer: () => l10n.t('Producer'),
  'Executive Producer': () => l10n.t('Executive Producer'),
  'Original Music Composer': () => l10n.t('Original Music Composer'),
  'Director of Photography': () => l10n.t('Director of Photography'),
  Editor: () => l10n.t('Editor'),
  Casting: () => l10n.t('Casting'),
  Creator: () => l10n.t('Creator'),
};

const MOVIE_STATUS: Names = {
  Rumored: () => l10n.t('Rumored'),
  Planned: () => l10n.t('Planned'),
  'In Production': () => l10n.t('In Production'),
  'Post Production': () => l10n.t('Post Production'),
  Released: () => l10n.t('Released'),
  Canceled: () => l10n.t('Canceled'),
};

const SERIES_STATUS: Names = {
  'Returning Series': () => l10n.t('Returning Series'),
  Planned: () => l10n.t('Planned'),
  'In Production': () => l10n.t('In Production'),
  Ended: () => l10n.t('Ended'),
  Canceled: () => l10n.t('Canceled'),
  Pilot: () => l10n.t('Pilot'),
};

const SERIES_TYPES: Names = {
  Documentary: () => l10n.t('Documentary'),
  News: () => l10n.t('News'),
  Miniseries: () => l10n.t('Miniseries'),
  Reality: () => l10n.t('Reality'),
  Scripted: () => l10n.t('Scripted'),
  'Talk Show': () => l10n.t('Talk Show'),
  Video: () => l10n.t('Video'),
};

/** An episode's type; "standard" says nothing worth showing. */
const EPISODE_TYPES: Names = {
  standard: () => '',
  finale: () => l10n.t('Finale'),
  mid_season: () => l10n.t('Mid-season finale'),
};

function nameIn(names: Names, value: string | null | undefined): string {
  if (!value) return '';
  return Object.hasOwn(names, value) ? names[value]!() : value;
}

export const departmentName = (value: string | null | undefined): string => nameIn(DEPARTMENTS, value);
export const jobName = (value: string | null | undefined): string => nameIn(JOBS, value);
export const movieStatusName = (value: string | null | undefined): string => nameIn(MOVIE_STATUS, value);
export const seriesStatusName = (value: string | null | undefined): string => nameIn(SERIES_STATUS, value);
export const seriesTypeName = (value: string | null | undefined): string => nameIn(SERIES_TYPES, value);
export const episodeTypeName = (value: string | null | undefined): string => nameIn(EPISODE_TYPES, value);
