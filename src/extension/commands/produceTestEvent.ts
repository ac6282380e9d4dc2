// Produce Test Event…: one record with VAST-safe settings (no compression, no idempotence). When the
// topic has a record format (eventBroker.recordFormats), the value and key are typed as JSON (or a
// number, base64, a UUID) and encoded with the topic's schema — the registry's id in the wire
// format, or a workspace file's raw payload — through the same encoders as `ebx produce`. Input
// that does not fit is refused with the schema's own complaint as the input box's message, and
// refused again after the box (a box that was answered anyway), so nothing is sent.
import * as vscode from 'vscode';
import { produce } from '../../core/topics/produce';
import { encodeOrRefuse, encodingProblem, type FieldEncoder } from '../../core/formats/fieldEncoders';
import type { Prompter } from '../prompter';
import { Cancelled } from '../runCommand';
import type { CommandContext } from './commandContext';
import { topicStep } from './targetSteps';
import { commandEntries } from '../commandEntry';
import { TopicNode } from '../tree/topicNode';

export async function produceTestEventCommand(ctx: CommandContext, node?: unknown): Promise<void> {
  const { store, prompter, formats } = ctx;
  const { connection, topic } = await topicStep(ctx, node, 'Produce Test Event: topic', { withoutInternal: true, change: 'producing records' });
  // Made before anything is asked: a schema file that does not load, or a subject the registry lacks, is said at once.
  const encoders = await formats.encodersFor(connection, topic);
  const sample = JSON.stringify({ test: true, at: new Date().toISOString() });
  // The sample fits text and plain JSON; a schema's records are typed from scratch.
  const value = await askField(prompter, `Produce to ${topic}: value`, encoders.value, { value: !encoders.value || encoders.value.encoding === 'json' ? sample : '' });
  if (value === undefined) throw new Cancelled();
  const valueBytes = encoded('value', encoders.value, value);
  const key = await askField(prompter, `Produce to ${topic}: key (empty for none)`, encoders.key, { value: '', emptyIsNone: true });
  if (key === undefined) throw new Cancelled();
  const keyBytes = key === '' ? null : encoded('key', encoders.key, key);
  await produce(await store.session(connection), topic, [{ key: keyBytes, value: valueBytes }]);
  const encodings = [encoders.value && `value: ${encoders.value.encoding}`, encoders.key && key !== '' && `key: ${encoders.key.encoding}`].filter(Boolean);
  void vscode.window.showInformationMessage(`Produced one event to ${topic}${encodings.length > 0 ? ` (${encodings.join('; ')})` : ''}.`);
}

/** One input box; with an encoder, the box says what it takes and how it is encoded, and checks each keystroke's text. */
function askField(prompter: Prompter, title: string, encoder: FieldEncoder | undefined, options: { value: string; emptyIsNone?: boolean }): Promise<string | undefined> {
  const { value, emptyIsNone } = options;
  if (!encoder) return prompter.input({ title, value });
  return prompter.input({
    title,
    value,
    prompt: `${encoder.input}, encoded as ${encoder.encoding}`,
    placeHolder: encoder.input,
    // An empty key means "no key", which needs no encoding.
    validateInput: (text) => (emptyIsNone && text === '' ? undefined : encodingProblem(encoder, text)),
  });
}

/** The text as the topic's format writes it, or as typed when the topic has none. */
function encoded(role: 'key' | 'value', encoder: FieldEncoder | undefined, text: string): string | Buffer {
  return encoder ? encodeOrRefuse(role, encoder, text) : text;
}

export const produceTestEventCommands = commandEntries({ id: 'eventBroker.produceTestEvent', fromSelection: [TopicNode], run: produceTestEventCommand });
