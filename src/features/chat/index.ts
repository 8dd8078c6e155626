// TMDB as language model tools for a chat (./tools).
import { feature } from '../../core/feature';
import { registerTools } from './tools';

export const chatFeature = feature((core) => ({
  disposables: registerTools({ ...core, watched: () => core.doors.get('watched') }),
  exposed: {},
}));
