/** The error body of docs/CONTRACT.md §3, for tests that assert a whole answer. */
export const errorBody = (status: string, code: string, message: string, details: string) => ({
  message: status,
  error: { message, details, code },
});
