// A journey into a dungeon under the OSR/5e hybrid's rules: hour-long travel turns with the
// travel-turn table, a torch and a lantern burning down, the time dice the GM shows, and the
// roll to return to safety at the end. Seeded, so every run tells the same story.
//
//   node journey.mjs [seed]
//
// Each command returns events with every die; `describe` turns them into lines for a log, and
// the snapshot at the end is what a host would store (and another client load).
import { Journey } from "turnkeeper";

const seed = Number(process.argv[2] ?? 5);
const journey = new Journey({ ruleset: "hyb", mode: "hybDungeon", seed });

/** @param {import("turnkeeper").JourneyEvent[]} events */
const log = (events) => {
  for (const event of events) console.log(`  ${journey.describe(event)}`);
};

journey.addMember({ id: "ana", bestModifier: 4, strModifier: 1 });
journey.addMember({ id: "bo", bestModifier: 2 });
console.log("Setting out:");
log(journey.start({ timeDice: 2 }));
log(journey.addLight("torch", "torch"));
log(journey.light("torch"));
log(journey.addLight("lantern", "lantern"));

for (let hour = 1; hour <= 3; hour++) {
  console.log(`Travel turn ${hour} (return DC ${journey.returnDc}):`);
  const events = journey.advanceTravelTurn("cautious");
  log(events);
  // The torch lasts an hour: when it goes out, the lantern is lit.
  const torchOut = events.some(
    (e) => e.type === "timePassed" && e.advanced.happenings.some((h) => h.type === "lightExpired" && h.id === "torch"),
  );
  if (torchOut) log(journey.light("lantern"));
}

console.log(`Rolling to return, DC ${journey.returnDc}:`);
log(journey.rollToReturn("arduous"));

const { day, hour } = journey.timeOfDay();
const snapshot = JSON.stringify(journey);
console.log(`Back on day ${day} at ${String(hour).padStart(2, "0")}:00; the snapshot is ${snapshot.length} bytes.`);
const restored = Journey.fromJSON(snapshot);
console.log(`restored from the snapshot: ${restored.digest() === journey.digest()}`);
