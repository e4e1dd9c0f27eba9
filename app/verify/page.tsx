// /verify?token=… – the link of the verification email (docs/CONTRACT.md §15)
import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { VerifyEmail } from "@/components/auth/account-forms";

export const metadata: Metadata = { title: "Verify your email" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function VerifyPage({ searchParams }: Props) {
  const token = (await searchParams).token;
  return (
    <AuthCard title="Verify your email">
      {typeof token === "string" && token !== "" ? (
        <VerifyEmail token={token} />
      ) : (
        <div className="notice notice--error" role="alert">
          This page needs the whole link from the email. Sign in and choose “Send the link again” to get a new
          one. <Link href="/sign-in">Sign in</Link>
        </div>
      )}
    </AuthCard>
  );
}
