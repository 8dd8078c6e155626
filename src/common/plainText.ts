// Text from TMDB (or any server, or a setting) shown where VS Code reads markup: notifications turn
// `[text](target)` into a link that can run a command, quick picks and notifications turn `$(name)` into
// an icon. Such text is made inert before it is shown: links keep their words only (applied until
// nothing changes, so a link built around another comes apart too), any `](` left is broken, and `$(`,
// `command:` and the like are broken by an invisible zero-width space. Idempotent. No vscode import.
// Trees and tooltips render no markup: they show names as typed, without this; quick picks draw icons only
// (`pickText`).

const ZWSP = '\u200B';
const LINK = /\[([^\]]*)\]\(([^)]*)\)/g;
/** Passes that take links apart; what nests deeper is broken by the `](` rule below. */
const MAX_PASSES = 8;

/**
 * Text for a quick pick's rows, title and placeholder: they draw `$(name)` as an icon but no link, so a
 * name reads as typed there, with only `$(` broken (as a tree shows it, which draws neither).
 */
export function pickText(text: string): string {
  return text.replace(/\$\(/g, `$${ZWSP}(`);
}

export function plainText(text: string): string {
  let current = text;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = current.replace(LINK, (_all, words: string) => words); // [words](target) → words
    if (next === current) break;
    current = next;
  }
  return current
    .replace(/\]\(/g, `]${ZWSP}(`)
    .replace(/\$\(/g, `$${ZWSP}(`)
    .replace(
      /\b(command|vscode|vscode-insiders|file|javascript|data)\s*:/gi,
      (_all, scheme: string) => `${scheme}${ZWSP}:`,
    );
}
