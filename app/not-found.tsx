import { NotFoundView } from "@/components/shell/not-found-view";
import { PublicFrame } from "@/components/shell/public-frame";
import { getI18n } from "@/lib/portal/i18n";
import { portalPageAuth } from "@/lib/portal/page-auth";

/**
 * An unknown path below a page outside the portal's layouts (/login/x, /setup/x, /docs/x): the
 * portal's 404 page in its language, in the plain frame. Unknown first segments never come here:
 * they belong to the API (app/[environment]/[...rest], JSON 404).
 */
export default async function RootNotFound() {
  const { t, locale } = await getI18n();
  const auth = await portalPageAuth();
  return (
    <PublicFrame appName={t.common.appName} locale={locale} languageLabel={t.common.language}>
      <NotFoundView
        t={t.notFound}
        signedIn={auth !== null}
        helpLabel={t.help.nav}
        signInLabel={t.login.title}
      />
    </PublicFrame>
  );
}
