// The commands that belong to no one feature: the API token and the sign-in, the cache, the log, and a
// tree's Load more… row.
import * as vscode from 'vscode';
import { Commands } from '../common/ids';
import { notifyInfo } from '../kit/notify';
import { LoadMoreNode } from '../tree/nodes';
import type { Core } from './core';
import type { CommandOptions } from './feature';

/** `caches`: what each feature keeps besides the client's answers (Clear Cache forgets them too). */
export function coreCommands(core: Core, caches: ReadonlyArray<() => unknown>) {
  const { auth } = core;
  return (options: CommandOptions) => {
    const credential = (arg: unknown) => (options.credentialArguments && typeof arg === 'string' ? arg : undefined);
    return {
      [Commands.setApiToken]: (token?: unknown) => auth.setApiToken(credential(token)),
      [Commands.removeApiToken]: () => auth.removeApiToken(),
      [Commands.signIn]: () => auth.signIn(),
      [Commands.signInWithV4Token]: (token?: unknown) => auth.signInWithV4Token(credential(token)),
      [Commands.signOut]: () => auth.signOut(),
      [Commands.confirmApproval]: () => auth.confirmApproval(),
      [Commands.copyApprovalLink]: () => auth.copyApprovalLink(),
      [Commands.openApprovalPage]: () => auth.openApprovalPage(),
      [Commands.clearCache]: async () => {
        await Promise.all([core.client.clearCache(), ...caches.map((forget) => forget())]);
        core.log.info('cache', 'cleared: answers in memory and on disk, profile pictures');
        void notifyInfo(vscode.l10n.t('TMDB: cache cleared. Views and pages ask TMDB afresh.'));
      },
      [Commands.loadMore]: (node?: unknown) => (node instanceof LoadMoreNode ? node.run() : undefined),
      [Commands.showLog]: () => core.log.show(),
    };
  };
}
