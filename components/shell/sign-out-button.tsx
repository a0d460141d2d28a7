"use client";

import { signOut } from "next-auth/react";

export function SignOutButton({ label }: { label: string }) {
  return (
    <button
      type="button"
      className="btn btn-secondary btn-small"
      data-testid="sign-out"
      onClick={() => void signOut({ callbackUrl: "/login" })}
    >
      {label}
    </button>
  );
}
