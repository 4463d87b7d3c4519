/**
 * The AI Fixer's built-in advice library: 38 canned entries for UK homes, one per topic.
 * The matcher (./matcher.ts) picks an entry by counting keywords contained in the message,
 * so keywords are lowercase phrases people actually type. Order matters: on a tie the
 * earliest entry wins, and the category fallback uses the first entry of a category.
 * Keep bare short words that hide inside other words (e.g. "tap" in "laptop") out of keywords.
 */

export const adviceCategories = [
  "heating",
  "savings",
  "electrical",
  "plumbing",
  "handyman",
  "painting",
  "cleaning",
  "assembly",
  "landscaping",
  "moving",
  "nanny",
  "housesitting",
  "dogwalking",
  "maintenance",
  "insulation",
  "emergency",
] as const;

export type AdviceCategory = (typeof adviceCategories)[number];

export type AdviceEntry = {
  /** `${category}-${number}`, e.g. "heating-1". */
  id: `${AdviceCategory}-${number}`;
  category: AdviceCategory;
  /** Lowercase phrases; an entry is a candidate when the message contains any of them. */
  keywords: readonly string[];
  /** The topic as a question, shown in bold above the answer. */
  question: string;
  answer: string;
  /** Starts with ⚠️ for a warning or 💡 for a tip. */
  safety: `⚠️ ${string}` | `💡 ${string}`;
};

/** What to do if you smell gas: repeated wherever gas appliances come up. */
const smellGas =
  "If you smell gas: open doors and windows, don't use light switches, electrical appliances or naked flames, turn the gas off at the meter if you can, leave the property and call the National Gas Emergency number 0800 111 999 (free, 24 hours).";

export const adviceEntries = [
  // Heating
  {
    id: "heating-1",
    category: "heating",
    keywords: ["boiler", "no heating", "not heating", "heating not working", "heating isn't working", "heating has stopped", "no hot water", "combi", "pilot light", "boiler pressure", "pressure gauge", "condensate", "condensate pipe", "central heating", "heating"],
    question: "Boiler not heating properly?",
    answer:
      "Work through these simple checks before calling anyone out:\n" +
      "1. Check the pressure gauge on the front of the boiler. With the heating off it should read between 1 and 2 bar. Below 1 bar, top it up using the filling loop (the boiler manual shows how), then close both valves firmly.\n" +
      "2. Look for a fault code or a flashing light on the display and note it down. Many boilers can be reset once with the reset button; if the fault comes back, stop and book an engineer.\n" +
      "3. Check the thermostat is set above the room temperature (18-21°C) and the timer or programmer is switched to 'on'. Replace the thermostat batteries if the display is blank.\n" +
      "4. Make sure the gas is on: try the hob, and check your prepayment meter has credit.\n" +
      "5. In freezing weather a frozen condensate pipe (the white plastic pipe running outside) is a common cause. Pour warm, not boiling, water along it, then reset the boiler.\n" +
      "If none of this works, or the boiler keeps losing pressure, it needs a professional.",
    safety: `⚠️ Never open the boiler casing or attempt any gas work yourself: only a Gas Safe registered engineer may work on gas appliances. ${smellGas}`,
  },
  {
    id: "heating-2",
    category: "heating",
    keywords: ["radiator", "radiators", "noisy", "noise", "banging", "gurgling", "knocking", "clanking", "bleed", "cold at the top", "cold spots"],
    question: "Radiator making noise or cold at the top?",
    answer:
      "Gurgling, knocking, and radiators that are cold at the top usually mean trapped air. To bleed a radiator:\n" +
      "1. Turn the heating off and let the radiators cool completely.\n" +
      "2. Hold a cloth under the bleed valve at the top corner and turn it anticlockwise a quarter turn with a radiator key.\n" +
      "3. Let the air hiss out; close the valve as soon as water appears.\n" +
      "4. Check the boiler pressure afterwards: bleeding lowers it, so top it back up to 1-2 bar if needed.\n" +
      "Banging or clanking when the heating starts can mean sludge or limescale in the system. A radiator that is cold at the bottom and warm at the top points to sludge, which needs a power flush by a heating engineer.",
    safety: "💡 Always bleed radiators with the heating off: water in the system can be hot enough to scald. Keep a cloth ready, as the water can stain carpets.",
  },
  // Energy savings
  {
    id: "savings-1",
    category: "savings",
    keywords: ["heating bill", "energy bill", "gas bill", "bills", "reduce my bill", "reduce heating", "reduce energy", "reduce my energy", "save money", "save energy", "saving energy", "cheaper", "cost less", "energy efficient", "thermostat", "lower my"],
    question: "How can I reduce my heating bills?",
    answer:
      "The biggest savings come from using heat more carefully and keeping it in:\n" +
      "1. Set your thermostat between 18 and 21°C. Each degree lower saves about 10% on your heating bill.\n" +
      "2. Use the timer so the heating only runs when you are in, and fit thermostatic radiator valves (TRVs) to turn down rooms you don't use.\n" +
      "3. Seal draughts around doors, windows, letterboxes and floorboards: this can cut bills by up to 20%.\n" +
      "4. Top up loft insulation to at least 270 mm.\n" +
      "5. Turn a combi boiler's flow temperature down to about 60°C: it runs more efficiently with no real difference in comfort.\n" +
      "6. Bleed radiators, keep furniture and long curtains off them, and have the boiler serviced every year.\n" +
      "Check GOV.UK for current energy-saving grants before paying for insulation or a new boiler.",
    safety: "💡 Don't let rooms stay below 18°C if anyone at home is elderly, very young or unwell: a cold home raises health risks, and a little steady heat also prevents damp.",
  },
  // Electrical
  {
    id: "electrical-1",
    category: "electrical",
    keywords: ["light switch", "switch", "light not working", "lights not working", "light won't", "light bulb", "the bulb", "changed the bulb", "bulb has", "bulb blown", "lamp", "dimmer", "flickering", "flicker"],
    question: "Light switch or light not working?",
    answer:
      "Start with the simple checks:\n" +
      "1. Replace the bulb with a new one of the right type and wattage, and try the bulb in another lamp.\n" +
      "2. Check the consumer unit (fuse box): if a switch has tripped to 'off', switch it back on. If it trips again, leave it off.\n" +
      "3. If other lights on the same circuit also don't work, the problem is on the circuit, not the switch.\n" +
      "4. A flickering light is often a loose bulb or an LED that doesn't suit the dimmer: use bulbs marked 'dimmable'.\n" +
      "If the switch itself feels loose, crackles, sparks, feels warm or smells of burning, stop using it. Replacing a switch or any wiring is a job for a registered electrician.",
    safety: "⚠️ Never open a light switch or ceiling rose yourself. Any electrical work beyond changing a bulb or resetting a trip switch should be done by a registered electrician (NICEIC or NAPIT). Switch off at the consumer unit if you see scorch marks or smell burning.",
  },
  {
    id: "electrical-2",
    category: "electrical",
    keywords: ["socket", "sockets", "plug", "outlet", "power point", "extension lead", "no power"],
    question: "Power socket not working?",
    answer:
      "1. Plug in something you know works, such as a phone charger or lamp, to rule out the appliance.\n" +
      "2. Check the fuse in the plug: replace it with one of the rating printed on the appliance (usually 3 A or 13 A).\n" +
      "3. Look at the consumer unit: if an RCD or circuit breaker has tripped, unplug everything on that circuit and switch it back on.\n" +
      "4. Some sockets (for example in kitchens) have a separate switch or fused spur nearby: make sure it is on.\n" +
      "Don't daisy-chain extension leads or overload one socket with high-power appliances such as heaters and kettles. A socket that is scorched, cracked, warm or buzzing needs a registered electrician.",
    safety: "⚠️ Never open a socket or touch wiring yourself. If a socket is damaged, sparks or smells of burning, switch off that circuit at the consumer unit and call a registered electrician.",
  },
  {
    id: "electrical-3",
    category: "electrical",
    keywords: ["tripping", "tripped", "keeps tripping", "trip switch", "trip switches", "keeps going off", "fuses", "a fuse", "the fuse", "fuse box", "fuse board", "fuse keeps", "fuse blown", "blown fuse", "consumer unit", "circuit breaker", "rcd", "mcb"],
    question: "Why does my fuse or trip switch keep tripping?",
    answer:
      "A trip switch (RCD or circuit breaker) switches off to protect you, so find the cause before switching it back:\n" +
      "1. Unplug every appliance on the circuit that tripped, then switch the breaker back on.\n" +
      "2. Plug the appliances back in one at a time. If it trips when one goes in, that appliance is faulty: stop using it. Kettles, washing machines, outdoor lights and old fridges are common culprits.\n" +
      "3. If it trips with nothing plugged in, or when it rains, there is a fault in the wiring.\n" +
      "4. A breaker that trips when many things run at once means the circuit is overloaded: spread the load.\n" +
      "An old fuse box with rewireable fuses should be inspected and is usually worth upgrading to a modern consumer unit with RCD protection.",
    safety: "⚠️ Never hold a trip switch on, tape it up or fit a bigger fuse. If it trips with nothing connected, leave it off and call a registered electrician.",
  },
  // Plumbing
  {
    id: "plumbing-1",
    category: "plumbing",
    keywords: ["blocked", "blockage", "drain", "drains", "clogged", "sink", "slow draining", "plunger", "plughole", "won't drain", "smells from"],
    question: "How do I clear a blocked drain or sink?",
    answer:
      "1. Remove and clean the plughole cover or trap; hair and food waste are the usual culprits.\n" +
      "2. Use a plunger: fill the sink with a few centimetres of water, cover the overflow with a damp cloth and pump firmly 10 to 15 times.\n" +
      "3. Pour half a cup of bicarbonate of soda followed by a cup of white vinegar down the drain, wait 30 minutes, then flush with a kettle of hot (not boiling) water.\n" +
      "4. If it is still slow, put a bucket underneath and unscrew the U-bend under the sink to clear it by hand.\n" +
      "5. A drain snake or flexible drain rod reaches blockages further down.\n" +
      "Never pour fat, oil or grease down the sink. If several drains are slow, or an outside drain overflows, call a plumber or drainage company.",
    safety: "⚠️ Wear rubber gloves and eye protection. If you use a chemical drain cleaner, follow the label, never mix it with other products, and don't plunge straight afterwards: wait 30 minutes after cleaning a drain before using it again.",
  },
  {
    id: "plumbing-2",
    category: "plumbing",
    keywords: ["dripping tap", "leaking tap", "leaky tap", "tap is dripping", "tap dripping", "tap leaking", "tap won't", "taps", "kitchen tap", "bathroom tap", "mixer tap", "drip", "tap washer", "new washer", "cartridge"],
    question: "How do I fix a dripping tap?",
    answer:
      "A dripping tap usually needs a new washer (older taps that turn several times) or a new ceramic cartridge (quarter-turn and mixer taps).\n" +
      "1. Turn off the isolation valve under the sink with a flat screwdriver, or the stopcock, then open the tap to drain it.\n" +
      "2. Put the plug in so small parts can't fall down the drain.\n" +
      "3. Prise off the tap's cover, undo the headgear nut with a spanner and lift out the valve.\n" +
      "4. Replace the rubber washer or the cartridge with an identical one (take the old part to the shop).\n" +
      "5. Reassemble, turn the water back on and check for leaks.\n" +
      "A dripping tap can waste over 5,000 litres a year, so it's worth fixing quickly.",
    safety: "💡 Find your stopcock before you need it (usually under the kitchen sink) and check it turns. Wrap the spanner jaws in a cloth to avoid scratching chrome.",
  },
  {
    id: "plumbing-3",
    category: "plumbing",
    keywords: ["toilet", "cistern", "flush", "running toilet", "the loo", "keeps running", "fill valve", "ballcock", "overflow", "overflow pipe"],
    question: "How do I fix a running toilet?",
    answer:
      "Lift the cistern lid and watch what happens after a flush:\n" +
      "1. If water keeps running into the bowl, the flush valve seal or siphon washer is worn. Turn off the isolation valve on the supply pipe, flush to empty the cistern and replace the seal.\n" +
      "2. If the water level rises above the overflow, adjust the fill valve (float) so the water stops about 2-3 cm below the overflow pipe.\n" +
      "3. Check the float isn't catching on the side of the cistern and the flush chain or button isn't sticking.\n" +
      "Most parts are standard and sold in DIY shops. A running toilet can waste hundreds of litres a day and raise a metered water bill.",
    safety: "💡 Turn off the isolation valve before putting your hands in the cistern, and take a photo of the parts before you take anything apart.",
  },
  // Handyman
  {
    id: "handyman-1",
    category: "handyman",
    keywords: ["shelf", "shelves", "hanging", "hang a", "hang up", "to hang", "mounting", "mount a", "wall mount", "picture", "mirror", "drill", "rawlplug", "wall plug", "bracket", "stud wall", "studs"],
    question: "How do I hang shelves securely?",
    answer:
      "1. Find out what the wall is made of: solid brick or block, or hollow plasterboard (sounds hollow when tapped).\n" +
      "2. Check for hidden pipes and cables with a detector before drilling. Cables usually run straight up, down or across from sockets and switches.\n" +
      "3. Mark the positions with a spirit level.\n" +
      "4. In masonry, use a masonry bit and wall plugs sized to the screw. In plasterboard, screw into a timber stud where you can, or use heavy-duty plasterboard fixings rated for the load.\n" +
      "5. Use at least two brackets, and keep heavy items close to the wall.\n" +
      "For heavy loads such as TVs or bookshelves, check the weight rating on both brackets and fixings.",
    safety: "⚠️ Never drill directly above, below or beside sockets and switches, where cables run. Wear safety glasses when drilling.",
  },
  {
    id: "handyman-2",
    category: "handyman",
    keywords: ["door", "doors", "sticking", "sticks", "stuck door", "won't close", "doesn't close", "catches", "scraping", "swollen", "sagging"],
    question: "How do I fix a sticking door?",
    answer:
      "1. Look for where it rubs: close the door slowly and look for shiny marks, or slide a sheet of paper around the gap.\n" +
      "2. Tighten the hinge screws first; a sagging door often just has loose hinges. If a screw hole is worn, use a longer screw that reaches the frame.\n" +
      "3. In damp weather timber swells. If it only sticks in winter, wait for a dry spell before planing.\n" +
      "4. If it still catches, take the door off its hinges and plane or sand the edge a little at a time.\n" +
      "5. Seal the bare wood with primer and paint or varnish afterwards, or it will swell again.",
    safety: "💡 Have someone help you lift the door off its hinges: doors are heavier than they look. Never plane the bottom of a fire door: fire doors must keep their gaps to work.",
  },
  {
    id: "handyman-3",
    category: "handyman",
    keywords: ["hole in the wall", "hole in my wall", "patch", "patching", "filler", "crack", "cracks", "plaster", "dent", "holes"],
    question: "How do I patch holes and cracks in walls?",
    answer:
      "1. Small holes and hairline cracks: rake out loose material, brush away the dust and fill with a ready-mixed filler, slightly proud of the surface.\n" +
      "2. Larger holes in plasterboard: cover with a self-adhesive mesh patch, then apply filler in thin layers, letting each dry.\n" +
      "3. When dry, sand smooth with fine sandpaper on a block, wipe off the dust and seal with a mist coat before painting.\n" +
      "Cracks that keep reappearing, are wider than 5 mm, or run diagonally from the corners of doors and windows may be structural: have them checked by a builder or surveyor.",
    safety: "💡 Wear a dust mask when sanding. In homes built before 2000, don't sand or drill textured ceilings (such as Artex) without testing them for asbestos.",
  },
  // Painting
  {
    id: "painting-1",
    category: "painting",
    keywords: ["prep", "prepare", "preparing", "before painting", "sugar soap", "primer", "prime", "mist coat", "new plaster"],
    question: "How do I prepare walls for painting?",
    answer:
      "Good preparation is most of a good paint job:\n" +
      "1. Move furniture to the middle of the room and cover it and the floor with dust sheets.\n" +
      "2. Wash the walls with sugar soap to remove grease, then rinse with clean water and let them dry.\n" +
      "3. Fill holes and cracks, let them dry, then sand smooth.\n" +
      "4. Mask skirting boards, frames and sockets with decorator's tape.\n" +
      "5. Prime bare wood and stains. New plaster needs a mist coat (emulsion thinned with about 10-20% water) first.\n" +
      "6. Make sure the room is well ventilated and the walls are fully dry.",
    safety: "⚠️ Paint in homes built before 1960 may contain lead: don't dry-sand or burn it off. Use a lead test kit first. Switch off the power at the consumer unit before unscrewing socket or switch plates.",
  },
  {
    id: "painting-2",
    category: "painting",
    keywords: ["paint", "painting", "roller", "brush marks", "streaks", "streaky", "smooth finish", "coats", "emulsion", "gloss"],
    question: "How do I get a smooth paint finish?",
    answer:
      "1. Start with well-prepared, clean, dry walls.\n" +
      "2. Cut in the edges with a brush first, then roll the rest while the edges are still wet.\n" +
      "3. Load the roller evenly from a tray, and roll in overlapping 'W' shapes, then finish with light strokes in one direction.\n" +
      "4. Keep a wet edge: finish a whole wall in one go, so the paint doesn't dry in patches.\n" +
      "5. Apply two thin coats rather than one thick one, and leave the drying time on the tin between coats.\n" +
      "6. Use a good medium-pile roller for emulsion and a short-pile or foam roller for gloss and eggshell.",
    safety: "💡 Keep windows open while painting and for a day afterwards, and choose low-VOC water-based paints, especially for bedrooms and nurseries.",
  },
  {
    id: "painting-3",
    category: "painting",
    keywords: ["ceiling", "ceilings", "paint a ceiling", "painting a ceiling", "paint the ceiling", "painting the ceiling", "ceiling paint"],
    question: "How do I paint a ceiling?",
    answer:
      "1. Clear the room or cover everything with dust sheets, and wear old clothes, goggles and a cap.\n" +
      "2. Cut in around the edges and light fittings with a brush.\n" +
      "3. Use a roller on an extension pole, so you can work from the floor.\n" +
      "4. Work in strips, starting near the window and moving away from the light, so you can see missed patches.\n" +
      "5. Use a ceiling paint (it spatters less) and apply two thin coats.",
    safety: "⚠️ Turn off the lighting circuit at the consumer unit before painting around light fittings. Use a stable platform or stepladder rather than a chair, and never overreach.",
  },
  // Cleaning
  {
    id: "cleaning-1",
    category: "cleaning",
    keywords: ["deep clean", "deep cleaning", "spring clean", "end of tenancy", "clean my house", "clean the house", "cleaning", "limescale", "bathroom"],
    question: "How do I deep clean my home?",
    answer:
      "Work room by room, from top to bottom, so dust falls onto areas you haven't cleaned yet:\n" +
      "1. Declutter first, then dust high surfaces, light fittings, skirting boards and behind furniture.\n" +
      "2. Bathroom: descale taps and shower heads with white vinegar, clean grout with a stiff brush, and wash the shower curtain.\n" +
      "3. Wash windows, sills and door handles, and clean inside cupboards.\n" +
      "4. Vacuum mattresses, sofas and under beds; wash curtains and cushion covers.\n" +
      "5. Finish with the floors: vacuum, then mop hard floors.\n" +
      "For an end-of-tenancy clean, check your inventory and include the oven, fridge and inside the windows.",
    safety: "⚠️ Never mix bleach with other cleaners, especially ammonia or acid products such as limescale removers: the fumes are toxic. Open windows and wear gloves.",
  },
  {
    id: "cleaning-2",
    category: "cleaning",
    keywords: ["carpet", "stain", "stains", "spill", "spilled", "wine", "rug", "upholstery"],
    question: "How do I remove carpet stains?",
    answer:
      "Act fast, and blot, don't rub:\n" +
      "1. Blot up as much as you can with a clean white cloth, working from the outside of the stain inwards.\n" +
      "2. For most fresh stains (wine, coffee, juice), mix a teaspoon of washing-up liquid in a cup of warm water, dab it on and blot again. Repeat until no more colour lifts.\n" +
      "3. For greasy stains, sprinkle bicarbonate of soda, leave it for an hour and vacuum.\n" +
      "4. Rinse with a little clean water and blot dry, then leave to dry completely.\n" +
      "For large or old stains, a carpet cleaning professional usually gets better results.",
    safety: "💡 Test any cleaner on a hidden patch first, and never use hot water on blood or protein stains: it sets them. Use cold water instead.",
  },
  {
    id: "cleaning-3",
    category: "cleaning",
    keywords: ["kitchen", "oven", "hob", "fridge", "grease", "greasy", "extractor", "extractor fan", "filter", "microwave", "worktop"],
    question: "How do I keep my kitchen clean?",
    answer:
      "1. Daily: wipe worktops, hob and sink, and wash up or load the dishwasher.\n" +
      "2. Weekly: clean the microwave (heat a bowl of water with lemon for 3 minutes, then wipe), wipe cupboard fronts and handles, and mop the floor.\n" +
      "3. Monthly: clean the oven (a paste of bicarbonate of soda and water left overnight works well), wash the extractor filters in hot soapy water and clear out the fridge.\n" +
      "4. Use separate cloths for raw meat surfaces and wash cloths hot, or replace them often.",
    safety: "⚠️ Switch off and unplug appliances before cleaning them, let ovens and hobs cool, and never use water near electrical sockets.",
  },
  // Assembly
  {
    id: "assembly-1",
    category: "assembly",
    keywords: ["assemble", "assembly", "flat pack", "flatpack", "flat-pack", "ikea", "wardrobe", "furniture", "bed frame", "chest of drawers", "instructions"],
    question: "Tips for assembling flat-pack furniture?",
    answer:
      "1. Clear a space and open the box on a rug or the flattened box to protect the parts and the floor.\n" +
      "2. Check all the parts and fixings against the list before you start.\n" +
      "3. Read the instructions through once, and sort the screws and dowels into labelled piles.\n" +
      "4. Hand-tighten fixings at first and fully tighten them once the frame is square.\n" +
      "5. Don't overtighten with a power drill: it strips chipboard. Use a low clutch setting or a screwdriver.\n" +
      "6. Two people make tall items like wardrobes much easier and safer.",
    safety: "⚠️ Fix tall furniture such as wardrobes, bookcases and chests of drawers to the wall with the anti-tip kit provided: falling furniture can seriously injure children.",
  },
  {
    id: "assembly-2",
    category: "assembly",
    keywords: ["desk", "office chair", "home office", "ergonomic", "workspace", "posture", "monitor", "laptop", "back pain", "work from home", "working from home"],
    question: "How do I set up an ergonomic workspace?",
    answer:
      "1. Chair: feet flat on the floor, knees at about hip height, and lower back supported.\n" +
      "2. Desk: elbows at about 90 degrees with shoulders relaxed when you type.\n" +
      "3. Screen: top of the screen at or slightly below eye level, about an arm's length away. Raise a laptop on a stand and use a separate keyboard and mouse.\n" +
      "4. Light: place the screen side-on to windows to avoid glare.\n" +
      "5. Move: stand up and stretch at least once an hour.",
    safety: "💡 Keep cables tidy and off the floor to avoid trips, and don't overload one socket with chargers and heaters.",
  },
  // Landscaping
  {
    id: "landscaping-1",
    category: "landscaping",
    keywords: ["lawn", "grass", "mow", "mowing", "mower", "moss", "weeds", "turf", "patchy"],
    question: "How do I look after my lawn?",
    answer:
      "1. Mow regularly from spring to autumn, and never cut more than a third of the grass height at once. In summer, leave it a little longer to stay green in dry spells.\n" +
      "2. Feed in spring and early autumn with a lawn feed for the season.\n" +
      "3. In autumn, rake out moss and dead grass (scarify) and spike compacted areas with a garden fork.\n" +
      "4. Reseed bare patches in spring or early autumn, and keep them moist.\n" +
      "5. Water deeply once a week in dry weather rather than a little every day.",
    safety: "⚠️ Wear sturdy shoes when mowing, check the lawn for stones first, and unplug an electric mower before clearing a blockage. Use an RCD plug with electric garden tools.",
  },
  {
    id: "landscaping-2",
    category: "landscaping",
    keywords: ["plant", "planting", "garden", "flowers", "seeds", "vegetables", "plant bulbs", "planting bulbs", "spring bulbs", "tulip", "daffodil", "soil", "compost", "borders"],
    question: "Tips for planting in the garden?",
    answer:
      "1. Choose plants for your conditions: check how many hours of sun the spot gets and whether the soil is clay, sandy or chalky.\n" +
      "2. Plant hardy plants in spring or autumn, when the soil is moist and warm; wait until after the last frost (usually mid-May in much of the UK) for tender plants.\n" +
      "3. Dig a hole twice as wide as the pot, mix in some compost, and plant at the same depth as it was in the pot.\n" +
      "4. Water in well and keep watering regularly in the first summer.\n" +
      "5. Mulch around plants to keep moisture in and weeds down.",
    safety: "💡 Wear gloves when handling soil and compost, and check labels: some common garden plants, such as foxgloves and daffodil bulbs, are poisonous to children and pets.",
  },
  {
    id: "landscaping-3",
    category: "landscaping",
    keywords: ["prune", "pruning", "trim", "trimming", "hedge", "hedges", "shrub", "shrubs", "cut back", "branches", "tree surgeon", "my tree", "fruit tree"],
    question: "How do I prune shrubs and hedges?",
    answer:
      "1. Use clean, sharp secateurs or shears, so cuts heal quickly.\n" +
      "2. First remove dead, damaged and diseased wood, then branches that cross or rub.\n" +
      "3. Never remove more than 25% of the plant's live growth in one year.\n" +
      "4. Cut just above an outward-facing bud, at a slight angle.\n" +
      "5. Timing: prune spring-flowering shrubs right after they flower, and summer-flowering ones in late winter or early spring. Trim hedges in late summer.\n" +
      "Large trees, and any work near power lines, are jobs for a qualified tree surgeon.",
    safety: "⚠️ Check hedges for nesting birds before cutting: it is an offence to disturb an active nest, and the main nesting season runs from March to August. Check whether a tree is protected before pruning it.",
  },
  // Moving
  {
    id: "moving-1",
    category: "moving",
    keywords: ["moving", "move house", "moving house", "packing", "pack my", "pack up", "pack for", "boxes", "removal", "removals", "relocating"],
    question: "How do I pack for a house move?",
    answer:
      "1. Start early with the rooms you use least, and declutter as you go.\n" +
      "2. Use sturdy boxes: heavy things (books) in small boxes, light things (bedding) in large ones.\n" +
      "3. Wrap fragile items individually in paper, stand plates on their edges, and fill gaps so nothing moves.\n" +
      "4. Label every box with its room and contents, and mark fragile ones.\n" +
      "5. Pack an 'open first' box with the kettle, mugs, phone chargers, toilet roll, medicines, tools and bedding.\n" +
      "6. Take photos of how electronics are connected before unplugging them, and defrost the freezer a day before.",
    safety: "💡 Keep boxes under about 20 kg so they are safe to carry, and keep passports, keys and important documents with you rather than in the van.",
  },
  {
    id: "moving-2",
    category: "moving",
    keywords: ["lift", "lifting", "heavy", "carry", "carrying", "back injury", "sofa", "piano"],
    question: "How do I lift heavy items safely?",
    answer:
      "1. Plan the route first: clear obstacles and open doors.\n" +
      "2. Stand close to the load with your feet shoulder-width apart.\n" +
      "3. Bend your knees and keep your back straight; don't bend from the waist.\n" +
      "4. Grip firmly, keep the load close to your body and lift smoothly with your legs.\n" +
      "5. Don't twist: turn by moving your feet.\n" +
      "6. Use a sack truck or furniture sliders for heavy furniture, and take doors off and drawers out first.",
    safety: "⚠️ Get help lifting anything over 25 kg, or anything bulky, and never lift heavy loads if you have a back problem.",
  },
  // Nanny and childcare
  {
    id: "nanny-1",
    category: "nanny",
    keywords: ["childproof", "child proof", "babyproof", "baby proof", "toddler", "baby", "stair gate", "child safety", "safe for kids", "safe for children"],
    question: "How do I childproof my home?",
    answer:
      "Get down to a child's height and look for hazards:\n" +
      "1. Fit safety gates at the top and bottom of stairs.\n" +
      "2. Secure tall furniture and TVs to the wall with anti-tip straps.\n" +
      "3. Keep blind cords out of reach with cleats or cord tidies.\n" +
      "4. Lock cleaning products, medicines, button batteries and laundry capsules away, high up.\n" +
      "5. Fit window restrictors and keep furniture away from windows.\n" +
      "6. Use the back rings of the hob and turn pan handles inwards.\n" +
      "7. Test smoke alarms monthly.",
    safety: "⚠️ Button batteries and magnets can cause serious internal injuries if swallowed: if you think a child has swallowed one, go to A&E straight away.",
  },
  {
    id: "nanny-2",
    category: "nanny",
    keywords: ["activities", "activity", "kids", "children", "child", "toddlers", "bored", "entertain", "play with", "playtime", "games", "rainy day", "year old", "years old"],
    question: "What activities suit children of different ages?",
    answer:
      "1. Babies (0-1): tummy time, songs and rhymes, high-contrast books, and sensory toys.\n" +
      "2. Toddlers (1-3): stacking and sorting, water and sand play, simple puzzles, painting, and walks to the park.\n" +
      "3. Pre-school (3-5): dressing up, baking together, play dough, simple crafts, and library story times.\n" +
      "4. School age (5-11): board games, building kits, nature hunts, cycling, and simple science experiments.\n" +
      "Balance active and quiet play, and keep screen time limited.",
    safety: "⚠️ Always supervise water play and young children near water; a toddler can drown in a few centimetres. Check toys carry the UKCA or CE mark and keep small parts away from under-3s.",
  },
  // House sitting
  {
    id: "housesitting-1",
    category: "housesitting",
    keywords: ["house sit", "house sitting", "house-sitting", "house sitter", "housesitter", "away on holiday", "going away", "holiday", "checklist", "empty house"],
    question: "What should a house-sitting checklist include?",
    answer:
      "Leave your sitter clear instructions:\n" +
      "1. Contact details for you, a trusted neighbour, your vet and a local plumber and electrician.\n" +
      "2. Where the stopcock, consumer unit and gas meter are, and how to work the boiler and alarm.\n" +
      "3. Bin collection days, post and parcel arrangements, and Wi-Fi details.\n" +
      "4. Pet routines, feeding amounts and medicines, and plant watering.\n" +
      "5. Which doors and windows to lock, and where the spare keys are kept.\n" +
      "Check your home insurance covers someone staying while you are away.",
    safety: "💡 Use timer switches on lamps so the house looks lived in, and don't post on social media that your home is empty.",
  },
  {
    id: "housesitting-2",
    category: "housesitting",
    keywords: ["houseplant", "houseplants", "house plants", "plants", "watering", "water my plants", "water the plants", "overwatering", "yellow leaves"],
    question: "How do I look after houseplants?",
    answer:
      "1. Water when the top 2-3 cm of compost feels dry, rather than on a fixed schedule; most houseplants die from overwatering.\n" +
      "2. Use pots with drainage holes and empty saucers after watering.\n" +
      "3. Give them the right light: most like bright, indirect light, away from radiators and draughts.\n" +
      "4. Water less in winter, and feed every few weeks in spring and summer.\n" +
      "5. Yellow leaves often mean too much water; brown crispy tips mean dry air or too little water.\n" +
      "If you're going away, group plants together in a cool room or ask a sitter to water them.",
    safety: "💡 Check whether plants are safe for pets: lilies are highly toxic to cats, and many common houseplants upset dogs and children if eaten.",
  },
  // Dog walking
  {
    id: "dogwalking-1",
    category: "dogwalking",
    keywords: ["dog walk", "dog walking", "walk my dog", "walking my dog", "walking the dog", "walk the dog", "dog", "dogs", "puppy", "on the lead", "off the lead", "off lead", "pulls on", "harness"],
    question: "How do I walk a dog safely?",
    answer:
      "1. Use a well-fitted harness or collar with an ID tag (the law requires your name and address on it) and make sure the microchip details are up to date.\n" +
      "2. Keep the dog on a lead near roads and livestock, and in places where signs ask you to.\n" +
      "3. Only let the dog off the lead when its recall is reliable.\n" +
      "4. Always carry poo bags and water.\n" +
      "5. In hot weather, walk early or late: if the pavement is too hot for the back of your hand, it is too hot for paws.\n" +
      "6. In the dark, use a light-up collar and reflective clothing.",
    safety: "⚠️ Never leave a dog in a car on a warm day, even for a few minutes: dogs can die from heatstroke.",
  },
  {
    id: "dogwalking-2",
    category: "dogwalking",
    keywords: ["vet", "sick", "is sick", "been sick", "unwell", "poisoned", "dog ate", "dog has eaten", "ate something", "ate chocolate", "chocolate", "vomiting", "heatstroke", "collapsed", "my pet", "pets", "pet is", "pet has", "my cat", "cats", "cat ate", "cat is"],
    question: "What are the signs of a pet emergency?",
    answer:
      "Call your vet (or the out-of-hours vet) straight away if your pet has:\n" +
      "1. Difficulty breathing, or collapses.\n" +
      "2. Heavy panting, drooling and weakness on a hot day (heatstroke): move it to shade and cool it with cool, not ice-cold, water on the way.\n" +
      "3. Eaten something toxic: chocolate, grapes, raisins, xylitol (sweetener), onions, rat poison, antifreeze, or lilies for cats.\n" +
      "4. Repeated vomiting or diarrhoea, especially with blood.\n" +
      "5. A swollen, hard stomach and retching without bringing anything up (bloat).\n" +
      "6. Seizures, severe bleeding or a suspected broken bone.",
    safety: "⚠️ Don't make a pet sick unless a vet tells you to. Keep your vet's and the nearest out-of-hours vet's numbers saved in your phone.",
  },
  // Maintenance
  {
    id: "maintenance-1",
    category: "maintenance",
    keywords: ["gutter", "gutters", "guttering", "downpipe", "rainwater", "leaves in", "overflowing"],
    question: "How do I maintain my gutters?",
    answer:
      "1. Clear gutters at least once a year, ideally in late autumn after the leaves fall, and again in spring if you have trees nearby.\n" +
      "2. Scoop out leaves and moss, then flush the gutter with a hose to check water flows freely to the downpipe.\n" +
      "3. Look for leaking joints, sagging brackets and overflowing corners during heavy rain.\n" +
      "4. Fit gutter guards or downpipe leaf catchers if leaves are a regular problem.\n" +
      "Blocked gutters cause damp walls, so they are worth keeping clear.",
    safety: "⚠️ Only clear ground-floor gutters from a ladder on firm, level ground, with someone footing it. Never stretch sideways from a ladder. Use a professional for anything above the first floor.",
  },
  {
    id: "maintenance-2",
    category: "maintenance",
    keywords: ["damp", "condensation", "mould", "black mould", "mold", "black spots", "musty", "wet walls", "steamy windows", "dehumidifier"],
    question: "How do I deal with damp and condensation?",
    answer:
      "Most damp in UK homes is condensation, caused by moist air meeting cold surfaces:\n" +
      "1. Open windows a little or use extractor fans when cooking, showering and drying clothes.\n" +
      "2. Dry clothes outside or in a vented tumble dryer, not on radiators.\n" +
      "3. Keep the home steadily heated (at least 18°C) rather than in short bursts.\n" +
      "4. Wipe condensation off windows each morning, and leave a gap between furniture and outside walls.\n" +
      "5. Treat small patches of mould with a mould spray.\n" +
      "Damp patches that appear after rain or rise from the floor point to leaks, blocked gutters or rising damp: get a surveyor or damp specialist to find the cause.",
    safety: "⚠️ Mould can harm health, especially for babies, older people and anyone with asthma. Wear gloves and a mask when cleaning it, and don't brush it dry. Tenants should report damp to their landlord in writing.",
  },
  {
    id: "maintenance-3",
    category: "maintenance",
    keywords: ["squeaky", "squeaking", "squeak", "creaky", "creaking", "hinge", "hinges", "squeaky door"],
    question: "How do I stop squeaky hinges?",
    answer:
      "1. Lift out the hinge pin (tap it upwards with a nail and hammer), wipe it clean and apply a little lubricant such as petroleum jelly or a silicone spray.\n" +
      "2. Put the pin back and swing the door a few times to work the lubricant in.\n" +
      "3. Or spray a light lubricant into the hinge without removing the pin, with a cloth underneath to catch drips.\n" +
      "4. Tighten any loose hinge screws while you are there.\n" +
      "For creaky floorboards, screw the board down into the joist.",
    safety: "💡 Remove one pin at a time so the door stays hung, and wipe away excess oil, which attracts dust and stains.",
  },
  // Insulation
  {
    id: "insulation-1",
    category: "insulation",
    keywords: ["draught", "draughts", "drafty", "draughty", "draft", "drafts", "cold air", "coming under", "gap under", "draught excluder", "seal windows", "weatherstrip", "letterbox"],
    question: "How do I seal draughts?",
    answer:
      "Sealing draughts is one of the cheapest ways to save energy; it can cut bills by up to 20%:\n" +
      "1. Find draughts on a windy day by holding a damp hand or a lit candle near frames (keep flames away from curtains).\n" +
      "2. Fit self-adhesive foam or brush strips around doors and opening windows.\n" +
      "3. Add a brush or flap excluder to the letterbox and a cover to the keyhole.\n" +
      "4. Fit a draught excluder to the bottom of doors.\n" +
      "5. Seal gaps around skirting boards and floorboards with a flexible filler or silicone.\n" +
      "6. Use a chimney balloon or cap in fireplaces you don't use.",
    safety: "⚠️ Don't block air bricks, trickle vents or extractor fans, and never seal a room with a gas fire, open fire or wood burner: fuel-burning appliances need ventilation to stay safe. Fit a carbon monoxide alarm near them.",
  },
  {
    id: "insulation-2",
    category: "insulation",
    keywords: ["loft", "attic", "insulate", "insulating", "cavity wall", "loft insulation", "roof space"],
    question: "How much loft insulation do I need?",
    answer:
      "The recommended depth for mineral wool loft insulation in the UK is 270 mm.\n" +
      "1. Check your current depth with a ruler between the joists: many older homes have only 100 mm or less.\n" +
      "2. Lay the first layer between the joists and the second layer across them, at right angles.\n" +
      "3. Don't squash it: compressed insulation works less well. If you store things in the loft, raise the boarding on loft legs.\n" +
      "4. Insulate and draught-proof the loft hatch, and insulate water tanks and pipes in the loft, but not underneath the tank (warm air from below stops it freezing).\n" +
      "5. Leave gaps at the eaves for ventilation.",
    safety: "⚠️ Wear gloves, long sleeves, goggles and a dust mask, step only on joists or boards, and don't cover recessed light fittings or electrical cables with insulation. If you find old loose fluffy insulation or pipe lagging, don't disturb it: it may contain asbestos.",
  },
  // Emergency
  {
    id: "emergency-1",
    category: "emergency",
    keywords: ["burst pipe", "burst", "pipe", "pipes", "leak", "leaking pipe", "flood", "flooding", "water everywhere", "stopcock", "frozen pipe", "frozen"],
    question: "What do I do about a burst pipe?",
    answer:
      "Act fast to limit the damage:\n" +
      "1. Turn off the water at the stopcock (usually under the kitchen sink, where the supply enters the house): turn it clockwise.\n" +
      "2. If water is near lights, sockets or the consumer unit, switch the electricity off at the consumer unit if you can reach it safely without standing in water.\n" +
      "3. Turn off the boiler, then open all the cold taps to drain the system, and flush toilets.\n" +
      "4. Catch water with buckets and towels, and move valuables.\n" +
      "5. Call a plumber, and take photos for your insurance claim.\n" +
      "For a frozen pipe that hasn't burst, thaw it gently with a hairdryer or hot-water bottle, never a flame.",
    safety: "⚠️ Don't touch electrics or switches with wet hands or while standing in water. If water has reached the wiring, have a registered electrician check it before switching back on.",
  },
  {
    id: "emergency-2",
    category: "emergency",
    keywords: ["power cut", "power outage", "no electricity", "blackout", "outage", "power is off", "power went", "lost power", "electricity off", "whole house", "whole street", "neighbours"],
    question: "What do I do in a power outage?",
    answer:
      "1. Check whether it is just your home: if neighbours still have lights, check your consumer unit for a tripped switch.\n" +
      "2. If the whole street is out, call 105, the free national power cut number, or check your network operator's website for updates.\n" +
      "3. Use torches rather than candles.\n" +
      "4. Turn off appliances that could start up when the power returns (cookers, irons, heaters), and leave one light on so you know when it's back.\n" +
      "5. Keep the fridge and freezer closed: a full freezer stays frozen for about 24 hours.\n" +
      "If someone in your home relies on medical equipment, join your network operator's free Priority Services Register.",
    safety: "⚠️ Stay well away from fallen power lines and call 105 to report them (999 if someone is in danger). Never run a generator or barbecue indoors: it produces deadly carbon monoxide.",
  },
] as const satisfies readonly AdviceEntry[];

/** The words that, with no keyword match, pick the first entry of their category (a broad question still gets the category's general answer). */
export const fallbackCategoryWords = ["heating", "electrical", "plumbing", "maintenance", "insulation", "emergency"] as const satisfies readonly AdviceCategory[];

/** The assistant's opening message. */
export const welcomeMessage =
  "Hi! I'm your AI Fixer assistant. I can help with UK home repairs, maintenance tips and energy-saving advice. Tell me what's wrong and I'll guide you step by step. So, what can I help you fix today?";

/** The reply when nothing matches: the six areas, example questions and the Safety First note. */
export const fallbackReply = {
  intro: "I'm here to help with home repairs and maintenance for UK homes. I can advise on:",
  areas: ["Heating & Boilers", "Electrical", "Plumbing", "General Maintenance", "Insulation & Energy", "Emergency Repairs"],
  examplesIntro: "Try asking something like:",
  examples: ["boiler not working", "blocked sink", "reduce heating bills"],
  safetyFirst:
    "⚠️ Safety First: always use a qualified professional for gas work (a Gas Safe registered engineer), major electrical issues (a registered electrician), or whenever you're unsure.",
} as const;

/** Quick Help prompts on /fixer-ai; a click sends the text as the user's question. */
export const quickPrompts = ["Boiler not heating properly", "How to reduce heating bills", "Radiator making noise", "Light switch not working"] as const;
