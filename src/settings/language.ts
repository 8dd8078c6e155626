// The content language and region TMDB is asked for, each checked against its shape (a trusted
// workspace can set them to anything, `__proto__` included). No vscode import.

const LANGUAGE = /^[a-z]{2}-[A-Z]{2}$/;
/** The usual country of a language whose code is not also a country code. */
const DEFAULT_REGION: Record<string, string> = {
  en: 'US',
  ja: 'JP',
  ko: 'KR',
  zh: 'CN',
  cs: 'CZ',
  da: 'DK',
  el: 'GR',
  he: 'IL',
  hi: 'IN',
  sv: 'SE',
  uk: 'UA',
  vi: 'VN',
  fa: 'IR',
  ar: 'SA',
};

/** `tmdb.language`, else VS Code's display language as xx-YY, else en-US. */
export function contentLanguage(configured: string, displayLanguage: string): string {
  if (LANGUAGE.test(configured)) return configured;
  const [lang, region] = displayLanguage.split('-');
  if (lang && /^[a-z]{2}$/i.test(lang)) {
    const code = lang.toLowerCase();
    const country =
      region && /^[a-z]{2}$/i.test(region)
        ? region
        : Object.hasOwn(DEFAULT_REGION, code)
          ? DEFAULT_REGION[code]!
          : code;
    return `${code}-${country.toUpperCase()}`;
  }
  return 'en-US';
}

/** `tmdb.region` when it is a country code, else the content language's country, else US: always two capital letters. */
export function contentRegion(configured: string, language: string): string {
  if (/^[a-z]{2}$/i.test(configured)) return configured.toUpperCase();
  const country = language.split('-')[1];
  return country && /^[A-Z]{2}$/.test(country) ? country : 'US';
}
