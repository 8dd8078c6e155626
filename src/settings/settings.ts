// The `tmdb.*` settings, read fresh on each use so changes apply without a reload. The three addresses
// are checked (see baseUrls.ts): a refused one is replaced by the default, and the user is told once.
import * as vscode from 'vscode';
import { checkBaseUrl, DEFAULT_BASE_URLS, type BaseUrlSetting } from './baseUrls';
import { contentLanguage, contentRegion } from './language';
import type { TmdbSettings } from '../tmdb/call';
import { notifyWarning } from '../kit/notify';

export interface Settings extends TmdbSettings {
  webBaseUrl: string;
  imageBaseUrl: string;
}

interface Refused {
  setting: BaseUrlSetting;
  value: string;
  reason: string;
}

function baseUrl(config: vscode.WorkspaceConfiguration, setting: BaseUrlSetting, refused?: Refused[]): string {
  const value = config.get<string>(setting, DEFAULT_BASE_URLS[setting]);
  const checked = checkBaseUrl(value);
  if (checked.ok) return checked.url;
  refused?.push({ setting, value, reason: checked.reason });
  return DEFAULT_BASE_URLS[setting];
}

/** VS Code's display language, for formatting numbers and dates the way the person reads them. */
export function displayLocale(): string {
  return vscode.env.language || 'en';
}

export function readSettings(): Settings {
  const config = vscode.workspace.getConfiguration('tmdb');
  const language = contentLanguage(String(config.get<unknown>('language', '') ?? ''), vscode.env.language);
  const region = contentRegion(String(config.get<unknown>('region', '') ?? ''), language);
  return {
    apiBaseUrl: baseUrl(config, 'apiBaseUrl'),
    webBaseUrl: baseUrl(config, 'webBaseUrl'),
    imageBaseUrl: baseUrl(config, 'imageBaseUrl'),
    language,
    region,
    includeAdult: config.get<boolean>('includeAdult', false),
  };
}

/** The address settings TMDB's defaults replace, and why. */
export function refusedBaseUrls(): Refused[] {
  const config = vscode.workspace.getConfiguration('tmdb');
  const refused: Refused[] = [];
  for (const setting of Object.keys(DEFAULT_BASE_URLS) as BaseUrlSetting[]) baseUrl(config, setting, refused);
  return refused;
}

/** Says once per refused value (now, and whenever the settings change) that the default is used instead. */
export function warnAboutRefusedSettings(): vscode.Disposable {
  const told = new Set<string>();
  const check = () => {
    for (const { setting, value, reason } of refusedBaseUrls()) {
      const key = `${setting}=${value}`;
      if (told.has(key)) continue;
      told.add(key);
      void notifyWarning(
        vscode.l10n.t(
          'TMDB: the setting "{0}" is not used, because {1}. Using {2} instead. (It was "{3}".)',
          `tmdb.${setting}`,
          reason,
          DEFAULT_BASE_URLS[setting],
          value.slice(0, 120),
        ),
        vscode.l10n.t('Open Settings'),
      ).then((choice) => {
        if (choice) void vscode.commands.executeCommand('workbench.action.openSettings', `tmdb.${setting}`);
      });
    }
  };
  check();
  return vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration('tmdb')) check();
  });
}
