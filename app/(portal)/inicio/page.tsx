import type { Metadata } from "next";

import { HomeView } from "@/components/home/home-view";
import { getAccount } from "@/lib/server/accounts";
import { loadHome } from "@/lib/portal/home";
import { homeView } from "@/lib/portal/home-view";
import { getI18n } from "@/lib/portal/i18n";
import { requirePageAuth } from "@/lib/portal/page-auth";
import { pageTitle } from "@/lib/portal/page-title";

export async function generateMetadata(): Promise<Metadata> {
  return pageTitle((t) => t.home.title);
}

/** Inicio: the first page after sign-in, for the company and environment the header shows. */
export default async function HomePage() {
  const auth = await requirePageAuth();
  const { t, locale, environment } = await getI18n();
  const [data, account] = await Promise.all([loadHome(auth, environment), getAccount(auth.accountId)]);
  const view = homeView(data, t, locale, { environment, company: account?.name || auth.rnc });
  return <HomeView view={view} t={t.home} />;
}
