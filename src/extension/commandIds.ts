// The ids package.json declares that the code names. A command's id is written once, in its feature
// file's entry; CommandId is the union of them all (featureCommands.ts), so a row or status-bar item
// that names a command (`'eventBroker.loadMore' satisfies CommandId`) is checked against the entries.
export type { CommandId } from './featureCommands';

export const VIEW_ID = 'eventBroker.explorer';

/** publisher.name in package.json. */
export const EXTENSION_ID = 'event-broker-explorer.event-broker-explorer';
