import { Mail } from "lucide-react";
import { Button } from "~/components/ui/button";
import { JsonDetails } from "~/features/staff/components/json-details";
import { DetailList, PageHeader, Panel } from "~/features/staff/components/page-header";
import { StaffRouteError } from "~/features/staff/components/staff-error";
import { formatDateTime } from "~/features/staff/format";
import { notFound, requireStaff } from "~/features/staff/guard.server";
import { parseId } from "~/lib/ids";
import { loadContact } from "~/features/staff/lists/contacts.server";
import { staffMeta } from "~/features/staff/meta";
import type { Route } from "./+types/staff.contacts.$id";

export const meta: Route.MetaFunction = ({ data }) => staffMeta(data ? `${data.contact.subject} from ${data.contact.name}` : "Contact submission");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const contact = await loadContact(context.services.db, parseId(params.id) ?? notFound());
  if (!contact) notFound();
  return { contact: { ...contact, createdAt: contact.createdAt.toISOString() } };
}

export default function ContactDetail({ loaderData: { contact } }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        back={{ href: "/staff/contacts", label: "Contact submissions" }}
        title={`${contact.subject} from ${contact.name}`}
        description={`Received ${formatDateTime(contact.createdAt)}`}
        actions={
          <Button asChild variant="outline" size="sm">
            <a href={`mailto:${contact.email}`}>
              <Mail aria-hidden="true" />
              Reply by email
            </a>
          </Button>
        }
      />
      <Panel title="Message" id="message">
        <DetailList
          items={[
            { label: "Name", value: contact.name },
            { label: "Email", value: contact.email },
            { label: "Phone", value: contact.phone },
            { label: "Subject", value: contact.subject },
            { label: "Message", value: contact.message, wide: true },
          ]}
        />
      </Panel>
      <Panel title="Everything the form sent" id="form-data">
        <JsonDetails value={contact.data} />
      </Panel>
      <Panel title="Where it came from" id="origin">
        <DetailList
          items={[
            { label: "IP address", value: contact.ip },
            { label: "Browser", value: contact.userAgent, wide: true },
            { label: "Record ID", value: String(contact.id) },
          ]}
        />
      </Panel>
    </div>
  );
}

export const ErrorBoundary = StaffRouteError;
