import { redirect } from "next/navigation";

import { can } from "@/lib/domain/roles";
import { getPortalAuth } from "@/lib/server/auth/next-auth-options";

/** The home page is the portal: who may send voids lands on the void tool, anyone else on the history. */
export default async function HomePage() {
  const auth = await getPortalAuth();
  if (!auth) redirect("/login");
  redirect(can(auth, "voids.send") ? "/tools/void-encf" : "/voids");
}
