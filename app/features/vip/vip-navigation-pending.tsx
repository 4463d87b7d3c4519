import { lazy, Suspense } from "react";
import { useNavigation } from "react-router";
import { vipMessages } from "./messages";

// Only a visitor who submits a code or opens the blog sees it: it loads then, not with the page.
const LoadingOverlay = lazy(() => import("~/components/ui/loading-overlay").then((m) => ({ default: m.LoadingOverlay })));

const VIP_PAGES: Record<string, string> = {
  "/early-access-blog": vipMessages.checking,
  "/secret-blog": vipMessages.loadingPosts,
};

/**
 * While a client navigation waits for a VIP page's loader (the server checks the code or the
 * membership), a spinner says so. It shows nothing at any other time, and nothing without JavaScript.
 */
export function VipNavigationPending() {
  const navigation = useNavigation();
  if (navigation.state !== "loading") return null;
  const text = VIP_PAGES[navigation.location.pathname];
  return text ? (
    <Suspense fallback={null}>
      <LoadingOverlay text={text} />
    </Suspense>
  ) : null;
}
