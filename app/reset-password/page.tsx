// /reset-password?token=… – the link of the password reset email (docs/CONTRACT.md §15)
import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { ResetPasswordForm } from "@/components/auth/account-forms";

export const metadata: Metadata = { title: "Set a new password" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ResetPasswordPage({ searchParams }: Props) {
  const token = (await searchParams).token;
  return (
    <AuthCard title="Set a new password" intro="Setting it signs you out everywhere you are signed in.">
      {typeof token === "string" && token !== "" ? (
        <ResetPasswordForm token={token} />
      ) : (
        <div className="notice notice--error" role="alert">
          This page needs the whole link from the email.{" "}
          <Link href="/forgot-password">Ask for a new link</Link>
        </div>
      )}
    </AuthCard>
  );
}
