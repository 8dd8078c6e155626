// Types for package.mjs.
export const VSIX: string;
export const PACKAGE_LOG: string;
export function packageVsix(options?: { quiet?: boolean }): string;
export const USER_README: string;
export function userReadme(text: string): string;
