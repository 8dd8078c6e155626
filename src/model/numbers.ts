// Numbers as the display language writes them (1,234 · 1.234; 8.1 · 8,1), in pages, trees and quick picks
// alike. No vscode import: the locale is given. One Intl.NumberFormat per locale and kind (they are costly).

const formats = new Map<string, Intl.NumberFormat | null>();

/** `value` in `locale`; `digits` fixes the decimals (a score: 1). A locale Intl refuses: plain digits. */
export function formatNumber(value: number, locale: string, digits?: number): string {
  const key = `${locale}|${digits ?? ''}`;
  if (!formats.has(key)) {
    try {
      const options = digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits };
      formats.set(key, new Intl.NumberFormat(locale, options));
    } catch {
      formats.set(key, null);
    }
  }
  return formats.get(key)?.format(value) ?? (digits === undefined ? String(value) : value.toFixed(digits));
}
