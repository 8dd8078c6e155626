// TMDB's website as far as the extension goes there: the sign-in approval page with its Approve and Deny
// buttons and the redirect back to the editor, a page for each title and person ("Open on TMDB"), and the
// pictures under /t/p/. Links between pages are relative, so they also work when the web workbench shows
// them through its /proxy/<port>/ route.
import type { ServerResponse } from 'node:http';
import type { Accounts } from './accounts';
import type { Catalogue, ImageInfo, ImageKind } from './catalogue';
import { allowPage, approvalPage, messagePage, titlePage, v4ApprovalPage } from './pages';
import { escapeHtml as escape } from '../../src/common/escapeHtml';

type Json = Record<string, any>;

export interface Site {
  accounts: Accounts;
  catalogue: Catalogue;
  /** Where the stand-in listens (the approval page tells the browser where to create the session). */
  baseUrl: string;
}

export function answerWeb(
  site: Site,
  method: string,
  url: URL,
  res: ServerResponse,
  entry: { status: number },
  body: unknown,
): void {
  const html = (status: number, page: string, headers: Record<string, string> = {}) => {
    entry.status = status;
    res.writeHead(status, { 'Content-Type': 'text/html;charset=utf-8', ...headers });
    res.end(page);
  };
  const redirect = (location: string) => {
    entry.status = 302;
    res.writeHead(302, { Location: location });
    res.end();
  };

  const picture = /^\/t\/p\/(w\d+|h\d+|original)\/([\w-]+)\.(jpg|png|svg)$/.exec(url.pathname);
  if (method === 'GET' && picture) {
    entry.status = 200;
    res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'max-age=86400' });
    res.end(placeholderImage(picture[2]!, site.catalogue.images.get(`/${picture[2]}.${picture[3]}`)));
    return;
  }
  const entity = /^\/(movie|tv|person)\/(\d+)(?:-[\w-]*)?$/.exec(url.pathname);
  if (method === 'GET' && entity) {
    const [, kind, id] = entity as unknown as [string, 'movie' | 'tv' | 'person', string];
    const page = titlePage(site.catalogue, kind, Number(id));
    return page ? html(200, page) : html(404, messagePage('Not found', 'TMDB has no page with this id.'));
  }
  if (method === 'GET' && url.pathname === '/authenticate/allow') {
    const token = url.searchParams.get('request_token') ?? '';
    return html(200, allowPage(), {
      'Authentication-Callback': `${site.baseUrl}/3/authentication/session/new?request_token=${token}`,
    });
  }
  const v4 = /^\/auth\/access(?:\/(allow|deny|approve))?$/.exec(url.pathname);
  if (v4) return answerV4Approval(site, method, url, v4[1], html, redirect);
  const m = /^\/authenticate\/([0-9a-f]{40})(?:\/(allow|deny))?$/.exec(url.pathname);
  if (!m) return html(404, messagePage('Not found', 'There is no page here.'));
  const [, requestToken, action] = m as unknown as [string, string, string | undefined];
  const redirectTo = redirectFrom(url.searchParams) ?? (body as Json | undefined)?.redirect_to ?? '';
  const token = site.accounts.liveToken(requestToken);
  if (!token || token.state !== 'issued') {
    return html(
      410,
      messagePage('Link expired', 'This approval link is no longer valid. Go back to the editor and sign in again.'),
    );
  }
  if (method === 'GET' && !action) return html(200, approvalPage(requestToken, redirectTo));
  if (method === 'POST' && action) {
    const approved = action === 'allow';
    token.state = approved ? 'approved' : 'denied';
    if (redirectTo) {
      const target = new URL(redirectTo);
      target.searchParams.set('request_token', requestToken);
      target.searchParams.set(approved ? 'approved' : 'denied', 'true');
      return redirect(target.toString());
    }
    if (approved) return redirect(`../allow?request_token=${requestToken}`);
    return html(200, messagePage('Access denied', 'You denied the application access to your account.'));
  }
  return html(405, messagePage('Not allowed', 'Use the buttons on the approval page.'));
}

/**
 * TMDB's v4 approval (`/auth/access?request_token=<JWT>`): the redirect was given when the token was made,
 * so the browser's address carries only the token. Approved without one, TMDB shows `/auth/access/approve`.
 */
function answerV4Approval(
  site: Site,
  method: string,
  url: URL,
  action: string | undefined,
  html: (status: number, page: string) => void,
  redirect: (location: string) => void,
): void {
  if (action === 'approve') return html(200, allowPage());
  const requestToken = url.searchParams.get('request_token') ?? '';
  const token = site.accounts.liveToken(requestToken);
  if (!token || token.state !== 'issued') {
    return html(
      410,
      messagePage('Link expired', 'This approval link is no longer valid. Go back to the editor and sign in again.'),
    );
  }
  if (method === 'GET' && !action) return html(200, v4ApprovalPage(requestToken));
  if (method !== 'POST' || !action)
    return html(405, messagePage('Not allowed', 'Use the buttons on the approval page.'));
  const approved = action === 'allow';
  token.state = approved ? 'approved' : 'denied';
  if (token.redirectTo) {
    const target = new URL(token.redirectTo);
    target.searchParams.set(approved ? 'approved' : 'denied', 'true');
    return redirect(target.toString());
  }
  if (approved) return redirect('approve');
  return html(200, messagePage('Access denied', 'You denied the application access to your account.'));
}

/**
 * `redirect_to` as the editor wrote it. The web workbench opens a localhost address through its port
 * forwarding and re-encodes it on the way, which splits redirect_to's own query (`vscode-reqid=…&
 * vscode-scheme=…`) into top-level parameters. TMDB itself is never on localhost, so it never sees this;
 * the stand-in, which is, puts the address back together.
 */
export function redirectFrom(params: URLSearchParams): string | undefined {
  const redirectTo = params.get('redirect_to');
  if (!redirectTo) return undefined;
  const split = [...params].filter(([key]) => key.startsWith('vscode-'));
  if (split.length === 0) return redirectTo;
  const [base, query = ''] = decodeURIComponent(redirectTo).split('?');
  const parts = new URLSearchParams(query);
  for (const [key, value] of split) parts.set(key, decodeURIComponent(value));
  return `${base}?${parts}`;
}

/** Shapes by kind: a poster is tall, a still or backdrop wide, a logo a wordmark, a profile a face. */
const SHAPES: Record<ImageKind, { width: number; height: number }> = {
  poster: { width: 200, height: 300 },
  profile: { width: 200, height: 300 },
  backdrop: { width: 640, height: 360 },
  still: { width: 320, height: 180 },
  logo: { width: 300, height: 100 },
};

/** The words of a label in lines of at most `width` characters, `lines` lines at most. */
function wrap(label: string, width: number, lines: number): string[] {
  const out: string[] = [];
  for (const word of label.split(/\s+/).filter(Boolean)) {
    const last = out.length - 1;
    if (last >= 0 && out[last]!.length + word.length + 1 <= width) out[last] += ` ${word}`;
    else out.push(word);
  }
  if (out.length > lines) out.splice(lines, out.length - lines, '…');
  return out;
}

/**
 * No real pictures are shipped: each image is drawn as what it stands for (a poster with its title, a
 * face with the person's name, a logo as a wordmark), in a colour derived from the file name.
 */
function placeholderImage(name: string, info: ImageInfo | undefined): string {
  let hash = 0;
  for (const c of name) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  const kind = info?.kind ?? 'poster';
  const { width, height } = SHAPES[kind];
  const label = info?.label ?? '';
  const text = (lines: string[], y: number, size: number, fill: string, weight = 600) =>
    lines
      .map(
        (line, i) =>
          `<text x="${width / 2}" y="${y + i * size * 1.25}" font-family="sans-serif" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="middle">${escape(line)}</text>`,
      )
      .join('');
  const gradient = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,42%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},60%,20%)"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/>`;
  let body: string;
  switch (kind) {
    case 'logo':
      body = text(wrap(label || 'Logo', 18, 2), 48, 24, `hsl(${hue},60%,35%)`, 800);
      break;
    case 'profile':
      body = `${gradient}<circle cx="100" cy="105" r="44" fill="rgba(255,255,255,.3)"/><path d="M30 250c8-55 40-80 70-80s62 25 70 80z" fill="rgba(255,255,255,.22)"/>${text(wrap(label, 16, 2), 278, 15, '#fff')}`;
      break;
    case 'still':
    case 'backdrop':
      body = `${gradient}<path d="M${width / 2 - 18} ${height / 2 - 22}l40 22-40 22z" fill="rgba(255,255,255,.35)"/>${text(wrap(label, 34, 1), height - 18, Math.round(height / 11), 'rgba(255,255,255,.85)')}`;
      break;
    default:
      body = `${gradient}<rect x="14" y="14" width="172" height="272" fill="none" stroke="rgba(255,255,255,.35)" stroke-width="2"/>${text(wrap(label, 14, 5), 120, 20, '#fff', 700)}`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" preserveAspectRatio="xMidYMid slice">${body}</svg>`;
}
