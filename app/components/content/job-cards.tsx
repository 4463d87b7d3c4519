import { Briefcase, Clock, MapPin, Sparkles, Star } from "lucide-react";
import { Link } from "react-router";
import { CheckList } from "~/components/content/feature-list";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { jobs, type JobListing } from "~/content/jobs";

/** The open roles on /careers, featured first, each with its requirements, benefits and Apply link. */
export function JobCards() {
  const ordered = [...jobs].sort((a, b) => Number(Boolean(b.featured)) - Number(Boolean(a.featured)));
  return (
    <ul className="mt-10 grid gap-6 lg:grid-cols-2">
      {ordered.map((job) => (
        <li key={job.id} id={`job-${job.id}`}>
          <JobCard job={job} />
        </li>
      ))}
    </ul>
  );
}

function JobCard({ job }: { job: JobListing }) {
  return (
    <Card tone={job.featured ? "featured" : job.special ? "accent" : "default"} className="h-full">
      <CardHeader>
        <div className="flex flex-wrap gap-2">
          <Badge variant="secondary">{job.department}</Badge>
          {job.featured ? (
            <Badge>
              <Star aria-hidden="true" /> Featured
            </Badge>
          ) : null}
          {job.special ? (
            <Badge variant="accent">
              <Sparkles aria-hidden="true" /> Special programme
            </Badge>
          ) : null}
        </div>
        <CardTitle as="h3" size="lg" className="mt-2">
          {job.title}
        </CardTitle>
        <CardDescription className="flex flex-wrap gap-x-5 gap-y-1">
          <span className="inline-flex items-center gap-1.5">
            <MapPin aria-hidden="true" className="size-4" />
            {job.location}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Clock aria-hidden="true" className="size-4" />
            {job.type}
          </span>
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-5">
        <p>{job.description}</p>
        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <h4 className="text-small font-semibold">What you'll bring</h4>
            <CheckList items={job.requirements} className="mt-2 text-small text-muted-foreground" />
          </div>
          <div>
            <h4 className="text-small font-semibold">What you'll get</h4>
            <CheckList items={job.benefits} className="mt-2 text-small text-muted-foreground" />
          </div>
        </div>
      </CardContent>
      <CardFooter>
        <Button asChild>
          <Link to={`/recruitment?position=${encodeURIComponent(job.id)}`}>
            <Briefcase aria-hidden="true" /> Apply now<span className="sr-only"> for {job.title}</span>
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
