"use client";
import dynamic from "next/dynamic";
import { useQueryClient } from "@tanstack/react-query";
import { QueryState } from "@/components/ui/query-state";
import { LoadingState } from "@/components/ui/states";
import { apiFetch } from "@/components/hooks/api-fetch";
import { queryKeys } from "@/components/hooks/query-keys";
import { useEditableConfiguration } from "@/components/hooks/use-configuration";
import type { numberConfigurationResponseSchema } from "@/lib/schemas/numbers/responses";

// The editor loads on demand: it carries the validator (zod, libphonenumber's metadata), which
// people who only read a number's rules never need.
const RuleEditor = dynamic(
  () => import("@/components/rules/editor/rule-editor").then((module) => module.RuleEditor),
  {
    loading: () => <LoadingState label="Opening the editor…" />,
    ssr: false,
  },
);

export function EditorLoader({ numberId, onClose }: { numberId: string; onClose: () => void }) {
  const editable = useEditableConfiguration(numberId, true);
  const client = useQueryClient();
  const reload = async () => {
    const { data, headers } = await apiFetch<typeof numberConfigurationResponseSchema>(
      `/numbers/${encodeURIComponent(numberId)}`,
    );
    const fresh = { configuration: data.data, etag: headers.get("etag") ?? "" };
    client.setQueryData(queryKeys.numbers.editable(numberId), fresh);
    void client.invalidateQueries({ queryKey: queryKeys.numbers.detail(numberId) });
    return fresh;
  };
  return (
    <QueryState
      query={editable}
      loading="Opening the editor…"
      errorTitle="The rules could not be opened for editing"
    >
      {(data) => (
        <RuleEditor
          key={data.etag === "" ? "x" : numberId}
          configuration={data.configuration}
          etag={data.etag}
          onClose={onClose}
          onReload={reload}
        />
      )}
    </QueryState>
  );
}
