// What a schema registry failure says on a row of the tree (issue 23, item 5). The client's sentence
// names "the schema registry at host:port"; under the Schema Registry row that is known, so the
// row leads with what happened and its cause, which a 300-px sidebar shows before the ellipsis, and
// the tooltip keeps the whole sentence with the URL.
import { explainError } from '../../core/errors';
import { RegistryError } from '../../core/schemaRegistry/registryError';

export interface RegistryProblemRow {
  /** The row's label: "Schema registry did not answer: connection refused". */
  label: string;
  /** The tooltip: the client's whole sentence and the registry's URL. */
  detail: string;
}

const WHERE = /^the schema registry at \S+ /;

export function registryProblemRow(err: unknown, url: string): RegistryProblemRow {
  const sentence = explainError(err);
  const detail = `${sentence[0]?.toUpperCase() ?? ''}${sentence.slice(1)}\nRegistry: ${url}`;
  if (!(err instanceof RegistryError)) return { label: withoutFullStop(sentence), detail };
  const rest = withoutFullStop(err.message.replace(WHERE, ''));
  switch (err.kind) {
    case 'unreachable': {
      const cause = /^does not answer \((.+)\)$/.exec(rest)?.[1];
      return { label: `Schema registry did not answer: ${cause ?? rest}`, detail };
    }
    case 'timeout':
      return { label: `Schema registry ${rest}`, detail };
    case 'auth':
      return { label: `Not authorized: the schema registry ${rest}`, detail };
    default:
      return { label: `Schema registry: ${rest}`, detail };
  }
}

function withoutFullStop(text: string): string {
  return text.replace(/\.$/, '');
}
