import { Bell, Crown, Menu, ShieldCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { data } from "react-router";
import type { Route } from "./+types/dev.ui";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { describedBy, FieldDescription, FieldError } from "~/components/ui/field-error";
import { HoverCard, HoverCardContent, HoverCardTrigger } from "~/components/ui/hover-card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { LoadingOverlay } from "~/components/ui/loading-overlay";
import { NativeSelect } from "~/components/ui/native-select";
import { Progress } from "~/components/ui/progress";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from "~/components/ui/sheet";
import { Spinner } from "~/components/ui/spinner";
import { Switch } from "~/components/ui/switch";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toast";
import { VisuallyHidden } from "~/components/ui/visually-hidden";

export const meta: Route.MetaFunction = () => [
  { title: "UI kit | FixiT (internal)" },
  { name: "robots", content: "noindex, nofollow" },
];

/** An internal page for looking at the design system; gone in production. */
export function loader({ context }: Route.LoaderArgs) {
  if (context.services.config.isProduction) throw data(null, { status: 404 });
  return null;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`section-${title}`} className="flex flex-col gap-4 border-t border-border pt-8">
      <h2 id={`section-${title}`} className="text-h2">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function UiKitGallery() {
  const [overlayShown, setOverlayShown] = useState(false);
  const [saving, setSaving] = useState(false);

  // The demo overlay lifts itself after a moment so nobody is stuck behind it.
  useEffect(() => {
    if (!overlayShown) return;
    const timer = setTimeout(() => setOverlayShown(false), 5000);
    return () => clearTimeout(timer);
  }, [overlayShown]);

  return (
    <main className="mx-auto flex max-w-5xl flex-col gap-10 px-4 py-10 sm:px-6">
      <header className="flex flex-col gap-3">
        <p className="text-small font-semibold tracking-wide text-primary uppercase">Internal</p>
        <h1 className="text-display">FixiT UI kit</h1>
        <p className="max-w-2xl text-body text-muted-foreground">
          Every design-system primitive on one page. Import each from its own file under{" "}
          <code className="rounded bg-muted px-1 py-0.5 text-small">~/components/ui/</code>.
        </p>
      </header>

      <Section title="Type scale">
        <div className="flex flex-col gap-2">
          <p className="text-display">Display</p>
          <p className="text-h1">Heading 1</p>
          <p className="text-h2">Heading 2</p>
          <p className="text-h3">Heading 3</p>
          <p className="text-h4">Heading 4</p>
          <p className="text-body">Body text for paragraphs: vetted, insured professionals across the UK.</p>
          <p className="text-small text-muted-foreground">Small text for captions and hints.</p>
        </div>
      </Section>

      <Section title="Colours">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {[
            ["Primary", "bg-primary text-primary-foreground"],
            ["Secondary", "bg-secondary text-secondary-foreground"],
            ["Accent", "bg-accent text-accent-foreground"],
            ["Muted", "bg-muted text-muted-foreground"],
            ["Success", "bg-success text-success-foreground"],
            ["Warning", "bg-warning text-warning-foreground"],
            ["Destructive", "bg-destructive text-destructive-foreground"],
            ["Card", "bg-card text-card-foreground border border-border"],
          ].map(([name, classes]) => (
            <li key={name} className={`flex h-20 items-end rounded-lg p-3 text-small font-semibold shadow-card ${classes}`}>
              {name}
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Buttons">
        <div className="flex flex-wrap gap-3">
          <Button>Default</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="outline">Outline</Button>
          <Button variant="ghost">Ghost</Button>
          <Button variant="link">Link</Button>
          <Button variant="destructive">Destructive</Button>
          <Button variant="accent">
            <Crown aria-hidden="true" />
            Join VIP
          </Button>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button size="sm">Small</Button>
          <Button>Default</Button>
          <Button size="lg">Large</Button>
          <Button size="icon" variant="outline" aria-label="Notifications">
            <Bell aria-hidden="true" />
          </Button>
          <Button loading={saving} onClick={() => setSaving(true)}>
            {saving ? "Saving..." : "Save (loading)"}
          </Button>
          {saving ? (
            <Button variant="ghost" onClick={() => setSaving(false)}>
              Reset
            </Button>
          ) : null}
          <Button asChild variant="outline">
            <a href="#section-Forms">Link as button</a>
          </Button>
          <Button disabled>Disabled</Button>
        </div>
      </Section>

      <Section title="Badges">
        <div className="flex flex-wrap gap-2">
          <Badge>Default</Badge>
          <Badge variant="secondary">Secondary</Badge>
          <Badge variant="outline">Outline</Badge>
          <Badge variant="accent">VIP</Badge>
          <Badge variant="success">
            <ShieldCheck aria-hidden="true" />
            Verified
          </Badge>
          <Badge variant="warning">Pending</Badge>
          <Badge variant="destructive">Rejected</Badge>
        </div>
      </Section>

      <Section title="Forms">
        <form className="grid gap-5 sm:grid-cols-2" onSubmit={(event) => event.preventDefault()}>
          <div className="flex flex-col gap-2">
            <Label htmlFor="demo-name">Full name</Label>
            <Input id="demo-name" name="name" autoComplete="name" placeholder="Jane Smith" />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="demo-email">Email</Label>
            <Input
              id="demo-email"
              name="email"
              type="email"
              defaultValue="not-an-email"
              aria-invalid="true"
              aria-describedby={describedBy("demo-email", { hasDescription: true, hasError: true })}
            />
            <FieldDescription fieldId="demo-email">We only use this to reply.</FieldDescription>
            <FieldError fieldId="demo-email" errors={["Please enter a valid email address"]} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="demo-service">Service (native select)</Label>
            <NativeSelect id="demo-service" name="service" defaultValue="">
              <option value="" disabled>
                Choose a service
              </option>
              <option value="plumbing">Plumbing</option>
              <option value="electrical">Electrical</option>
              <option value="cleaning">Cleaning</option>
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="demo-urgency">Urgency (Radix select)</Label>
            <Select name="urgency">
              <SelectTrigger id="demo-urgency">
                <SelectValue placeholder="How soon?" />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="today">Today</SelectItem>
                <SelectItem value="week">This week</SelectItem>
                <SelectItem value="flexible">I&apos;m flexible</SelectItem>
              </SelectContent>
            </Select>
          </div>
          <div className="flex flex-col gap-2 sm:col-span-2">
            <Label htmlFor="demo-message">Message</Label>
            <Textarea id="demo-message" name="message" placeholder="Tell us about the job" />
          </div>
          <div className="flex items-center gap-3">
            <Checkbox id="demo-terms" name="terms" />
            <Label htmlFor="demo-terms">I agree to the terms</Label>
          </div>
          <div className="flex items-center gap-3">
            <Switch id="demo-updates" name="updates" defaultChecked />
            <Label htmlFor="demo-updates">Email me updates</Label>
          </div>
        </form>
      </Section>

      <Section title="Cards">
        <div className="grid gap-4 sm:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>Boiler service</CardTitle>
              <CardDescription>Gas Safe registered engineers</CardDescription>
            </CardHeader>
            <CardContent>
              <p className="text-body">Annual service with a full safety check and written report.</p>
            </CardContent>
            <CardFooter>
              <Button>Book now</Button>
              <Button variant="outline">Details</Button>
            </CardFooter>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Job progress</CardTitle>
              <CardDescription>Three of four steps done</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <Progress value={75} aria-label="Job progress" />
              <div className="flex items-center gap-3">
                <Spinner label="Checking availability" />
                <span className="text-small text-muted-foreground">Checking availability</span>
              </div>
            </CardContent>
          </Card>
        </div>
      </Section>

      <Section title="Tabs">
        <Tabs defaultValue="overview">
          <TabsList aria-label="Service details">
            <TabsTrigger value="overview">Overview</TabsTrigger>
            <TabsTrigger value="pricing">Pricing</TabsTrigger>
            <TabsTrigger value="reviews">Reviews</TabsTrigger>
          </TabsList>
          <TabsContent value="overview">Vetted, insured professionals near you.</TabsContent>
          <TabsContent value="pricing">Clear prices agreed before any work starts.</TabsContent>
          <TabsContent value="reviews">Rated 4.9 out of 5 by customers.</TabsContent>
        </Tabs>
      </Section>

      <Section title="Accordion">
        <Accordion className="max-w-2xl">
          <AccordionItem name="dev-ui-faq">
            <AccordionTrigger>How are fixers vetted?</AccordionTrigger>
            <AccordionContent>We check identity, qualifications and insurance before anyone joins.</AccordionContent>
          </AccordionItem>
          <AccordionItem name="dev-ui-faq">
            <AccordionTrigger>When do I pay?</AccordionTrigger>
            <AccordionContent>Only when the job is done and you are happy with it.</AccordionContent>
          </AccordionItem>
        </Accordion>
      </Section>

      <Section title="Overlays">
        <div className="flex flex-wrap gap-3">
          <Dialog>
            <DialogTrigger asChild>
              <Button variant="outline">Open dialog</Button>
            </DialogTrigger>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>Confirm booking</DialogTitle>
                <DialogDescription>We will send the details to your email.</DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline">Cancel</Button>
                </DialogClose>
                <DialogClose asChild>
                  <Button>Confirm</Button>
                </DialogClose>
              </DialogFooter>
            </DialogContent>
          </Dialog>

          <Sheet>
            <SheetTrigger asChild>
              <Button variant="outline">
                <Menu aria-hidden="true" />
                Open menu
              </Button>
            </SheetTrigger>
            <SheetContent>
              <SheetHeader>
                <SheetTitle>Menu</SheetTitle>
                <SheetDescription>Site navigation</SheetDescription>
              </SheetHeader>
              <nav aria-label="Demo menu">
                <ul className="flex flex-col">
                  {["Services", "How it works", "VIP", "Contact"].map((item) => (
                    <li key={item}>
                      <a href="#top" className="flex min-h-11 items-center rounded-md px-2 text-body hover:bg-muted">
                        {item}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            </SheetContent>
          </Sheet>

          <HoverCard>
            <HoverCardTrigger asChild>
              <a href="#section-Overlays" className="inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-4">
                What is VIP?
              </a>
            </HoverCardTrigger>
            <HoverCardContent>
              <p className="text-small">VIP members get priority booking and member prices.</p>
            </HoverCardContent>
          </HoverCard>

          <Button variant="secondary" onClick={() => setOverlayShown(true)}>
            Show loading overlay
          </Button>
        </div>
      </Section>

      <Section title="Toasts">
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" onClick={() => toast.success("Booking confirmed", "We have emailed you the details.")}>
            Success toast
          </Button>
          <Button variant="outline" onClick={() => toast.error("Payment failed", "Your card was declined.")}>
            Error toast
          </Button>
          <Button variant="outline" onClick={() => toast.message("New message", "A fixer replied to you.")}>
            Message toast
          </Button>
          <Button
            variant="outline"
            onClick={() => {
              for (let n = 1; n <= 5; n++) toast.message(`Notification ${n}`);
            }}
          >
            Fire five toasts
          </Button>
        </div>
        <p className="text-small text-muted-foreground">
          <VisuallyHidden>Note: </VisuallyHidden>At most three toasts show at once; each lasts four seconds.
        </p>
      </Section>

      {overlayShown ? <LoadingOverlay /> : null}
    </main>
  );
}
