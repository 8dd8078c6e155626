// Types for package.mjs.
import type { ExecFileSyncOptions } from 'node:child_process';
export const VSIX: string;
export function packageVsix(options?: ExecFileSyncOptions): string;
export const USER_README: string;
export function userReadme(text: string): string;
