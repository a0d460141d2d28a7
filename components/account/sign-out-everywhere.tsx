"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";

import { Button } from "@/components/ui/button";
import type { Dictionary } from "@/lib/i18n";
import { endOwnSessionsAction } from "@/lib/portal/actions/account-actions";

/** Ends every session and token of the person (this one too), then the sign-in page says so. */
export function SignOutEverywhere({ t }: { t: Dictionary["account"]["sessions"] }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <div className="stack">
      <p className="muted">{t.intro}</p>
      <div>
        <Button
          type="button"
          variant="danger"
          disabled={pending}
          data-testid="sign-out-everywhere"
          onClick={() =>
            startTransition(async () => {
              await endOwnSessionsAction();
              router.replace("/login?notice=signedOutEverywhere");
            })
          }
        >
          {t.signOutEverywhere}
        </Button>
      </div>
    </div>
  );
}
