// Telephone keypad letters (E.161), apart from libphonenumber so that the inventory query
// schema, which the browser loads too, does not bring phone metadata with it.

const KEYPAD: Record<string, string> = {};
for (const [digit, letters] of Object.entries({
  2: "ABC",
  3: "DEF",
  4: "GHI",
  5: "JKL",
  6: "MNO",
  7: "PQRS",
  8: "TUV",
  9: "WXYZ",
})) {
  for (const letter of letters) KEYPAD[letter] = digit;
}

/**
 * Letters become the digit they share a telephone keypad key with (E.161): "CALL" → "2255".
 * Digits stay. Anything else (spaces, dashes, dots, parentheses, "+") is dropped, so
 * "1-800-FLOWERS" → "18003569377"; callers that must reject such input check it first.
 */
export function keypadToDigits(text: string): string {
  let digits = "";
  for (const char of text) {
    if (char >= "0" && char <= "9") digits += char;
    // Only ASCII letters: "ß".toUpperCase() is "SS", which is no key. `char` is one code
    // point, so the class needs no anchors.
    else if (/[a-zA-Z]/.test(char)) digits += KEYPAD[char.toUpperCase()];
  }
  return digits;
}
