import { describe, expect, it } from "vitest";
import { codeSamples, pythonLiteral, sampleUrl, type SampleOperation } from "@/components/docs/code-samples";

// The code samples on /docs: what a reader copies must be a request the API takes.
const base = "https://numbers.example/api/v2";
const countries: SampleOperation = {
  method: "get",
  path: "/countries",
  pathExamples: {},
  queryExamples: [],
  bearer: true,
};
const order: SampleOperation = {
  method: "post",
  path: "/order",
  pathExamples: {},
  queryExamples: [],
  jsonBody: { contact_name: "Ada Lovelace", items: [{ country: "US", quantity: 2 }], rush: false },
  bearer: true,
};

const sample = (operation: SampleOperation, language: string) =>
  codeSamples(base, operation).find((candidate) => candidate.language === language)!.code;

describe("code samples", () => {
  it("fills path parameters with their examples, leaves the others named, and adds required query examples", () => {
    expect(
      sampleUrl(base, {
        ...countries,
        path: "/regions/{country}/{region_id}",
        pathExamples: { country: "US" },
        queryExamples: [["type", "local"]],
      }),
    ).toBe("https://numbers.example/api/v2/regions/US/{region_id}?type=local");
  });

  it("writes curl, JavaScript and Python for a GET with a token", () => {
    expect(codeSamples(base, countries).map((candidate) => candidate.language)).toEqual([
      "curl",
      "JavaScript",
      "Python",
    ]);
    expect(sample(countries, "curl")).toBe(
      `curl 'https://numbers.example/api/v2/countries' \\\n  --header "Authorization: Bearer $NUMBERS_API_TOKEN"`,
    );
    expect(sample(countries, "JavaScript")).toBe(
      [
        'const response = await fetch("https://numbers.example/api/v2/countries", {',
        "  headers: {",
        "    Authorization: `Bearer ${process.env.NUMBERS_API_TOKEN}`,",
        "  },",
        "});",
        "console.log(response.status, await response.text());",
      ].join("\n"),
    );
    expect(sample(countries, "Python")).toContain(
      `requests.get(\n    "https://numbers.example/api/v2/countries",\n    headers={"Authorization": f"Bearer {os.environ['NUMBERS_API_TOKEN']}"},\n)`,
    );
  });

  it("sends the operation's example as the JSON body", () => {
    const curl = sample(order, "curl");
    expect(curl).toContain("--request POST");
    expect(curl).toContain("--header 'Content-Type: application/json'");
    expect(JSON.parse(curl.slice(curl.indexOf("--data '") + 8, curl.lastIndexOf("'")))).toEqual(
      order.jsonBody,
    );
    expect(sample(order, "JavaScript")).toContain('method: "POST"');
    expect(sample(order, "Python")).toContain('"rush": False');
  });

  it("quotes a single quote inside curl's body for the shell", () => {
    const curl = sample({ ...order, jsonBody: { contact_name: "O'Brien" } }, "curl");
    expect(curl).toContain(`"contact_name": "O'\\''Brien"`);
  });

  it("uses the session cookie, and the portal's origin for a write, where only a portal session may call", () => {
    const tokens: SampleOperation = { ...order, path: "/tokens", jsonBody: { name: "ci" }, bearer: false };
    const curl = sample(tokens, "curl");
    expect(curl).toContain(`--cookie "next-auth.session-token=<your portal session>"`);
    expect(curl).toContain("--header 'Origin: https://numbers.example'");
    expect(curl).not.toContain("Authorization");
    expect(sample(tokens, "JavaScript")).toContain(`credentials: "same-origin"`);
  });

  it("sends a form's fields and its file as multipart", () => {
    const upload: SampleOperation = {
      ...countries,
      method: "post",
      path: "/documents",
      formFields: [
        { name: "document_type_id", file: false, example: "passport" },
        { name: "file", file: true },
      ],
    };
    expect(sample(upload, "curl")).toContain(
      "--form 'document_type_id=passport' \\\n  --form 'file=@file.pdf'",
    );
    expect(sample(upload, "JavaScript")).toContain('form.append("file", fileInput.files[0]);');
    expect(sample(upload, "Python")).toContain('files={"file": open("file.pdf", "rb")}');
  });

  it("writes JSON as Python, True/False/None only outside strings", () => {
    expect(pythonLiteral({ a: "true", b: true, c: null, d: [1, "x"], e: {} }, "")).toBe(
      '{\n    "a": "true",\n    "b": True,\n    "c": None,\n    "d": [\n        1,\n        "x",\n    ],\n    "e": {},\n}',
    );
  });
});
