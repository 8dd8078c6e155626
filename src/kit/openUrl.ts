import * as vscode from 'vscode';

/**
 * Opens a web address exactly as written. `env.openExternal(Uri)` decodes and re-encodes the query, which
 * breaks a `redirect_to` that itself holds a query (microsoft/vscode#135949, #85930); given the string,
 * VS Code opens it as is (microsoft/vscode#173239).
 */
export function openUrl(url: string): Thenable<boolean> {
  return vscode.env.openExternal(url as unknown as vscode.Uri);
}
