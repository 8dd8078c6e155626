// TMDB in the editor itself: links and hover cards for titles named in any file, a completion that
// inserts a link while writing Markdown, and the title under the cursor opened from the context menu.
// Each door has its setting (tmdb.editor.*) and is registered only while it is on. Quiet: nothing is added
// to a document, and nothing is asked of TMDB until the person hovers, clicks or types the trigger.
import * as vscode from 'vscode';
import type { Credentials } from '../../auth/credentials';
import { Commands } from '../../common/ids';
import type { Logger } from '../../kit/log';
import type { PanelRef, ShownTitle } from '../../model/panelRef';
import type { Settings } from '../../settings/settings';
import type { TmdbClient } from '../../tmdb/client';
import { CursorTitle } from './cursor';
import { onceAsync } from '../../common/once';
import { editorHostSlice } from './deferredPart';
import { ANY_TEXT, refAtPosition, TextLinks } from './links';
import { TitleLookup, type LinkedRef } from './lookup';
import { lineBefore, typedSearch } from './textRefs';

export interface EditorDeps {
  client: TmdbClient;
  credentials: Credentials;
  settings: () => Settings;
  log: Logger;
  /** Opens a title's page (features/titles, through the core's doors: ./index.ts). */
  open: (ref: LinkedRef) => unknown;
  recent: () => readonly ShownTitle[];
  pickTitle: (title: string) => Promise<PanelRef | undefined>;
}

type Door = 'links' | 'hovers' | 'completion';

function isOn(door: Door): boolean {
  return vscode.workspace.getConfiguration('tmdb.editor').get<boolean>(door, true) !== false;
}

export class EditorDoors implements vscode.Disposable {
  readonly lookup: TitleLookup;
  readonly cursor: CursorTitle;
  /** The link inserted while writing, loaded with the first completion or insert (./deferredPart). */
  private readonly inserter = onceAsync(
    async () => new (await editorHostSlice.load()).LinkInserter({ ...this.deps, lookup: this.lookup }),
  );
  /** The hover card, loaded with the first reference hovered (./deferredPart). */
  private readonly hovers = onceAsync(
    async () => new (await editorHostSlice.load()).TitleHovers({ ...this.deps, lookup: this.lookup }),
  );
  private readonly registered = new Map<Door, vscode.Disposable>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly deps: EditorDeps) {
    this.lookup = new TitleLookup(deps.client);
    this.cursor = new CursorTitle(this.lookup, deps.open, deps.log);
    this.follow();
    this.subscriptions.push(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('tmdb.editor')) this.follow();
      }),
    );
  }

  /** Registers the doors that are on and takes away those turned off (VS Code then asks the others afresh). */
  private follow(): void {
    const doors: Record<Door, () => vscode.Disposable> = {
      links: () => vscode.languages.registerDocumentLinkProvider(ANY_TEXT, new TextLinks()),
      // Only a reference hovered loads the card's code (any word of any file is asked about).
      hovers: () =>
        vscode.languages.registerHoverProvider(ANY_TEXT, {
          provideHover: (document, position, token) =>
            refAtPosition(document, position, false)
              ? this.hovers().then((hovers) => hovers.provideHover(document, position, token))
              : undefined,
        }),
      completion: () =>
        vscode.languages.registerCompletionItemProvider(
          { language: 'markdown' },
          {
            // Only `tmdb:` typed loads the completion's code (any `:` typed in Markdown asks).
            provideCompletionItems: (document, position, token) =>
              typedSearch(lineBefore(document, position)) === undefined
                ? undefined
                : this.inserter().then((inserter) => inserter.provideCompletionItems(document, position, token)),
          },
          ':',
        ),
    };
    for (const door of Object.keys(doors) as Door[]) {
      const on = isOn(door);
      if (on && !this.registered.has(door)) this.registered.set(door, doors[door]());
      if (!on) {
        this.registered.get(door)?.dispose();
        this.registered.delete(door);
      }
    }
  }

  /** The commands of this feature, registered by the feature's entry (./index.ts). */
  handlers() {
    return {
      [Commands.openTitleAtCursor]: (arg?: unknown) => this.cursor.run(arg),
      [Commands.insertLinkToTitle]: async () => (await this.inserter()).insertCommand(),
      [Commands.finishImdbLink]: async (arg?: unknown) => (await this.inserter()).finishImdbLink(arg),
    };
  }

  dispose(): void {
    for (const registration of this.registered.values()) registration.dispose();
    this.registered.clear();
    this.cursor.dispose();
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
