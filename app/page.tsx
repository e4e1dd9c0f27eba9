// / – signed in: the inventory; otherwise the sign-in page (docs/CONTRACT.md §10).
import "server-only";
import { redirect } from "next/navigation";
import { getPortalUser } from "@/lib/auth/portal-session";

export default async function HomePage(): Promise<never> {
  redirect((await getPortalUser()) ? "/inventory" : "/sign-in");
}
