// A command link's target, for the links and the hover cards (Markdown that VS Code runs a command from).
// No vscode import: the cards are built, and attacked, in plain Node.

/** A command link's target: our command, its arguments as JSON, encoded so no character ends the link early. */
export function commandUri(command: string, args: unknown[]): string {
  const json = encodeURIComponent(JSON.stringify(args)).replace(
    /[()'!*~]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `command:${command}?${json}`;
}
