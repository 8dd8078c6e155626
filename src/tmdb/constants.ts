// Facts about TMDB's API that several modules check. No vscode import (the page script uses it too).

/** TMDB refuses `page` above 500 (status_code 22), whatever `total_pages` says. */
export const MAX_PAGE = 500;

/** A list's id as TMDB gives them: digits (v3), or a v4 list's letters and digits. */
export const LIST_ID = /^\w{1,64}$/;
