// The baseline of npm run bench:startup: loaded and activated by VS Code when TMDB is, doing nothing.
exports.activate = () => {};
exports.deactivate = () => {};
