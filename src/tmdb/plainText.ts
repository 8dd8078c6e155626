// Text from TMDB (or any server) shown where VS Code reads markup: notifications turn `[text](target)` into
// a link that can run a command, quick picks and labels turn `$(name)` into an icon. Such text is made
// inert before it is shown: links keep their words only, and `$(`, `command:` and the like are broken by
// an invisible zero-width space. No vscode import.

const ZWSP = '\u200B';

export function plainText(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\(([^)]*)\)/g, (_all, words: string) => words) // [words](target) → words
    .replace(/\$\(/g, `$${ZWSP}(`)
    .replace(/\b(command|vscode|vscode-insiders|file|javascript|data)\s*:/gi, (_all, scheme: string) => `${scheme}${ZWSP}:`);
}
