// Core logs through this interface so the CLI can send lines to stderr and the extension to its
// LogOutputChannel. Callers must never pass secrets in messages.
export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const silentLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
