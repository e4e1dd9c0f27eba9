// /forgot-password – ask for a link to set a new password (docs/CONTRACT.md §15)
import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { ForgotPasswordForm } from "@/components/auth/account-forms";

export const metadata: Metadata = { title: "Forgot your password" };

export default function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Forgot your password?"
      intro="We will email you a link to set a new one. It works once, within an hour."
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
