"use client";
import dynamic from "next/dynamic";
import { useQueryClient } from "@tanstack/react-query";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { apiFetch } from "@/lib/hooks/api-fetch";
import { queryKeys } from "@/lib/hooks/query-keys";
import { useEditableConfiguration } from "@/lib/hooks/use-configuration";
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
  if (editable.isPending) return <LoadingState label="Opening the editor…" />;
  if (editable.isError)
    return (
      <ErrorState
        error={editable.error}
        onRetry={() => editable.refetch()}
        title="The rules could not be opened for editing"
      />
    );
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
    <RuleEditor
      key={editable.data.etag === "" ? "x" : numberId}
      configuration={editable.data.configuration}
      etag={editable.data.etag}
      onClose={onClose}
      onReload={reload}
    />
  );
}
