"use client";

import { signOut } from "next-auth/react";

import { Button } from "@/components/ui/button";

export function SignOutButton({ label }: { label: string }) {
  return (
    <Button
      variant="secondary"
      size="small"
      data-testid="sign-out"
      onClick={() => void signOut({ callbackUrl: "/login" })}
    >
      {label}
    </Button>
  );
}
