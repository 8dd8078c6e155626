// The page every panel starts as: the Content Security Policy, the stylesheet and the one nonce'd
// script, a loading state, and TMDB's attribution. Also the error state that replaces the content.
import { Actions, Hooks } from '../pageContract';
import type { PanelRef } from '../panelRef';
import { escapeHtml } from './markup';

export const ATTRIBUTION = 'This product uses the TMDB API but is not endorsed or certified by TMDB.';

export interface ShellOptions {
  /** What the panel shows; the page script reads it from the body to keep it as its state. */
  ref: PanelRef;
  cspSource: string;
  nonce: string;
  scriptUri: string;
  styleUri: string;
  logoUri: string;
  /** Origin of the image host, allowed in img-src. */
  imageOrigin: string | undefined;
  title: string;
}

export function contentSecurityPolicy(options: Pick<ShellOptions, 'cspSource' | 'nonce' | 'imageOrigin'>): string {
  const images = [options.cspSource, options.imageOrigin].filter(Boolean).join(' ');
  return [
    "default-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `img-src ${images}`,
    `style-src ${options.cspSource}`,
    `font-src ${options.cspSource}`,
    `script-src 'nonce-${options.nonce}'`,
  ].join('; ');
}

export function shellHtml(options: ShellOptions): string {
  const { ref } = options;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(contentSecurityPolicy(options))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeHtml(options.styleUri)}">
<title>${escapeHtml(options.title)}</title>
</head>
<body data-kind="${escapeHtml(ref.kind)}" data-id="${escapeHtml(ref.id)}">
<main id="${Hooks.content}" aria-live="polite" aria-busy="true"><div class="state loading" role="status"><span class="spinner" aria-hidden="true"></span>Loading from TMDB…</div></main>
<footer class="attribution"><img src="${escapeHtml(options.logoUri)}" alt="TMDB" width="80" height="10"><span>${escapeHtml(ATTRIBUTION)}</span></footer>
<script nonce="${escapeHtml(options.nonce)}" src="${escapeHtml(options.scriptUri)}"></script>
</body>
</html>`;
}

/** An error inside a panel, with the way back: retry, or set the token when that is what is missing. */
export function renderError(message: string, retryable: boolean, fix?: 'setToken'): string {
  return `<div class="state error" role="alert">
<p class="error-title">Could not load this from TMDB</p>
<p>${escapeHtml(message)}</p>
<p class="actions">${fix === 'setToken' ? `<button type="button" data-action="${Actions.setToken}">Set API Token</button>` : ''}${
    retryable ? `<button type="button" data-action="${Actions.retry}">Retry</button>` : ''
  }</p>
</div>`;
}

/** No API token yet (a panel restored before the token, or the token was removed): a normal state. */
export function renderNeedsToken(): string {
  return `<div class="state notice" role="status">
<p class="notice-title">Set your TMDB API token to see this page</p>
<p>It stays in VS Code's secret storage. This page loads by itself once the token is set.</p>
<p class="actions"><button type="button" data-action="${Actions.setToken}">Set API Token</button></p>
</div>`;
}
