import { useNavigation } from "react-router";
import { LoadingOverlay } from "~/components/ui/loading-overlay";
import { vipMessages } from "./messages";

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
  return text ? <LoadingOverlay text={text} /> : null;
}
