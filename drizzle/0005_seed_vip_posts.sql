-- Custom SQL migration file, put your code below! --
-- The first members-only posts for the VIP blog (issue 9). Staff edit, add and unpublish posts in the console afterwards.
INSERT INTO "vip_posts" ("title", "excerpt", "content", "category", "author", "tags", "published_at") VALUES
  ('The FixiT app is here: what launch day means for VIP members',
   'The customer app opened on 16 January 2026. Here is what is live, what you get as a VIP member, and what we are building next.',
   'Today the FixiT customer app opens to everyone in the UK. If you joined as a VIP member, you have been using it since November, and a good deal of what ships today was shaped by what you told us along the way. Thank you.

What is live: describe a job in your own words and our AI service matching suggests the right kind of professional and the questions they will ask. You can chat with a fixer in real time before you book, pay securely with the payment held until the job is done, and leave a rating and review afterwards so the next household knows who to trust.

What is next: video consultations, so a fixer can look at a leaking trap or a tripping circuit before they travel, and quote with far fewer surprises. We are testing it with a small group of fixers now and will post here first when it is ready for you.

Your VIP access does not expire. Keep an eye on this blog for early-bird offers, seasonal maintenance guides and the occasional look behind the scenes.',
   'Product Updates', 'The FixiT Team', '["launch","app","vip"]'::jsonb, '2026-01-16T08:00:00Z'::timestamptz),
  ('Frozen pipes: how to prevent them, and what to do if one bursts',
   'A cold snap is the most common cause of emergency plumbing call-outs in the UK. Ten minutes of preparation now can save you a flooded kitchen later.',
   'Water expands as it freezes, and a pipe that splits in the night often only starts leaking when it thaws the next morning. The pipes most at risk are the ones in unheated spaces: the loft, the garage, under the floor, and on outside walls.

Before the frost: find your stop tap and check that it turns. It is usually under the kitchen sink, sometimes in a downstairs cloakroom or where the water main enters the house. Fit foam lagging to exposed pipes in the loft and garage, and lag the cold water tank if you have one. Fix dripping taps, because a slow drip can freeze and block a pipe. If you are going away, leave the heating on low rather than off.

If a pipe has frozen but not burst, turn off the water at the stop tap and thaw it gently, starting from the end nearest the tap, with a hot water bottle, a towel soaked in warm water or a hairdryer on a low setting. Never use a blowtorch or any naked flame. If you have a condensing boiler and it shows a fault on a cold morning, the small plastic condensate pipe outside may be frozen: pour warm, not boiling, water along it and reset the boiler.

If a pipe bursts: turn off the stop tap straight away, switch off the boiler and any immersion heater, and open the cold taps to drain the system. If water is near sockets, light fittings or the consumer unit, switch off the electricity at the main switch and do not touch anything wet. Catch what you can in buckets, take photos for your insurer, and book a plumber.

A plumber can also reroute or insulate a pipe that freezes every winter, which is usually a small job that pays for itself the first time it prevents a leak.',
   'Home Maintenance', 'Amelia Clarke', '["winter","plumbing","emergencies"]'::jsonb, '2026-02-02T09:30:00Z'::timestamptz),
  ('DIY or call a professional? Where the line sits in a UK home',
   'Painting a bedroom is a weekend job. Moving a socket in a bathroom is not. A plain-English guide to what you can do yourself and what the law says needs a qualified trade.',
   'Plenty of jobs around the home are well within reach of a careful amateur: painting and decorating, assembling furniture, re-sealing a bath, replacing a tap washer, bleeding radiators, clearing gutters from a secure ladder. If you have the time and the right tools, go ahead.

Gas is different. By law, any work on a gas appliance, boiler, hob or pipework must be done by an engineer on the Gas Safe Register. Ask to see their Gas Safe ID card, which shows the kinds of work they are qualified for. Never attempt gas work yourself, however small it looks.

Electrics sit in between. In England, Part P of the Building Regulations makes some electrical work notifiable: a new circuit, a replacement consumer unit, and most work in bathrooms near a bath or shower. That work should be done by a registered electrician who can certify it, or signed off by building control. Like-for-like swaps, such as replacing a light switch or a socket faceplate, are not notifiable, but they still need the power isolated and some confidence. Wales, Scotland and Northern Ireland have their own rules, so check locally.

Structural work, such as removing a wall, cutting into joists or altering a chimney breast, needs a structural engineer''s calculations and usually building control approval, even when the wall does not look load-bearing.

A good rule of thumb: if a mistake could cause a fire, a gas leak, a flood or a collapse, or if the job needs a certificate you would be asked for when you sell the house, call a professional. Every fixer on FixiT shows their certifications and insurance on their profile, so you can check before you book.',
   'Guides', 'Amelia Clarke', '["diy","electrical","gas safety","regulations"]'::jsonb, '2026-04-14T10:00:00Z'::timestamptz),
  ('Behind the scenes: how we check every fixer before they join',
   'Identity, background, certifications and insurance: what we ask of every professional on FixiT, and why we ask it before their first job rather than after a complaint.',
   'When you let someone into your home, you want to know who they are. That is why every fixer completes our vetting before they can take a single booking, and why we do it ourselves rather than relying on a tick-box declaration.

It starts with identity: we check that the person applying is who they say they are. Then comes a background check appropriate to the work. For roles involving children, such as nannies, we expect the right level of criminal record check.

Next, qualifications. An electrician uploads the certificates that show their competence, a gas engineer their Gas Safe registration, and our team reads each document rather than just noting that a file was attached. Anything unclear, we ask about.

Finally, insurance. Every fixer must hold public liability insurance, and we keep a copy of the policy. If something goes wrong on a job, you should never be left arguing about who pays.

The checks take a little time, which is why a new fixer can wait a few days before going live. We think that is the right trade-off, and the ratings and reviews you leave after each job keep the standard high long after someone has joined.',
   'Behind the Scenes', 'Amelia Clarke', '["vetting","trust","fixers"]'::jsonb, '2026-06-09T09:00:00Z'::timestamptz),
  ('How to bleed a radiator (and when it is time to call a heating engineer)',
   'Cold at the top, warm at the bottom? Your radiator has air in it. Bleeding it takes five minutes, a radiator key and an old cloth.',
   'Air collects at the top of radiators over the summer, and it stops hot water reaching the whole panel. The tell-tale sign is a radiator that is warm at the bottom and cold at the top, sometimes with a gurgling noise when the heating comes on.

You will need a radiator key (from any hardware shop) or a flat-head screwdriver for newer valves, and a cloth or small container. Turn the heating off and let the radiators cool down: hot water under pressure can scald.

Hold the cloth under the bleed valve at the top corner of the radiator, fit the key and turn it anticlockwise by about a quarter of a turn. You will hear air hiss out. As soon as water starts to dribble, close the valve again. Do the same on every radiator that needs it, starting with the one furthest from the boiler on the ground floor.

Now check the pressure gauge on your boiler. Bleeding lets water out of a sealed system, and many combi boilers want around 1 to 1.5 bar when cold. If it has dropped, top it up using the filling loop as your boiler''s manual describes, then turn the heating back on and check the radiators warm evenly.

Call a heating engineer if a radiator needs bleeding every few weeks, if the pressure keeps falling, if radiators are cold at the bottom (a sign of sludge, which a power flush or magnetic filter can fix), or if the boiler shows a fault code. Any work on the boiler itself must be done by a Gas Safe registered engineer.',
   'Home Maintenance', 'The FixiT Team', '["heating","radiators","autumn"]'::jsonb, '2026-10-06T08:30:00Z'::timestamptz),
  ('Five small jobs that cut your energy bills this winter',
   'You do not need a new boiler to lower your bills. These five jobs cost little, most take an afternoon, and together they make a noticeable difference.',
   'Heating is the biggest part of most UK household energy bills, so small improvements to how your home holds and uses heat pay back quickly. Here are five jobs we recommend before the coldest months.

1. Draught-proof doors and windows. Self-adhesive foam or brush strips around frames, a brush or flap on the letterbox and a cover for the keyhole stop warm air escaping. Leave trickle vents and extractor fans alone: homes need some ventilation to avoid condensation and mould.

2. Lower your boiler''s flow temperature. Many condensing boilers are set to heat radiators to 70 to 80 degrees, where they cannot condense and run less efficiently. Setting the radiator flow to around 60 degrees often saves energy with little change in comfort. If you have a hot water cylinder, keep the stored water at 60 degrees for hygiene.

3. Fit thermostatic radiator valves. TRVs let you keep bedrooms and spare rooms cooler than living areas. Set them and leave them, rather than turning them up and down.

4. Top up loft insulation. The recommended depth is around 270 millimetres of mineral wool. If you can see the tops of the joists, there is not enough. Keep a walkway boarded on raised legs so the insulation is not squashed.

5. Put reflective panels behind radiators on external walls, and keep furniture and long curtains from covering them. A handyman can fit panels, TRVs and draught strips in a single visit, and a heating engineer can adjust the flow temperature while servicing your boiler.',
   'Energy Efficiency', 'The FixiT Team', '["energy","winter","money saving"]'::jsonb, '2026-11-10T09:00:00Z'::timestamptz);
