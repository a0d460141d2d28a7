/** An unknown path under Mi cuenta: the portal's 404 page, inside Mi cuenta's frame. */
export { default } from "../(portal)/not-found";
