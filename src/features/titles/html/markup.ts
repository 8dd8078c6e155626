// The small markup kit every page is built from. Every text from TMDB goes through `escapeHtml`; no inline
// script or style attribute is ever written (the CSP forbids both); links carry data attributes that the
// page script turns into messages. No vscode import, so it is tested in plain Node; words come from
// `@vscode/l10n`, which the extension configures with VS Code's bundle for the display language.
import * as l10n from '@vscode/l10n';
import { IMAGE_SIZES, imageUrl } from '../../../tmdb/imageUrls';
import type { PanelRef } from '../../../model/panelRef';
import { escapeHtml } from '../../../common/escapeHtml';

export interface RenderContext {
  imageBaseUrl: string;
  webBaseUrl: string;
  /** ISO 3166-1 country whose release dates come first. */
  region: string;
  /** BCP 47 locale for dates and numbers (the editor's). */
  locale: string;
  /** Today (YYYY-MM-DD, UTC) for ages and what is upcoming; the clock's when left out. */
  today?: string;
}

/** The context with a locale Intl takes: the one given when it is one, else English (a page never throws on it). */
export function usable(ctx: RenderContext): RenderContext {
  try {
    const locale = Intl.getCanonicalLocales(ctx.locale)[0];
    if (locale) return locale === ctx.locale ? ctx : { ...ctx, locale };
  } catch {
    // not a locale
  }
  return { ...ctx, locale: 'en' };
}

/** An http(s) URL, or undefined: no javascript:, data: or relative links from TMDB data. */
export function safeUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** An http(s) URL on the same site as `base` (scheme, host and port), or undefined: a link labelled "on TMDB" goes to TMDB. */
export function urlOnSite(value: string | null | undefined, base: string): string | undefined {
  const url = safeUrl(value);
  if (!url) return undefined;
  try {
    return new URL(url).origin === new URL(base).origin ? url : undefined;
  } catch {
    return undefined;
  }
}

/** A link to another panel. */
export function panelLink(ref: PanelRef, label: string, className = ''): string {
  return `<a href="#" class="${className}" data-kind="${ref.kind}" data-id="${escapeHtml(ref.id)}">${escapeHtml(label)}</a>`;
}

/**
 * A card that stands for a title or a person: its picture and its name are one link (one tab stop, one
 * name for a screen reader: the picture inside is a decoration), and `after` (a year, a character) below it.
 */
export function cardLink(
  ctx: RenderContext,
  ref: PanelRef,
  picture: { size: Parameters<typeof imageUrl>[1]; path: string | null | undefined; className: string },
  label: string,
  after = '',
): string {
  const src = imageUrl(ctx.imageBaseUrl, picture.size, picture.path);
  const shown = src
    ? `<img class="${picture.className}" data-src="${escapeHtml(src)}" alt="" loading="lazy">`
    : `<span class="${picture.className} placeholder" aria-hidden="true"></span>`;
  return `<a href="#" class="card-link" data-kind="${ref.kind}" data-id="${escapeHtml(ref.id)}">${shown}<span class="card-title">${escapeHtml(label)}</span></a>${after}`;
}

/** A card's picture: a title's poster, or a person's photo. */
export const poster = (path: string | null | undefined) =>
  ({ size: IMAGE_SIZES.listPoster, path, className: 'card-poster' }) as const;
export const face = (path: string | null | undefined) =>
  ({ size: IMAGE_SIZES.profile, path, className: 'face' }) as const;

/** A name as a list or grid shows it: at most 80 characters, with "…" (the whole is on its own page). */
export function shortName(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A link the editor opens in the browser. */
export function externalLink(url: string | undefined, label: string): string {
  return url ? `<a href="${escapeHtml(url)}" data-external="true">${escapeHtml(label)}</a>` : '';
}

/**
 * A picture's tag. Every picture of a page is written with `data-src`, and the page's script gives it its
 * `src` after the frame that shows the page (src/page/pictures.ts): VS Code keeps a new webview hidden till
 * its `load` event (or 200 ms), which waited for the pictures. `alt` undefined: a decoration, hidden from screen readers.
 */
export function picture(src: string, alt: string | undefined, className?: string): string {
  const kind = className ? `class="${className}" ` : '';
  const described = alt === undefined ? 'alt="" aria-hidden="true"' : `alt="${escapeHtml(alt)}" loading="lazy"`;
  return `<img ${kind}data-src="${escapeHtml(src)}" ${described}>`;
}

/** A TMDB image, or a labelled placeholder when there is none. */
export function image(
  ctx: RenderContext,
  size: Parameters<typeof imageUrl>[1],
  path: string | null | undefined,
  alt: string,
  className: string,
): string {
  const src = imageUrl(ctx.imageBaseUrl, size, path);
  return src
    ? picture(src, alt, className)
    : `<div class="${className} placeholder" role="img" aria-label="${escapeHtml(l10n.t('{0}: no image', alt))}"></div>`;
}

/** Intl objects are costly to build (a movie has dozens of release dates): one per locale. */
const dateFormats = new Map<string, Intl.DateTimeFormat | null>();
const regionNames = new Map<string, Intl.DisplayNames | null>();
const languageNames = new Map<string, Intl.DisplayNames | null>();

function perLocale<T>(cache: Map<string, T | null>, locale: string, make: () => T): T | null {
  if (!cache.has(locale)) {
    try {
      cache.set(locale, make());
    } catch {
      cache.set(locale, null);
    }
  }
  return cache.get(locale) ?? null;
}

export function formatDate(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  const format = perLocale(
    dateFormats,
    locale,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
  );
  return format ? format.format(date) : date.toISOString().slice(0, 10);
}

/** A country code as its name in the display language; `fallback` (TMDB's English name) when Intl has none. */
export function countryName(code: string, locale: string, fallback = code): string {
  const names = perLocale(regionNames, locale, () => new Intl.DisplayNames([locale], { type: 'region' }));
  try {
    return names?.of(code) ?? fallback;
  } catch {
    return fallback;
  }
}

/** A language code (`en`, `ko`) as its name in the display language ("English", "Korean"). */
export function languageName(code: string | null | undefined, locale: string): string {
  if (!code) return '';
  const names = perLocale(languageNames, locale, () => new Intl.DisplayNames([locale], { type: 'language' }));
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** A spoken language in the display language, else as TMDB names it. */
export function spokenLanguageName(
  language: { iso_639_1: string; english_name?: string; name: string },
  locale: string,
): string {
  const fallback = language.english_name || language.name;
  return language.iso_639_1 ? languageName(language.iso_639_1, locale) || fallback : fallback;
}

/** A definition list of the rows that have a value (values are HTML, already escaped). */
export function facts(rows: Array<[term: string, html: string]>): string {
  const shown = rows.filter(([, value]) => value !== '');
  if (shown.length === 0) return '';
  return `<dl class="facts">${shown.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${value}</dd>`).join('')}</dl>`;
}

/** A titled section, or nothing when it has no body. */
export function section(title: string, body: string, id?: string): string {
  return body
    ? `<section${id ? ` id="${id}"` : ''} aria-label="${escapeHtml(title)}"><h2>${escapeHtml(title)}</h2>${body}</section>`
    : '';
}

export function chips(values: string[], className = 'chip'): string {
  return values.length
    ? `<ul class="chips">${values.map((value) => `<li class="${className}">${escapeHtml(value)}</li>`).join('')}</ul>`
    : '';
}

/**
 * The first `shown` items as they are, the rest behind "Show all N …" (a native <details>, so it needs no
 * script and works from the keyboard). `items` are HTML, already escaped; `summary` words the count. No items:
 * nothing at all.
 */
export function folded(
  items: string[],
  shown: number,
  summary: (count: number) => string,
  wrap: (html: string) => string,
): string {
  if (items.length === 0) return '';
  if (items.length <= shown) return wrap(items.join(''));
  return `${wrap(items.slice(0, shown).join(''))}<details class="more"><summary>${escapeHtml(summary(items.length))}</summary>${wrap(items.slice(shown).join(''))}</details>`;
}
