// /sign-up – a new organization with you as its owner (docs/CONTRACT.md §15)
import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { SignUpForm } from "@/components/auth/account-forms";

export const metadata: Metadata = { title: "Sign up" };

export default function SignUpPage() {
  return (
    <AuthCard
      title="Create an account"
      intro="A new organization, with you as its owner. We will send you an email to confirm your address."
    >
      <SignUpForm />
    </AuthCard>
  );
}
