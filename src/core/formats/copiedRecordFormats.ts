// What a plan says when records are copied to another topic as their bytes ("Produce these records
// to…" in the records viewer) while record formats are set: nothing is re-encoded, so wire-format
// keys and values keep their schema ids (the target's readers need the same registry), and a target
// read with another format than the source is named as a warning. Copying bytes is the point: a
// re-encode could change what the records hold, and the source's schema is what wrote them.
import { looksLikeWireFormat } from './wireFormat';

/** How many of these fields are in the Confluent wire format, and under which schema ids (ascending). */
export function wireFormatIds(fields: Iterable<Buffer | null>): { count: number; ids: number[] } {
  let count = 0;
  const ids = new Set<number>();
  for (const field of fields) {
    if (field === null || !looksLikeWireFormat(field)) continue;
    count++;
    ids.add(field.readUInt32BE(1));
  }
  return { count, ids: [...ids].sort((a, b) => a - b) };
}

export interface CopiedFormats {
  source: string;
  target: string;
  /** How each topic is read ("value: avro (order.avsc)"), undefined for plain text-or-bytes. */
  sourceFormats: string | undefined;
  targetFormats: string | undefined;
  keys: { count: number; ids: number[] };
  values: { count: number; ids: number[] };
}

/** The plan's lines about formats; none when neither topic has one (the plan then reads as it always did). */
export function copiedFormatsLines(copied: CopiedFormats): string[] {
  const { source, target, sourceFormats, targetFormats } = copied;
  if (sourceFormats === undefined && targetFormats === undefined) return [];
  const lines = [`Keys and values are copied as their bytes, not re-encoded${sourceFormats === undefined ? '' : ` (${source} is read as ${sourceFormats})`}.`];
  for (const [what, found] of [['value', copied.values], ['key', copied.keys]] as const) {
    if (found.count === 0) continue;
    const many = found.count === 1 ? `1 ${what} is` : `${found.count} ${what}s are`;
    lines.push(`${many} in the Confluent wire format and keep${found.count === 1 ? 's' : ''} ${idsText(found.ids)}: readers of ${target} need the same schema registry.`);
  }
  if (targetFormats !== sourceFormats) {
    const plain = 'plain text or bytes';
    lines.push(`Warning: ${target} is read as ${targetFormats ?? plain}, not as ${source} is (${sourceFormats ?? plain}): the copies may not read there as they do here.`);
  }
  return lines;
}

const IDS_SHOWN = 5;

function idsText(ids: number[]): string {
  if (ids.length === 1) return `schema id ${ids[0]}`;
  const shown = ids.slice(0, IDS_SHOWN).join(', ');
  return `schema ids ${shown}${ids.length > IDS_SHOWN ? `, … (${ids.length} in all)` : ''}`;
}
