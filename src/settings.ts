// The `tmdb.*` settings, read fresh on each use so changes apply without a reload.
import * as vscode from 'vscode';
import { contentLanguage } from './language';
import type { TmdbSettings } from './tmdb/client';

export interface Settings extends TmdbSettings {
  webBaseUrl: string;
  imageBaseUrl: string;
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
