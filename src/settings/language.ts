// The content language TMDB is asked for. No vscode import.

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
