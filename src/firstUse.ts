// The host code a person's first use of a door loads, not the start-up (see esbuild.mjs: dist/firstUse.js):
// the import and export, a title's page, the Copy commands, the chat's tools, the editor's card and inserted link. Each owner
// reads its own slice of it (features/*/deferredPart.ts), filled by ./deferredEntry.
export { Exporter } from './features/transfer/exportCommand';
export { Importer } from './features/transfer/importCommand';
export { DetailPanel } from './features/titles/detailPanel';
export { CopyCommands } from './features/titles/copyCommands';
export { EpisodeRatings } from './account/episodeRatings';
export { toolBodies } from './features/chat/toolBodies';
export { DiscoverCommands } from './features/discover/discoverCommands';
export { ListEdits } from './features/library/listEdits';
export { RatedEpisodesGroup } from './features/library/ratedEpisodes';
export { LinkInserter } from './features/editor/insertLink';
export { TitleHovers } from './features/editor/hover';
export { WatchedService } from './features/watched/watchedService';
export { UpNextCommands } from './features/upNext/upNextCommands';
export { ContinueGroup } from './features/upNext/continueRows';
export { GroupNode } from './features/upNext/upNextRows';
export { ForYouRows } from './features/forYou/forYouRows';
