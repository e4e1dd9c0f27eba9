// /numbers/{number_id} – a number's rules in plain words, the one answering, and the week at a glance
import "server-only";
import type { Metadata } from "next";
import { NumberDetail } from "@/components/rules/number-detail";
import { requirePortalUser } from "@/lib/auth/portal-session";
import { lifecycleRefusal, rulesRefusal } from "@/lib/auth/portal-permissions";
import { getEnv } from "@/lib/env";
import { readsEveryOrganization } from "@/lib/auth/organization-filter";

type Props = {
  params: Promise<{ number_id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const metadata: Metadata = { title: "Number" };

export default async function NumberPage({ params, searchParams }: Props) {
  const user = await requirePortalUser();
  const numberId = decodeURIComponent((await params).number_id);
  const at = (await searchParams).at;
  return (
    <NumberDetail
      numberId={numberId}
      atParam={typeof at === "string" ? at : null}
      showOrganization={readsEveryOrganization(user)}
      lifecycleRefusal={lifecycleRefusal(user.role)}
      rulesRefusal={rulesRefusal(user.role)}
      agingDays={getEnv().RELEASE_AGING_DAYS}
    />
  );
}
