// The services by name, as the core and each feature expose them (what test mode hands the tests), and
// the check that every command has a handler.
import type { buildCore } from './core/core';
import type { coreCommands } from './core/coreCommands';
import type { CommandId, CommandOptions, CommandsOf, ExposedBy, Handler } from './core/feature';
import type { FEATURES } from './extension';

type Features = (typeof FEATURES)[number];

export type Services = ReturnType<typeof buildCore>['added']['exposed'] &
  ExposedBy<Features> & {
    /** The command table as registered with `options` (the tests call a handler as another mode would). */
    commandHandlers(options: CommandOptions): Record<string, Handler>;
  };

/** The commands the core and the features register. */
type Handled = CommandsOf<Features> | keyof ReturnType<ReturnType<typeof coreCommands>>;
/** A contributed command (common/ids) that no part registers fails the type-check here. */
export const EVERY_COMMAND_HANDLED: [Exclude<CommandId, Handled>] extends [never] ? true : false = true;
