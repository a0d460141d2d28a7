import { redirect } from "next/navigation";

import { getPortalAuth } from "@/lib/server/auth/next-auth-options";

/** The home page is the portal: a viewer lands on the history, anyone else on the void tool. */
export default async function HomePage() {
  const auth = await getPortalAuth();
  if (!auth) redirect("/login");
  redirect(auth.role === "viewer" ? "/voids" : "/tools/void-encf");
}
