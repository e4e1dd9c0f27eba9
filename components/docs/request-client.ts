// Scalar's request client ("try it") for /docs, loaded when a reader asks for it: its script
// (Vue, the client, its editors) is a chunk of its own that no page loads at first. Each tag's
// page gives it that tag's OpenAPI document (lib/api/openapi-tags.ts), not the whole API's.
// As the full reference was set up: requests go to this origin (so they carry the signed-in
// session's cookie), bearerAuth is the scheme a pasted token goes in, curl is the first code
// sample, nothing is fetched from elsewhere (no proxy, no fonts: the CSP allows none).
import { createApiClientModal, type ApiClientModal } from "@scalar/api-client/v2/features/modal";
import { getServers } from "@scalar/api-client/v2/helpers";
import { createWorkspaceStore } from "@scalar/workspace-store/client";
import { createWorkspaceEventBus } from "@scalar/workspace-store/events";
import "@scalar/api-client/style.css";
import "@/components/docs/request-client.css";

// Vue's feature flags, which its bundler build reads from the global object (as Scalar's own
// React wrapper sets them).
Object.assign(globalThis, {
  __VUE_OPTIONS_API__: true,
  __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: false,
  __VUE_PROD_DEVTOOLS__: false,
});

// Code samples in the three languages API users ask for: curl, JavaScript and Python.
const hiddenClients = {
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
};

// With no token pasted, the client still sends "Bearer " and nothing else, which the API
// refuses as a malformed header: drop it, so the signed-in session's cookie is used.
const dropEmptyBearer = {
  hooks: {
    beforeRequest: (payload: { request: Request }) => {
      if (/^bearer\s*$/i.test(payload.request.headers.get("Authorization") ?? ""))
        payload.request.headers.delete("Authorization");
      return payload;
    },
  },
};

const clients = new Map<string, Promise<ApiClientModal>>();

async function createClient(documentUrl: string): Promise<ApiClientModal> {
  const response = await fetch(documentUrl);
  if (!response.ok) throw new Error(`${documentUrl} answered ${response.status}`);
  const document = (await response.json()) as { servers?: Array<{ url: string }> };
  const name = new URL(documentUrl, window.location.href).pathname;
  const workspaceStore = createWorkspaceStore();
  if (!(await workspaceStore.addDocument({ name, document })))
    throw new Error(`${documentUrl} could not be read`);
  workspaceStore.update("x-scalar-active-document", name);
  workspaceStore.update("x-scalar-default-client", "shell/curl");
  workspaceStore.update("x-scalar-color-mode", "light");
  const baseServerURL = window.location.origin;
  const [server] = getServers(workspaceStore.workspace.documents[name]?.servers, {
    baseServerUrl: baseServerURL,
  });
  if (server) workspaceStore.updateDocument(name, "x-scalar-selected-server", server.url);

  const eventBus = createWorkspaceEventBus();
  const element = window.document.createElement("div");
  // Scalar's styles apply inside a .scalar-app and take their colours from .light-mode on the body,
  // as the full reference had them.
  element.className = "scalar-app request-client";
  window.document.body.append(element);
  window.document.body.classList.add("light-mode");
  const client = createApiClientModal({
    el: element,
    eventBus,
    workspaceStore,
    plugins: [dropEmptyBearer],
    options: {
      baseServerURL,
      hiddenClients,
      authentication: { preferredSecurityScheme: "bearerAuth" },
    },
  });
  // A pasted token goes to bearerAuth (the full reference chose it from the same setting).
  eventBus.emit("auth:update:selected-security-schemes", {
    selectedRequirements: [{ bearerAuth: [] }],
    newSchemes: [],
    meta: { type: "document" },
  });
  return client;
}

/** Opens the request client on one operation of the tag whose document is at `documentUrl`. */
export async function openRequestClient({
  documentUrl,
  method,
  path,
}: {
  documentUrl: string;
  method: string;
  path: string;
}): Promise<void> {
  let client = clients.get(documentUrl);
  if (!client) {
    client = createClient(documentUrl);
    clients.set(documentUrl, client);
    // A failure (the network, say) is not kept: the next click tries again.
    client.catch(() => clients.delete(documentUrl));
  }
  (await client).open({ path, method: method.toLowerCase() as "get" });
}
