// The recently opened titles as global state keeps them; loaded on first use (../schemasAndPages).
import * as z from 'zod';
import { panelRef } from '../webview/protocol';

export const recentTitles = z.array(z.object({ ref: panelRef, label: z.string(), detail: z.string() }));
