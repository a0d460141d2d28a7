import { redirect } from "next/navigation";

import { can } from "@/lib/domain/roles";
import { getPortalAuth, getPortalUser } from "@/lib/server/auth/next-auth-options";
import { isSetupOpen } from "@/lib/server/setup/first-run";

/** The home page is the portal: who may send voids lands on the void tool, anyone else on the history. */
export default async function HomePage() {
  const auth = await getPortalAuth();
  // A person with no company role has only Mi cuenta.
  // Nobody signed in: the sign-in page, or the first run while the deployment has no user at all.
  if (!auth) redirect((await getPortalUser()) ? "/account" : (await isSetupOpen()) ? "/setup" : "/login");
  redirect(can(auth, "voids.send") ? "/tools/void-encf" : "/voids");
}
