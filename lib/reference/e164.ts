// The one E.164 pattern, for schemas, the server's phone checks and the browser's formatter.

/** "+", a country code that does not start with 0, 8 to 15 digits in all. */
export const E164_PATTERN = /^\+[1-9]\d{7,14}$/;
