// Shared by the lifecycle*.test.ts files (release and restore through the API): a number's
// configuration read with its ETag, and DELETE, restore and PUT as a test token sends them.
import { api, get } from "@/tests/api-client";
import type { TestTokenName } from "@/tests/fixtures";
import type { NumberConfiguration } from "@/lib/schemas/numbers/responses";

export type One = { data: NumberConfiguration };

export async function read(numberId: string, token: TestTokenName = "acmeAll") {
  const response = await get<One>(`/numbers/${numberId}`, { token });
  return { configuration: response.body.data, etag: response.headers.get("etag") as string };
}
export const release = (
  numberId: string,
  ifMatch: string | undefined,
  query = "",
  token: TestTokenName = "acmeAll",
) =>
  api<One>("DELETE", `/numbers/${numberId}${query}`, {
    token,
    headers: ifMatch === undefined ? {} : { "if-match": ifMatch },
  });
export const restore = (numberId: string, token: TestTokenName = "acmeAll") =>
  api<One>("POST", `/numbers/${numberId}/restore`, { token });
export const put = (numberId: string, body: unknown, ifMatch: string) =>
  api<One>("PUT", `/numbers/${numberId}`, { token: "acmeAll", body, headers: { "if-match": ifMatch } });
