// The sorts TMDB's v4 lists accept (facts §11; `popularity`, `runtime`, `revenue` are refused), in the order
// the list editor offers them. One list for the editor's picker and the Copilot tool's check. No vscode import.
import type { V4ListSort } from './schemas';

export const V4_LIST_SORTS: readonly V4ListSort[] = [
  'original_order.asc',
  'original_order.desc',
  'title.asc',
  'title.desc',
  'primary_release_date.desc',
  'primary_release_date.asc',
  'vote_average.desc',
  'vote_average.asc',
];
