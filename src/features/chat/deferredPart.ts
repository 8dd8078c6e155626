// The chat's slice of the deferred part (src/common/deferred.ts): the answers' text builders. Type-only
// imports: nothing here loads them.
import { DeferredSlice } from '../../common/deferred';
import type * as ToolText from './toolText';

export const chatSlice = new DeferredSlice<{ toolText: typeof ToolText }>('chat');
export const toolText = () => chatSlice.get().toolText;

/** The tools' bodies, loaded with the first tool a chat readies or calls (src/firstUse.ts). */
export const chatHostSlice = new DeferredSlice<{ toolBodies: typeof import('./toolBodies').toolBodies }>('chat host');
