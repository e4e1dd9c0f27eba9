// Shared by the change-configuration*.test.ts files: PUT with an optional If-Match, a read that
// answers the configuration with its ETag, and a configuration to send.
import { expect } from "vitest";
import { api, get } from "@/tests/api-client";
import type { TestTokenName } from "@/tests/fixtures";
import type { NumberConfiguration } from "@/lib/schemas/numbers/responses";

export type One = { data: NumberConfiguration };
export const put = (path: string, token: TestTokenName, body: unknown, ifMatch?: string) =>
  api<One>("PUT", path, { token, body, headers: ifMatch === undefined ? {} : { "if-match": ifMatch } });

export async function read(numberId: string, token: TestTokenName = "acmeAll") {
  const response = await get<One>(`/numbers/${numberId}`, { token });
  expect(response.status).toBe(200);
  return { configuration: response.body.data, etag: response.headers.get("etag") as string };
}

export const officeHours = {
  name: "Main line",
  rules: [
    {
      target_id: null,
      name: "Office hours",
      priority: 1,
      disabled: false,
      activations: [
        {
          start: 0,
          stop: null,
          days: ["mon", "tue", "wed", "thu", "fri"],
          start_time: "09:00",
          stop_time: "17:00",
          time_zone: "Europe/London",
        },
      ],
      action: {
        type: "dial",
        destination: "+12125550100",
        timeout_sec: 25,
        caller_id: "caller_number",
        tags: { team: "front desk" },
      },
    },
    {
      target_id: null,
      name: "Otherwise voicemail",
      priority: 2,
      disabled: false,
      activations: [],
      action: { type: "voicemail", tags: {} },
    },
  ],
};
