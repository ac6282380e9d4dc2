// The records viewer's policy for text the page shows. The page sets every string with
// `textContent`, so no text becomes markup; what text can still do is read differently from what it
// is. Bidirectional embeddings, overrides and isolates reorder what is around them (a value can
// show "txt.exe" for "exe.txt"), and a surrogate without its other half shows as nothing or U+FFFD.
// Both become visible escapes here, in the extension host, before the text crosses to the page: the
// page never has to know. Inside JSON text the escape reads as the same character.
import { headIsText, sliceText } from './decode';
import { isPaired, isSurrogate, SURROGATES } from './loneSurrogates';

const MISLEADING = new RegExp(`[\\u202a-\\u202e\\u2066-\\u2069${SURROGATES}]`, 'g');
// A one-line cell also turns line breaks, other C0/C1 controls and the Unicode separators into spaces.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const BREAKS_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

const visibleEscape = (ch: string, at: number, text: string): string => {
  const code = ch.charCodeAt(0);
  return isSurrogate(code) && isPaired(text, at) ? ch : `\\u${code.toString(16).padStart(4, '0')}`;
};

/** Text for the page: bidi controls and lone surrogates shown as `\u202e`, `\ud800`; everything else as it is. */
export function webviewText(text: string): string {
  return text.replace(MISLEADING, visibleEscape);
}

/** Text for a one-line cell: webviewText, and line breaks and other control characters as spaces. */
export function webviewLine(text: string): string {
  return webviewText(text.replace(BREAKS_LINE, ' '));
}

const PREVIEW_CHARS = 200;
const PREVIEW_BYTES = 32;

/**
 * A cell's preview of a key or value: the start of the text as one line, or hex of the first bytes
 * when they are not UTF-8 text.
 */
export function cellPreview(bytes: Buffer | null): { text: string; binary: boolean } {
  if (bytes === null) return { text: '', binary: false };
  // Only the start is decoded (up to 4 bytes a character), so a 6 MiB value costs what a short one does.
  const head = bytes.subarray(0, PREVIEW_CHARS * 4);
  if (headIsText(head, bytes)) {
    const decoded = head.toString('utf8');
    const text = sliceText(decoded, PREVIEW_CHARS);
    const cut = bytes.length > head.length || decoded.length >= PREVIEW_CHARS;
    return { text: cut ? `${webviewLine(text)}…` : webviewLine(text), binary: false };
  }
  return { text: hexPreview(bytes), binary: true };
}

/** Hex of the first bytes, for a cell (the bytes of a value that is binary, or that did not read with its format). */
export function hexPreview(bytes: Buffer): string {
  const hex = bytes.subarray(0, PREVIEW_BYTES).toString('hex').replace(/(..)(?!$)/g, '$1 ');
  return bytes.length > PREVIEW_BYTES ? `${hex} …` : hex;
}

/**
 * A cell's preview of text that is already one line of JSON (a decoded value): the first
 * PREVIEW_CHARS characters under the cell's policy.
 */
export function textPreview(text: string): string {
  const cut = sliceText(text, PREVIEW_CHARS);
  return cut.length < text.length ? `${webviewLine(cut)}…` : webviewLine(cut);
}
