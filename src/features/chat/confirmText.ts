// A write tool's confirmation as text: the change in the extension's own words, then TMDB's text (a title,
// a list's name) each on a paragraph of its own after our label, one line, no direction override: nothing
// TMDB sends can read as part of our sentence. As Markdown every punctuation mark is escaped, so no link,
// bare address, picture or icon comes of a title. No vscode import (the attack suite reads it in plain Node).
import { markdownText, oneLine } from '../../common/plainText';

/** A confirmation's paragraphs: our sentence, then `Label: text` a subject, TMDB's text on its one line. */
export function confirmationLines(sentence: string, subjects: ReadonlyArray<[label: string, text: string]>): string[] {
  return [sentence, ...subjects.map(([label, text]) => `${label}: ${oneLine(text)}`)];
}

/** The confirmation's Markdown: each paragraph as text (`markdownText`), a blank line between. */
export function confirmationMarkdown(sentence: string, subjects: ReadonlyArray<[label: string, text: string]>): string {
  return confirmationLines(sentence, subjects).map(markdownText).join('\n\n');
}
