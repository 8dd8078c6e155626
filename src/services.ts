// The services `activate` builds, by name: what commands act on (CommandDeps), and what test mode hands
// the tests.
import type { ListService } from './account/listService';
import type { TmdbAuthenticationProvider } from './auth/authenticationProvider';
import type { CommandDeps } from './commands';
import type { UpNextStatus } from './features/upNext/upNextStatus';
import type { ApiHostApproval } from './settings/apiHostApproval';

export interface Services extends CommandDeps {
  accounts: TmdbAuthenticationProvider;
  listService: ListService;
  upNextStatus: UpNextStatus;
  apiHosts: ApiHostApproval;
}
