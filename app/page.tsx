import { redirect } from "next/navigation";

import { can } from "@/lib/domain/roles";
import { getPortalAuth, getPortalUser } from "@/lib/server/auth/next-auth-options";

/** The home page is the portal: who may send voids lands on the void tool, anyone else on the history. */
export default async function HomePage() {
  const auth = await getPortalAuth();
  // A person with no company role has only Mi cuenta.
  if (!auth) redirect((await getPortalUser()) ? "/account" : "/login");
  redirect(can(auth, "voids.send") ? "/tools/void-encf" : "/voids");
}
