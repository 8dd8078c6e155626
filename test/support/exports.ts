// An IMDb ratings export as IMDb writes it (today's header, a BOM, CRLF), made from the stand-in's IMDb
// index: `known` titles the stand-in finds (rated 1 to 10 in turn), `unknown` ids it does not, and
// `episodes` rows IMDb calls TV Episode (not imported). For the import's tests and its bench.

export const IMDB_RATINGS_HEADER =
  'Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors';

export function imdbRatingsExport(
  index: Map<string, { kind: 'movie' | 'tv'; id: number }>,
  counts: { known: number; unknown: number; episodes: number },
): string {
  const lines = [
    ...[...index]
      .slice(0, counts.known)
      .map(([imdb, { kind }], i) => row(imdb, (i % 10) + 1, `Title ${i}`, kind === 'tv' ? 'TV Series' : 'Movie')),
    ...Array.from({ length: counts.unknown }, (_, i) =>
      row(`tt7${String(i).padStart(7, '0')}`, 6, `Unknown ${i}`, 'Movie'),
    ),
    ...Array.from({ length: counts.episodes }, (_, i) =>
      row(`tt6${String(i).padStart(7, '0')}`, 6, `Episode ${i}`, 'TV Episode'),
    ),
  ];
  return `\uFEFF${IMDB_RATINGS_HEADER}\r\n${lines.join('\r\n')}\r\n`;
}

function row(imdbId: string, rating: number, title: string, type: string): string {
  return `${imdbId},${rating},2024-01-01,${title},,,${type},7,90,2000,,1,,`;
}
