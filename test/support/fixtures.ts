// Test constants shared by every suite. None of these is a real TMDB credential.
export const READ_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJzdGFuZC1pbiJ9.c3RhbmQtaW4tcmVhZC10b2tlbg';
export const API_KEY = '0123456789abcdef0123456789abcdef';
export const V4_USER_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzY29wZXMiOlsiYXBpX3dyaXRlIl19.djQtdXNlci10b2tlbg';
export const DEMO_ACCOUNT_ID = 548;

/** Game of Thrones' regular seasons as TMDB lists them: [season, episodes] (73 in all; the specials apart). */
export const THRONES_SEASONS: ReadonlyArray<readonly [season: number, episodes: number]> = [
  [1, 10],
  [2, 10],
  [3, 10],
  [4, 10],
  [5, 10],
  [6, 10],
  [7, 7],
  [8, 6],
];
