import { notFound } from "next/navigation";

/**
 * An unknown path below a portal page stays the portal's 404 page: without this, the API's catch-all
 * (app/[environment]/[...rest]) would answer it in JSON.
 */
export default function UnknownPortalPath(): never {
  notFound();
}
