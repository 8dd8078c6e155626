// Settings, read fresh on each use so changes apply without a reload.
import * as vscode from 'vscode';
import type { TmdbSettings } from './tmdb/client';

export interface Settings extends TmdbSettings {
  webBaseUrl: string;
  imageBaseUrl: string;
}

const LANGUAGE = /^[a-z]{2}-[A-Z]{2}$/;
/** The usual country of a language whose code is not also a country code. */
const DEFAULT_REGION: Record<string, string> = {
  en: 'US', ja: 'JP', ko: 'KR', zh: 'CN', cs: 'CZ', da: 'DK', el: 'GR', he: 'IL', hi: 'IN', sv: 'SE', uk: 'UA', vi: 'VN', fa: 'IR', ar: 'SA',
};

/** `tmdb.language`, else VS Code's display language as xx-YY, else en-US. */
export function contentLanguage(configured: string, displayLanguage: string): string {
  if (LANGUAGE.test(configured)) return configured;
  const [lang, region] = displayLanguage.split('-');
  if (lang && /^[a-z]{2}$/i.test(lang)) {
    const code = lang.toLowerCase();
    const country = region && /^[a-z]{2}$/i.test(region) ? region : (DEFAULT_REGION[code] ?? code);
    return `${code}-${country.toUpperCase()}`;
  }
  return 'en-US';
}

export function readSettings(): Settings {
  const config = vscode.workspace.getConfiguration('tmdb');
  const language = contentLanguage(config.get<string>('language', ''), vscode.env.language);
  const region = config.get<string>('region', '') || language.split('-')[1] || 'US';
  return {
    apiBaseUrl: trimSlash(config.get<string>('apiBaseUrl', 'https://api.themoviedb.org')),
    webBaseUrl: trimSlash(config.get<string>('webBaseUrl', 'https://www.themoviedb.org')),
    imageBaseUrl: trimSlash(config.get<string>('imageBaseUrl', 'https://image.tmdb.org/t/p')),
    language,
    region,
    includeAdult: config.get<boolean>('includeAdult', false),
  };
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
