// Your rating and your lists in the extension host: the panel's rating (shown at once, confirmed by TMDB,
// rolled back otherwise), the Rated view and My Lists following every change without a refresh, and the
// tree rows' actions.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TmdbTestApi } from '../../src/testApi';
import type { ListItemNode, ListNode, Node, TitleNode } from '../../src/tree/nodes';
import { openPanel as open, resetState, until } from './helpers';

/** My Lists' first list, expanded, and its rows. */
async function firstList(api: TmdbTestApi): Promise<{ list: ListNode; items: Node[] }> {
  const list = (await api.lists.getChildren()).find((node) => node.contextValue === 'list') as ListNode;
  return { list, items: await api.lists.getChildren(list) };
}

describe('your rating and your lists', function () {
  this.timeout(30_000);

  describe('rating', () => {
    it('a panel shows your rating from the same account_states request as the watchlist', async () => {
      const { server } = await resetState({ signedIn: true });
      const panel = await open('tmdb.openMovie', 550);
      await until('the rating', () => panel.state.rating.state === 'shown');
      assert.equal(panel.state.rating.value, 9, "TMDB's example rating for Fight Club");
      assert.ok(['on', 'off'].includes(panel.state.watchlist.state));
      assert.equal(server.requestsTo('/3/movie/550/account_states').length, 1, 'one request for both');
      assert.equal(server.requestsTo('/3/movie/550').length, 1, 'the page itself: one request');
    });

    it('rates from the panel: shown at once, confirmed by TMDB, followed by the Rated view', async () => {
      const { api, server } = await resetState({ signedIn: true });
      const rated = await api.ratedItems('movie');
      assert.ok(
        rated.some(({ summary, description }) => summary.id === 550 && description.startsWith('★ 9 ·')),
        JSON.stringify(rated.map((r) => r.description)),
      );
      const panel = await open('tmdb.openMovie', 550);
      await until('the rating', () => panel.state.rating.state === 'shown');
      const saving = panel.account!.rate(7.5);
      assert.deepEqual([panel.state.rating.value, panel.state.rating.pending], [7.5, true], 'the change shows at once');
      assert.equal(await saving, true);
      assert.deepEqual(server.ratingOf('movie', 550), { value: 7.5 });
      assert.deepEqual([panel.state.rating.value, panel.state.rating.pending], [7.5, undefined]);
      await until('the Rated view to show the new rating first', async () => {
        const [first] = await api.ratedItems('movie');
        return first?.summary.id === 550 && first.description.startsWith('★ 7.5 ·');
      });
    });

    it('a rating TMDB refuses is rolled back, with the reason on the page', async () => {
      const { server } = await resetState({ signedIn: true });
      const panel = await open('tmdb.openTvSeries', 1399);
      await until('the rating', () => panel.state.rating.state === 'shown');
      server.inject({ path: '/3/tv/1399/rating', method: 'POST', kind: 'status', status: 500 });
      assert.equal(await panel.account!.rate(3), false);
      assert.equal(panel.state.rating.value, 8.5, 'rolled back to what TMDB has');
      assert.match(panel.state.rating.error ?? '', /Could not save your rating/);
      assert.deepEqual(server.ratingOf('tv', 1399), { value: 8.5 });
    });

    it("removes a rating with the Rated view's inline action, and an open panel follows", async () => {
      const { api, server } = await resetState({ signedIn: true });
      const panel = await open('tmdb.openMovie', 550);
      await until('the rating', () => panel.state.rating.value === 9);
      const [movies] = await api.ratedView.getChildren();
      const row = (await api.ratedView.getChildren(movies)).find(
        (node) => (node as TitleNode).summary?.id === 550,
      ) as TitleNode;
      assert.equal(row.contextValue, 'ratedItem.movie');
      assert.equal(await vscode.commands.executeCommand('tmdb.removeRating', row), true);
      assert.equal(server.ratingOf('movie', 550), false);
      assert.equal(panel.state.rating.value, null, 'the open panel follows');
      await until(
        'the title to leave the Rated view',
        async () => !(await api.ratedItems('movie')).some((item) => item.summary.id === 550),
      );
    });
  });

  describe('lists', () => {
    it('adding a movie to a list: My Lists follows without a refresh (count and items)', async () => {
      const { api, server } = await resetState({ signedIn: true });
      const { list, items } = await firstList(api);
      const listId = list.list.id;
      assert.ok(!server.listItemIds(listId).includes(550));
      await api.listService.set(listId, { kind: 'movie', id: 550 }, true);
      assert.ok(server.listItemIds(listId).includes(550));
      await until('the count and the items to follow', async () => {
        const now = await firstList(api);
        return (
          now.list.description === `${items.length + 1} items` &&
          now.items.some((node) => (node as TitleNode).summary?.id === 550)
        );
      });
    });

    it("removes a movie with the list row's inline action", async () => {
      const { api, server } = await resetState({ signedIn: true });
      const { list, items } = await firstList(api);
      const row = items.find((node) => node.contextValue === 'listItem.movie') as ListItemNode;
      assert.ok(row, 'a movie in the list');
      assert.equal(await vscode.commands.executeCommand('tmdb.removeFromList', row), true);
      assert.ok(!server.listItemIds(list.list.id).includes(row.summary.id));
      await until(
        'the row to leave the list',
        async () => !(await firstList(api)).items.some((node) => (node as TitleNode).summary?.id === row.summary.id),
      );
    });

    it("a list's row of a favorite offers Remove from Favorites, the Favorites view never opened", async () => {
      const { api, server } = await resetState({ signedIn: true });
      const row = (await firstList(api)).items.find((node) => /^listItem\.movie/.test(String(node.contextValue)));
      const id = (row as TitleNode).summary.id;
      server.setFavorite('movie', id, true); // on the website, say: nothing in the extension knows of it
      await api.lists.refresh();
      await until('its row to say it is a favorite', async () =>
        (await firstList(api)).items.some(
          (node) => (node as TitleNode).summary?.id === id && /\.favorite\b/.test(String(node.contextValue)),
        ),
      );
    });

    it('a new list shows first in My Lists', async () => {
      const { api } = await resetState({ signedIn: true });
      await firstList(api);
      const id = await api.listService.create('Watch with Dad', '');
      await until('the new list on top', async () => (await firstList(api)).list.list.id === id);
      assert.equal((await firstList(api)).list.label, 'Watch with Dad');
    });

    it("with the v4 sign-in: a series beside a movie in a new private list, each item's comment on its row, a series removed from its row", async () => {
      const { api, server } = await resetState({ signedIn: 'v4' });
      await firstList(api);
      const listId = await api.listService.create('Slow TV', 'Series and films', false);
      await api.listService.set(listId, { kind: 'tv', id: 1399 }, true);
      await api.listService.set(listId, { kind: 'movie', id: 550 }, true);
      await api.listService.comment(listId, { kind: 'tv', id: 1399 }, 'Winter is coming');
      assert.deepEqual(server.v4List(listId)?.items, ['tv:1399', 'movie:550']);
      const shown = await until('the new list first, private, with its two items', async () => {
        const now = await firstList(api);
        return now.list.list.id === listId && now.items.length === 2 ? now : undefined;
      });
      assert.equal(shown.list.description, 'private · 2 items');
      const [series, movie] = shown.items as ListItemNode[];
      assert.equal(series!.contextValue?.startsWith('listItem.tv'), true);
      assert.match(String(series!.description), /^“Winter is coming” · 2011 · Series$/);
      assert.equal(movie!.comment, '');
      // Only v4 requests for the lists: v3 lists never see a series.
      assert.equal(server.requestsTo(/^\/3\/(list|account\/\d+\/lists)/).length, 0);
      assert.equal(await vscode.commands.executeCommand('tmdb.removeFromList', series), true);
      assert.deepEqual(server.v4List(listId)?.items, ['movie:550']);
      assert.deepEqual(server.v4List(listId)?.comments, {}, 'its comment went with it');
      await until('the row to leave the list', async () => (await firstList(api)).items.length === 1);
    });

    it('with the v4 sign-in: a rename, a sort and a clear reach TMDB and My Lists follows; a deleted list leaves it', async () => {
      const { api, server } = await resetState({ signedIn: 'v4' });
      await firstList(api);
      const listId = await api.listService.create('Draft', '');
      await api.listService.set(listId, { kind: 'tv', id: 1399 }, true);
      await api.listService.set(listId, { kind: 'movie', id: 550 }, true);
      await api.listService.update({ id: listId, name: 'Draft' }, { name: 'Weekend', sortBy: 'title.asc' });
      const renamed = await until('the new name and order', async () => {
        const now = await firstList(api);
        return now.list.label === 'Weekend' && (now.items[0] as TitleNode)?.summary.id === 550 ? now : undefined;
      });
      assert.equal(renamed.list.list.id, listId);
      assert.equal(await api.listService.clear(listId), 2);
      await until('the list to be empty', async () => (await firstList(api)).list.description === '0 items');
      await api.listService.delete(listId);
      await until('the list to leave My Lists', async () => (await firstList(api)).list.list.id !== listId);
      assert.equal(server.v4List(listId), undefined);
    });

    it('a series is not offered to a list with an old sign-in: the command says why and asks TMDB nothing', async () => {
      const { server } = await resetState({ signedIn: true });
      await open('tmdb.openTvSeries', 1399);
      server.requests.length = 0;
      assert.equal(await vscode.commands.executeCommand('tmdb.addToList'), false);
      assert.deepEqual(
        server.requests.map((request) => request.path),
        [],
      );
    });
  });
});
