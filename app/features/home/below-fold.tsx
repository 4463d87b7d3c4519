import { ExploreTabs } from "./explore-tabs";
import { AppAndVipSection, ClosingCta, ProfessionalsSection, TestimonialsSection } from "./more-sections";

/** Everything on the home page below the hero (its own chunk: see DeferredBelowFold). */
export default function BelowFold() {
  return (
    <>
      <ExploreTabs />
      <ProfessionalsSection />
      <AppAndVipSection now={new Date()} />
      <TestimonialsSection />
      <ClosingCta />
    </>
  );
}
