// How a movie or series is named on screen. TMDB has no fallback language: an untranslated title comes
// back empty, so the original title stands in, then a placeholder. No vscode import.

export interface Titled {
  id: number;
  title?: string;
  original_title?: string;
  name?: string;
  original_name?: string;
  release_date?: string | null;
  first_air_date?: string | null;
}

export function titleOf(kind: 'movie' | 'tv', item: Titled): { name: string; year: string } {
  if (kind === 'tv') {
    return {
      name: item.name || item.original_name || `Series ${item.id}`,
      year: item.first_air_date?.slice(0, 4) ?? '',
    };
  }
  return { name: item.title || item.original_title || `Movie ${item.id}`, year: item.release_date?.slice(0, 4) ?? '' };
}
