/** Why an offset past 2^53 − 1 in a file is refused: JavaScript's numbers (and JSON.parse) round it. */
export const BEYOND_EXACT = 'above 2^53 − 1 (9,007,199,254,740,991), the largest offset this tool reads exactly.';
