-- Issue 52 (decision 065): the members' post on vetting claimed background checks for every fixer and
-- certificates read for every trade. It now says what the approval rule enforces. Only a post still
-- as seeded (its text unchanged by staff, checked by its hash) is rewritten; an edited one is left alone.
UPDATE "vip_posts" SET
  "excerpt" = 'Photo ID, right to work and insurance for everyone; NICEIC or NAPIT for electricians; an enhanced DBS for nannies and house sitters: what we check before a fixer can take a job, and how you can see it.',
  "content" = 'When you let someone into your home, you want to know who they are. That is why a fixer cannot quote for a service until our staff have recorded every check that service needs, and why we do the checks ourselves rather than relying on a tick-box declaration.

It starts with identity: a photo ID, checked against the person applying, and their right to work in the UK. Every fixer also holds public liability insurance, and we keep a copy of the policy.

Some work needs more. An electrician gives us their NICEIC or NAPIT registration number and we check it on the register. A nanny or house sitter gives us an enhanced DBS certificate, and we check it before they can take a booking. A Gas Safe number, when a plumber gives one, is checked the same way; only then does their profile say Gas Safe.

Each check is recorded with its evidence, the date and the member of staff who made it, and a fixer''s profile shows exactly those checks, for example "ID checked on 3 November 2026". If a profile does not list a check, we have not made it, so ask the fixer before you book.

The checks take a little time, which is why a new fixer can wait a few days before going live. We think that is the right trade-off, and the ratings and reviews you leave after each job keep the standard high long after someone has joined.',
  "updated_at" = now()
WHERE "title" = 'Behind the scenes: how we check every fixer before they join'
  AND md5("content") = '4af30081662f1d59c95fbfb9bdcc72cb';
--> statement-breakpoint
UPDATE "vip_posts" SET
  "content" = replace("content", 'Every fixer on FixiT shows their certifications and insurance on their profile, so you can check before you book.', 'A fixer''s profile on FixiT lists the checks our staff recorded (ID, insurance, and the registrations their trade needs, each with its date), so you can check before you book.'),
  "updated_at" = now()
WHERE "content" LIKE '%Every fixer on FixiT shows their certifications and insurance on their profile, so you can check before you book.%';
