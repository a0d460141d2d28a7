import { redirect } from "next/navigation";

import { getPortalAuth, getPortalUser } from "@/lib/server/auth/next-auth-options";
import { isSetupOpen } from "@/lib/server/setup/first-run";

/** The home page is the portal's Inicio: what needs doing in the company and environment. */
export default async function RootPage() {
  const auth = await getPortalAuth();
  // A person with no company role has only Mi cuenta.
  // Nobody signed in: the sign-in page, or the first run while the deployment has no user at all.
  if (!auth) redirect((await getPortalUser()) ? "/account" : (await isSetupOpen()) ? "/setup" : "/login");
  redirect("/inicio");
}
