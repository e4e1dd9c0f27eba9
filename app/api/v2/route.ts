// /api/v2 itself – 404 in the API's error body (the catch-all needs at least one segment)
export { GET, POST, PUT, PATCH, DELETE, OPTIONS } from "./[...path]/route";
