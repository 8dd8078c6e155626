// A {kind, id} read with zod (a page's messages, a saved state, the recent titles), through the model's
// one id check. Its own file: only the deferred part imports zod, and ./panelRef loads at start-up.
import * as z from 'zod';
import { once } from '../common/once';
import { asPanelRef, type PanelRef } from './panelRef';

export const panelRef = once((): z.ZodType<PanelRef, unknown> =>
  z.unknown().transform((value, ctx) => {
    const ref = asPanelRef(value);
    if (ref) return ref;
    ctx.addIssue({ code: 'custom', message: 'not a {kind, id}' });
    return z.NEVER;
  }),
);
