// What an import of the vscode module finds in the page script's program (./tsconfig.json's paths): nothing, so
// any use of it fails the type-check. The page runs in the webview, a browser: it has no vscode.
export {};
