import type { ExplorerNode } from './explorerNode';
import { ErrorNode } from './simpleNodes';
import { registryProblemRow } from './registryRowWords';
import { Cancelled } from '../runCommand';

/**
 * A schema registry failure as a row with Retry ("Schema registry did not answer: connection
 * refused"), never a popup; a cancelled password prompt is a row that asks again when clicked.
 */
export function registryErrorNode(parent: ExplorerNode, err: unknown, url: string): ErrorNode {
  if (err instanceof Cancelled) {
    return new ErrorNode(parent, 'No password given for the schema registry', `The schema registry's password (or token) was not given.\nRegistry: ${url}`);
  }
  const { label, detail } = registryProblemRow(err, url);
  return new ErrorNode(parent, label, detail);
}
