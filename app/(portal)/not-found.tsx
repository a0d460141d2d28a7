import { NotFoundView } from "@/components/shell/not-found-view";
import { getI18n } from "@/lib/portal/i18n";
import { portalPageAuth } from "@/lib/portal/page-auth";

/**
 * An unknown portal path (a catch-all page's notFound()): 404 in the portal's language, inside the
 * portal's layout — its navigation for a person in the portal, the plain frame for anyone else.
 */
export default async function PortalNotFound() {
  // The language first: reading the cookies is what makes this page per request.
  const { t } = await getI18n();
  const auth = await portalPageAuth();
  return (
    <NotFoundView
      t={t.notFound}
      signedIn={auth !== null}
      helpLabel={t.help.nav}
      signInLabel={t.login.title}
    />
  );
}
