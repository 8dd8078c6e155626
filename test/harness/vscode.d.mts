// Types for vscode.mjs (plain JavaScript so the harness runs before anything is built).
import type { Browser } from 'playwright-core';

export interface VsCodeServer {
  url: string;
  port: number;
  dir: string;
  userDir: string;
  extDir: string;
  workspace: string;
  logsDir: string;
  serverLog(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  name?: string;
  settings?: Record<string, unknown>;
  keybindings?: Array<{ key: string; command: string; args?: unknown; when?: string }>;
  vsix?: string | string[];
  env?: Record<string, string>;
  port?: number;
  workspace?: string;
  logLevel?: string;
  /** VS Code's display language (code-server's --locale), e.g. `de`. */
  locale?: string;
  /** Workspace trust on, as VS Code ships it: the folder opens in Restricted Mode (no prompt). */
  workspaceTrust?: boolean;
  keep?: boolean;
  /** false: without the tests' driver option, so notifications pop up as toasts (the demo). */
  smokeTestDriver?: boolean;
}

export const BASE_SETTINGS: Record<string, unknown>;
export const CHROMIUM_ARGS: string[];
export function freePort(): Promise<number>;
export function startVsCode(options?: StartOptions): Promise<VsCodeServer>;
export function launchBrowser(options?: { headless?: boolean }): Promise<Browser>;
export function workbenchUrl(vscode: VsCodeServer, folder: string, payload?: unknown): string;
export function remoteUri(vscode: VsCodeServer, absolutePath: string): string;
