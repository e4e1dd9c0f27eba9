"use client";
// Scalar's API reference, bundled from npm. Nothing is fetched from elsewhere: no default
// fonts (they come from Scalar's CDN), no telemetry, no proxy (requests go to this origin,
// so "try it" carries the signed-in session cookie; a pasted token works through bearerAuth),
// and no "Ask AI" agent (it would upload the document to Scalar's service, which the CSP blocks).
import { useMemo } from "react";
import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";
import "@/components/docs/api-reference.css";

// Scalar renders its content, and its request client, in <main> elements of its own, inside
// the page's <main>; a page has one. patches/@scalar+*.patch (applied by patch-package after
// npm install) makes them a named region and a plain <div>, as they are rendered, rather than
// fixing them up in the page afterwards.

export default function ScalarReference({ documentUrl }: { documentUrl: string }) {
  const configuration = useMemo(
    () => ({
      url: documentUrl,
      baseServerURL: window.location.origin,
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      showDeveloperTools: "never" as const,
      showToolbar: "never" as const,
      hideDarkModeToggle: true,
      forceDarkModeState: "light" as const,
      documentDownloadType: "json" as const,
      defaultOpenAllTags: false,
      authentication: { preferredSecurityScheme: "bearerAuth" },
      // With no token pasted, the client still sends "Bearer " and nothing else, which the API
      // refuses as a malformed header: drop it, so the signed-in session's cookie is used.
      onBeforeRequest: ({ request }: { request: Request }) => {
        if (/^bearer\s*$/i.test(request.headers.get("Authorization") ?? ""))
          request.headers.delete("Authorization");
      },
      defaultHttpClient: { targetKey: "shell" as const, clientKey: "curl" },
      // Code samples in the three languages API users ask for: curl, JavaScript and Python.
      hiddenClients: {
        c: true,
        clojure: true,
        csharp: true,
        dart: true,
        fsharp: true,
        go: true,
        http: true,
        java: true,
        kotlin: true,
        node: true,
        objc: true,
        ocaml: true,
        php: true,
        powershell: true,
        r: true,
        ruby: true,
        rust: true,
        swift: true,
        python: ["python3"],
        js: ["axios", "jquery", "xhr"],
        shell: ["httpie", "wget"],
      },
    }),
    [documentUrl],
  );
  return (
    <div className="api-reference">
      <ApiReferenceReact configuration={configuration} />
    </div>
  );
}
