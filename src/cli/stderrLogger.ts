// Core's log lines go to stderr, so stdout stays clean for JSON. They show only with --debug: the
// client logs every retry of a failing connection, and the CLI reports the final failure once itself.
import type { Logger } from '../core/logger';
import { escapeForTerminal } from '../core/rendering/terminalText';

export function stderrLogger(debug: boolean, stream: NodeJS.WritableStream = process.stderr): Logger {
  const off = () => undefined;
  const line = (level: string) => (debug ? (message: string) => void stream.write(`ebx ${level}: ${escapeForTerminal(message)}\n`) : off);
  return { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') };
}
