// The stand-in's answer to `language`: a few titles translated by hand into French and German, and TMDB's
// behaviour for every other title in a language it has no translation for (the overview and tagline are
// empty, the original title is kept); seasons named as TMDB names them in French and German, and genres in
// German as TMDB's German answer has them. English asks change nothing.
import { fixture } from './catalogue';

type Json = Record<string, any>;
interface Translation {
  title: string;
  overview: string;
  tagline?: string;
}

const TRANSLATIONS: Record<string, Partial<Record<string, Translation>>> = {
  'movie:550': {
    fr: {
      title: 'Fight Club',
      tagline: 'Les règles du Fight Club : ne parlez pas du Fight Club.',
      overview:
        "Un employé de bureau insomniaque et un vendeur de savon au charme trouble fondent un club de combat clandestin, qui devient bien plus qu'un passe-temps.",
    },
    de: {
      title: 'Fight Club',
      tagline: 'Regel Nr. 1: Ihr verliert kein Wort über den Fight Club.',
      overview:
        'Ein schlafloser Büroangestellter und ein charismatischer Seifenverkäufer gründen einen geheimen Boxclub, aus dem bald viel mehr wird als ein Zeitvertreib.',
    },
  },
  'tv:1399': {
    fr: {
      title: 'Le Trône de fer',
      tagline: "L'hiver vient.",
      overview:
        'Sur le continent de Westeros, sept familles nobles se disputent le Trône de fer, tandis qu’au-delà du Mur une menace oubliée se réveille.',
    },
    de: {
      title: 'Game of Thrones',
      tagline: 'Der Winter naht.',
      overview:
        'Auf dem Kontinent Westeros kämpfen sieben Adelshäuser um den Eisernen Thron, während jenseits der Mauer eine vergessene Gefahr erwacht.',
    },
  },
  'movie:238': {
    fr: {
      title: 'Le Parrain',
      overview:
        'Le patriarche vieillissant d’une dynastie mafieuse new-yorkaise transmet le contrôle de son empire à son fils cadet, qui n’en voulait pas.',
    },
    de: {
      title: 'Der Pate',
      overview:
        'Der alternde Patriarch einer New Yorker Mafiafamilie übergibt sein Imperium seinem jüngsten Sohn, der damit nie etwas zu tun haben wollte.',
    },
  },
  'movie:278': {
    fr: {
      title: 'Les Évadés',
      overview:
        'Condamné à tort, un banquier passe deux décennies à la prison de Shawshank, où il se lie d’amitié avec un détenu et garde espoir.',
    },
    de: {
      title: 'Die Verurteilten',
      overview:
        'Zu Unrecht verurteilt, verbringt ein Bankier zwei Jahrzehnte im Gefängnis Shawshank, findet dort einen Freund und verliert nie die Hoffnung.',
    },
  },
  'movie:155': {
    fr: {
      title: 'The Dark Knight : Le Chevalier noir',
      overview:
        'Batman, le lieutenant Gordon et le procureur Harvey Dent s’allient contre le crime à Gotham, jusqu’à ce qu’un criminel nommé le Joker sème le chaos.',
    },
    de: {
      title: 'The Dark Knight',
      overview:
        'Batman, Lieutenant Gordon und Staatsanwalt Harvey Dent kämpfen gemeinsam gegen das Verbrechen in Gotham, bis der Joker die Stadt ins Chaos stürzt.',
    },
  },
};

function kindOf(item: Json): 'movie' | 'tv' | undefined {
  if (typeof item.id !== 'number') return undefined;
  if ('original_title' in item) return 'movie';
  if ('original_name' in item && ('first_air_date' in item || item.media_type === 'tv')) return 'tv';
  return undefined;
}

function translated(item: Json, kind: 'movie' | 'tv', language: string): Json {
  const text = TRANSLATIONS[`${kind}:${item.id}`]?.[language];
  const titleKey = kind === 'movie' ? 'title' : 'name';
  const original = kind === 'movie' ? item.original_title : item.original_name;
  const out: Json = { ...item, [titleKey]: text?.title ?? original, overview: text?.overview ?? '' };
  if ('tagline' in item) out.tagline = text?.tagline ?? '';
  return out;
}

/** TMDB's German genre names by id: its example answers are German (language=de-DE). */
const GERMAN_GENRES = new Map<number, string>(
  ['movie', 'tv'].flatMap((kind) =>
    (fixture(`openapi-examples/genre-${kind}-list.json`).genres as Json[]).map((g) => [g.id, g.name] as const),
  ),
);

/** A season's name as TMDB gives it in the language ("Staffel 1", "Saison 1"); season 0 as TMDB de and fr name it. */
const SEASON_NAMES: Partial<Record<string, { specials: string; numbered: (n: string) => string }>> = {
  de: { specials: 'Specials', numbered: (n) => `Staffel ${n}` },
  fr: { specials: 'Épisodes spéciaux', numbered: (n) => `Saison ${n}` },
};

/** A season (in a series' `seasons`, or a season's own answer; not an episode) named in `language`. */
function seasonIn(item: Json, language: string): Json {
  const names = SEASON_NAMES[language];
  if (!names || typeof item.season_number !== 'number' || 'episode_number' in item) return item;
  if (item.name === 'Specials') return { ...item, name: names.specials };
  const numbered = typeof item.name === 'string' ? /^Season (\d+)$/.exec(item.name) : null;
  return numbered ? { ...item, name: names.numbered(numbered[1]!) } : item;
}

function genresIn(item: Json, language: string): Json {
  if (language !== 'de' || !Array.isArray(item.genres)) return item;
  return { ...item, genres: item.genres.map((g: Json) => ({ ...g, name: GERMAN_GENRES.get(g.id) ?? g.name })) };
}

/** The answer in `language` (`fr-FR`, `de-DE`, …): every movie and series in it, however deep. */
export function localize<T>(data: T, language: string | undefined): T {
  const code = language?.split('-')[0]?.toLowerCase();
  if (!code || code === 'en') return data;
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!value || typeof value !== 'object') return value;
    const copy: Json = {};
    for (const [key, inner] of Object.entries(value)) copy[key] = walk(inner);
    const named = genresIn(seasonIn(copy, code), code);
    const kind = kindOf(named);
    return kind ? translated(named, kind, code) : named;
  };
  return walk(data) as T;
}
