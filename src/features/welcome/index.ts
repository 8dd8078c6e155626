// Get Started: the walkthrough, opened once after the first install (not in the tests), and on demand.
import { Commands } from '../../common/ids';
import { feature } from '../../core/feature';
import { openWalkthrough, openWalkthroughOnce } from './walkthrough';

export const welcomeFeature = feature(({ context, testMode }) => {
  if (!testMode) void openWalkthroughOnce(context.globalState);
  return { commands: () => ({ [Commands.getStarted]: () => openWalkthrough() }), exposed: {} };
});
