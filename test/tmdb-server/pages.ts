// The stand-in's website pages: plain HTML forms a browser (or a test) can click.

import { escapeHtml as escape } from '../../src/common/escapeHtml';
import type { Catalogue } from './catalogue';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)} — TMDB stand-in</title>
<style>body{font:16px system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#032541}
button{font:inherit;padding:.5rem 1.25rem;margin-right:.5rem;border-radius:4px;border:1px solid #032541;cursor:pointer}
#approve{background:#01b4e4;color:#fff;border-color:#01b4e4}</style></head>
<body><h1>${escape(title)}</h1>${body}</body></html>`;
}

export function approvalPage(requestToken: string, redirectTo: string): string {
  const hidden = redirectTo ? `<input type="hidden" name="redirect_to" value="${escape(redirectTo)}">` : '';
  // Relative to /authenticate/<token>, so the forms also work under the workbench's /proxy/<port>/.
  const action = (verb: string) =>
    `${requestToken}/${verb}${redirectTo ? `?redirect_to=${encodeURIComponent(redirectTo)}` : ''}`;
  return page(
    'Approve access',
    `<p>An application would like permission to use your TMDB account <strong>demo</strong>: read your lists and change your watchlist.</p>
<form method="post" action="${escape(action('allow'))}" style="display:inline">${hidden}<button id="approve" type="submit">Approve</button></form>
<form method="post" action="${escape(action('deny'))}" style="display:inline">${hidden}<button id="deny" type="submit">Deny</button></form>`,
  );
}

/** TMDB's v4 approval page; its forms post back relative to /auth/access, so they work under /proxy/<port>/ too. */
export function v4ApprovalPage(requestToken: string): string {
  const action = (verb: string) => `access/${verb}?request_token=${encodeURIComponent(requestToken)}`;
  return page(
    'Approve access',
    `<p>An application would like permission to use your TMDB account <strong>demo</strong>: read and edit your lists, including private ones, and change your watchlist.</p>
<form method="post" action="${escape(action('allow'))}" style="display:inline"><button id="approve" type="submit">Approve</button></form>
<form method="post" action="${escape(action('deny'))}" style="display:inline"><button id="deny" type="submit">Deny</button></form>`,
  );
}

export function allowPage(): string {
  return page(
    'Access approved',
    '<p id="approved">You approved the application. You can close this page and return to the editor.</p>',
  );
}

export function messagePage(title: string, message: string): string {
  return page(title, `<p>${escape(message)}</p>`);
}

/** The website's page for a movie, series or person: what "Open on TMDB" shows. */
export function titlePage(catalogue: Catalogue, kind: 'movie' | 'tv' | 'person', id: number): string | undefined {
  const item =
    kind === 'movie'
      ? (catalogue.movieDetails.get(id) ?? catalogue.movies.get(id))
      : kind === 'tv'
        ? (catalogue.tvDetails.get(id) ?? catalogue.tv.get(id))
        : (catalogue.personDetails.get(id) ?? catalogue.people.find((person) => person.id === id));
  if (!item) return undefined;
  const name: string = item.title ?? item.name ?? '';
  const date: string = item.release_date ?? item.first_air_date ?? item.birthday ?? '';
  const text: string = item.overview ?? item.biography ?? '';
  return page(
    name,
    `<p id="tmdb-page" data-kind="${kind}" data-id="${id}">${escape(date.slice(0, 4))}</p><p>${escape(text || 'No overview yet.')}</p>`,
  );
}
