// The recently opened titles as global state keeps them; loaded on first use (../schemasAndPages).
import * as z from 'zod';
import { once } from '../common/once';
import { panelRef } from '../webview/protocol';

export const recentTitles = once(() => z.array(z.object({ ref: panelRef(), label: z.string(), detail: z.string() })));
