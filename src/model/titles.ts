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
    return { name: item.name || item.original_name || `Series ${item.id}`, year: yearOf(item.first_air_date) };
  }
  return { name: item.title || item.original_title || `Movie ${item.id}`, year: yearOf(item.release_date) };
}

/**
 * The year a TMDB date starts with (`1999-10-15` → `1999`), or ''. A date is free text in TMDB's answers:
 * only four digits are a year (`$(a)` in a quick pick's description was an icon, `1;=1` a CSV cell's formula).
 */
export function yearOf(date: string | null | undefined): string {
  return /^\d{4}/.exec(date ?? '')?.[0] ?? '';
}
