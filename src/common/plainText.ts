// Text from TMDB (or any server, a file, or a setting) shown where VS Code reads markup or lays out lines,
// one rule for each kind of place, all linear in the text's length (the attack suite times them at their
// largest input):
// - `oneLine`: any one-line place (a notification, a dialog's question, a quick pick, a confirmation):
//   control and direction characters and line breaks become one space, so nothing from outside adds a line
//   of its own or turns what follows it around.
// - `plainText`: notifications and progress titles, which turn `[text](target)` into a link that can run a
//   command and `$(name)` into an icon: links keep their words only (innermost first, a pass at a time,
//   until nothing changes), any `](` left is broken, and `$(`, `command:` and the like are broken by an
//   invisible zero-width space. Idempotent.
// - `pickText`: a quick pick's rows, title and placeholder, which draw `$(name)` as an icon but no link.
// - `unlinkedText`: a plain string VS Code shows as Markdown text, which links bare addresses.
// - `markdownText`: trusted Markdown (a hover card, a chat confirmation): every ASCII punctuation mark
//   escaped, so no link, picture, HTML, heading, list or autolink can start.
// Trees and tooltips render no markup: they show names as typed, without these. No vscode import.

const ZWSP = '\u200B';
/** A link whose words and target hold no bracket: each scan stops at the next one, so a pass is linear. */
const LINK = /\[([^[\]]*)\]\(([^()[\]]*)\)/g;
/** Passes that take links apart; what nests deeper is broken by the `](` rule below. */
const MAX_PASSES = 8;
/** Control characters (C0, DEL, C1: NEL among them), line and paragraph separators, direction marks, embeddings, overrides and isolates. */
// eslint-disable-next-line no-control-regex -- finding them is the point
const BREAKS_AND_TURNS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;

/**
 * The most of one outside text a one-line place shows: a title, a name or a message is far shorter, and a
 * longer one (5 MB of `[`, of line breaks) is cut before any pass over it, so each place costs the same
 * whatever came.
 */
export const MAX_LINE_CHARS = 2_000;

/**
 * Outside text on one line: control and direction characters and line breaks as one space, spaces folded,
 * at most `MAX_LINE_CHARS` characters (cut with an ellipsis, never inside a surrogate pair).
 */
export function oneLine(text: string): string {
  // Room for the spaces that fold away; what is past it could not be shown anyway.
  const head = text.length > 4 * MAX_LINE_CHARS ? text.slice(0, 4 * MAX_LINE_CHARS) : text;
  const line = head.replace(BREAKS_AND_TURNS, ' ').replace(/\s+/g, ' ').trim();
  if (line.length <= MAX_LINE_CHARS && head === text) return line;
  if (line.length <= MAX_LINE_CHARS - 1) return `${line}…`;
  const end = /[\uD800-\uDBFF]/.test(line[MAX_LINE_CHARS - 2]!) ? MAX_LINE_CHARS - 2 : MAX_LINE_CHARS - 1;
  return `${line.slice(0, end)}…`;
}

/** Text for a quick pick's rows, title and placeholder: one line, `$(` broken (no icon), read as typed. */
export function pickText(text: string): string {
  return oneLine(text).replace(/\$\(/g, `$${ZWSP}(`);
}

/** Text for a notification, a dialog or a progress title: one line, with no link, icon or command in it. */
export function plainText(text: string): string {
  let current = oneLine(text);
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

/**
 * Text for a plain string VS Code shows as Markdown text (a tool's invocation message): `plainText`, and the
 * autolinks that escaping leaves (`https://…`, `www.…`, `a@b.c`) broken by a zero-width space.
 */
export function unlinkedText(text: string): string {
  return plainText(text)
    .replace(/:\/\//g, `:${ZWSP}//`)
    .replace(/\bwww\./gi, (www) => `${www.slice(0, 3)}${ZWSP}.`)
    .replace(/@/g, `${ZWSP}@`);
}

/**
 * Outside text as Markdown that renders as that text and nothing else: on one line, and every ASCII
 * punctuation character escaped (CommonMark lets any be), so no `[link](…)`, `![image](…)`, `<html>`,
 * `# heading`, list, table, entity, autolink (`https://…`, `www.…`, `a@b.c`) or code span can start.
 */
export function markdownText(text: string): string {
  return oneLine(text).replace(/[!-/:-@[-`{-~]/g, '\\$&');
}
