"use client";
// Scalar's API reference, bundled from npm. Nothing is fetched from elsewhere: no default
// fonts (they come from Scalar's CDN), no telemetry, no proxy (requests go to this origin,
// so "try it" carries the signed-in session cookie; a pasted token works through bearerAuth),
// and no "Ask AI" agent (it would upload the document to Scalar's service, which the CSP blocks).
import { useEffect, useMemo, useRef } from "react";
import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";
import "@/components/docs/api-reference.css";

/**
 * Scalar renders its content, and its request client, in <main> elements of their own, inside
 * the portal's <main>: a page must have one main landmark. Its mains become named regions.
 */
function demoteNestedMains(root: HTMLElement): void {
  for (const element of root.querySelectorAll("main")) {
    if (element.getAttribute("role") === null)
      element.setAttribute("role", element.hasAttribute("aria-label") ? "region" : "presentation");
  }
}

export default function ScalarReference({ documentUrl }: { documentUrl: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    demoteNestedMains(root);
    const observer = new MutationObserver(() => demoteNestedMains(root));
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
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
    <div className="api-reference" ref={container}>
      <ApiReferenceReact configuration={configuration} />
    </div>
  );
}
