// What the extension loads on first use, not at start-up: zod with every schema (TMDB's answers, the
// panel messages, the recently opened titles), ofetch, and the content page builders. Built as its own
// file (dist/schemasAndPages.js) and loaded by the loader (common/deferred.ts, named by ./deferredEntry) the first
// time a request, a panel or the search needs it. The file has its own copy of @vscode/l10n:
// `configureL10n` hands it the bundle.
export { config as configureL10n } from '@vscode/l10n';
export { ofetch } from 'ofetch';
export * as pages from './features/titles/html';
export * as schemas from './tmdb/schemas';
export * as messages from './webview/protocol';
export { recentTitles } from './features/search/recentTitlesSchema';
export { upcomingCalendar } from './features/upNext/upNextCalendar';
export { continueWatching } from './features/upNext/continueWatching';
export * as toolText from './features/chat/toolText';
export * as transfer from './features/transfer/transferFiles';
