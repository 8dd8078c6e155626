export const ROOT: string;
export const CACHE: string;
export const NODE_VERSION: string;
export const CODE_SERVER_VERSION: string;
export const CHROMIUM: string;
export const NODE24: string;
export const CODE_SERVER: string;
export const SERVER_MAIN: string;
export function ensureAll(): { node: string; serverMain: string; chromium: string; cache: string };
