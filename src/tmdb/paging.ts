// Reading a listing of several pages. No vscode import.

/**
 * Page 1, then the pages after it up to `maxPages` in all (TMDB's `total_pages` permitting), asked for
 * together once page 1 says how many there are: every page, in order.
 */
export async function firstPages<P extends { total_pages: number }>(
  read: (page: number) => Promise<P>,
  maxPages: number,
): Promise<P[]> {
  const first = await read(1);
  const last = Math.min(first.total_pages, maxPages);
  const rest = await Promise.all(Array.from({ length: Math.max(0, last - 1) }, (_, i) => read(i + 2)));
  return [first, ...rest];
}
