// The recently opened titles as global state keeps them; loaded on first use (../../schemasAndPages). A
// title's {kind, id} is read with the model's one id check.
import * as z from 'zod';
import { once } from '../../common/once';
import { panelRef } from '../../model/panelRefSchema';

export const recentTitles = once(() => z.array(z.object({ ref: panelRef(), label: z.string(), detail: z.string() })));
