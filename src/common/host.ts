// Which extension host runs this bundle: the browser's (VS Code for the Web: a web worker, no Node.js) or
// a Node one. Set when the bundle is built (esbuild.mjs defines `__WEB__` as true for dist/web/extension.js
// only), not guessed at run time: every web extension shares one worker, where any of them could define a
// `process`. No vscode import.
declare const __WEB__: boolean | undefined;

export const IN_BROWSER: boolean = typeof __WEB__ !== 'undefined' && __WEB__ === true;
