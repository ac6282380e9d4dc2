import type * as vscode from 'vscode';
import type { Logger } from '../core/logger';

/** Core's Logger over the "Event Broker" LogOutputChannel. Callers never pass secrets. */
export function channelLogger(channel: vscode.LogOutputChannel): Logger {
  return {
    debug: (m) => channel.debug(m),
    info: (m) => channel.info(m),
    warn: (m) => channel.warn(m),
    error: (m) => channel.error(m),
  };
}
