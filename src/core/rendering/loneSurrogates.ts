// A surrogate without its other half cannot be encoded: written to a terminal, a file or a page it
// becomes U+FFFD, hiding what the string held. Records decoded from valid UTF-8 never hold one, but
// a preview cut in the wrong place, a header name or a message built from other text can. The text
// policies match every surrogate in the same character class as the controls (a class costs the scan
// nothing; a lookaround would) and keep the ones that have their other half beside them.

/** The surrogates, to add to a policy's character class. */
export const SURROGATES = '\\ud800-\\udfff';

/** Whether the surrogate at `at` of `text` is half of a pair (then it is kept as it is). */
export function isPaired(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code <= 0xdbff) {
    const next = text.charCodeAt(at + 1);
    return next >= 0xdc00 && next <= 0xdfff;
  }
  const previous = text.charCodeAt(at - 1);
  return previous >= 0xd800 && previous <= 0xdbff;
}

export function isSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdfff;
}
