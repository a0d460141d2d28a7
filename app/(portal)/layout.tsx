import type { ReactNode } from "react";

import { SignedInShell } from "./signed-in-shell";
import { requirePageAuth } from "@/lib/portal/page-auth";

/**
 * The signed-in portal: navigation, company and environment (both always visible) and language. A
 * person with a forced step (temporary password, second factor their organization requires) or with
 * no company is sent to Mi cuenta (app/(account)) first.
 */
export default async function PortalLayout({ children }: { children: ReactNode }) {
  const auth = await requirePageAuth();
  return <SignedInShell auth={auth}>{children}</SignedInShell>;
}
