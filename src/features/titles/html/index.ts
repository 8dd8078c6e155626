// The page builders for content, loaded with ../../schemasAndPages when the first page has something to show,
// not at start-up (the shell, the error and offline notices stay in the main bundle: a panel needs them
// before anything else).
export { renderCollection } from './collection';
export { renderCredit } from './credit';
export { renderMovie, renderRecommendationCards } from './movie';
export { renderPerson } from './person';
export { renderEpisodes, renderSeason, renderTv, seasonName } from './series';
