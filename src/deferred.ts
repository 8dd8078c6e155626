// What the extension loads on first use, not at start-up: zod with every schema (TMDB's answers, the
// panel messages, the recently opened titles) and ofetch. Built as its own file (dist/deferred.js) and
// loaded by `deferred()` (./deferredLoader) the first time a request, a panel or the search needs it.
export { ofetch } from 'ofetch';
export * as schemas from './tmdb/schemas';
export * as messages from './webview/protocol';
export { recentTitles } from './recentTitlesSchema';
