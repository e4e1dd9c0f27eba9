"use client";
import { useRouter } from "next/navigation";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { useSignOutEverywhere } from "@/components/hooks/use-security";

/** Ends every session of the person, on every device and this one; then to the sign-in page. */
export function SignOutEverywhere() {
  const signOut = useSignOutEverywhere();
  const router = useRouter();
  return (
    <ConfirmButton
      label="Sign out everywhere"
      confirmLabel="Yes, sign me out on every device, this one too"
      pendingLabel="Signing out…"
      pending={signOut.isPending}
      error={signOut.error}
      onConfirm={() =>
        signOut.mutate(undefined, {
          onSuccess: () => {
            router.replace("/sign-in");
            router.refresh();
          },
        })
      }
    />
  );
}
