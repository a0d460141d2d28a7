"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";

/**
 * While `active` (unsent lines in the editor), leaving asks first: closing or reloading the tab
 * (the browser's own beforeunload prompt, the only one a page cannot replace) and following a link
 * to another page of the portal (menu, history, a warning's link), which Next.js would otherwise
 * navigate to without a page unload: that click waits for `ask` (the portal's confirm dialog) and
 * goes on only on yes. Links opening a new tab, downloads and links back to the tool itself pass.
 */
export function useLeaveGuard(active: boolean, ask: () => Promise<boolean>): void {
  const router = useRouter();
  // The latest question without re-subscribing the listeners on every render.
  const askRef = useRef(ask);
  useEffect(() => {
    askRef.current = ask;
  });
  useEffect(() => {
    if (!active) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = "";
    };
    const click = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]");
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if (anchor.target === "_blank" || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin === window.location.origin && url.pathname === window.location.pathname) return;
      event.preventDefault();
      event.stopPropagation();
      void askRef.current().then((yes) => {
        if (!yes) return;
        if (url.origin === window.location.origin) router.push(`${url.pathname}${url.search}${url.hash}`);
        else window.location.assign(url.href);
      });
    };
    window.addEventListener("beforeunload", beforeUnload);
    document.addEventListener("click", click, true);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", click, true);
    };
  }, [active, router]);
}
