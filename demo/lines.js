// Words for players: durations, roll advice and journey log lines. The package's journey lines
// (`describe`) count days from 0; the page counts days from 1, as its headers do.

export const DAY = 86400;

const pad = (n) => String(n).padStart(2, "0");

/** "day 1, 09:00" for game seconds (day 1 is the first day). */
export function dayTime(seconds) {
  const day = Math.floor(seconds / DAY);
  const rest = seconds - day * DAY;
  return `day ${day + 1}, ${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}`;
}

/** "1 hour", "10 minutes", "1 day" for a span of seconds. */
export function span(seconds) {
  const unit = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (seconds % DAY === 0) return unit(seconds / DAY, "day");
  if (seconds % 3600 === 0) return unit(seconds / 3600, "hour");
  if (seconds % 60 === 0) return unit(seconds / 60, "minute");
  return unit(seconds, "second");
}

const MODES = {
  hybDungeon: "a dungeon delve", hybOverland: "overland travel", hybRiver: "river travel", hybSea: "a sea voyage",
  oseDungeon: "a dungeon expedition", oseWilderness: "a wilderness journey", oseWaterborne: "a voyage",
};
const ACTIVITIES = { travel: "travelling", rest: "resting", forage: "foraging", hunt: "hunting", explore: "exploring" };
const WINDS = { calm: "becalmed", veryLight: "very light wind", light: "light wind", normal: "a normal wind", strong: "a strong wind", veryStrong: "a very strong wind", gale: "a gale", storm: "a storm" };

/** "ash" → "Ash": the page's member ids, as names. */
const cap = (id) => id.charAt(0).toUpperCase() + id.slice(1);

/** "torch-2" → "Torch 2": the page's light ids, as a player says them. */
export const lightName = (id) => id.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase());

const words = (camel) => String(camel).replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);

function happening(h) {
  switch (h.type) {
    case "lightLow": return `${lightName(h.id)} burns out in ${span(h.remaining)}`;
    case "lightExpired": return `${lightName(h.id)} has burnt out`;
    case "newDay": return `day ${h.day + 1} begins`;
    case "supplyUsed": return `${h.id}: ${h.used} used, ${h.left} left`;
    case "supplyRanOut": return `${h.id} ran out`;
    default: return words(h.type);
  }
}

/** One log line for a journey event. */
export function journeyLine(journey, e, { lost = false } = {}) {
  switch (e.type) {
    case "started": {
      const dice = e.timeDice ? ` (time dice ${e.timeDice.dice.map((d) => d.face).join(" + ")})` : "";
      return `Set out on ${MODES[e.mode] ?? words(e.mode)} at ${dayTime(e.at)}${dice}.`;
    }
    case "modeChanged": return `Now on ${MODES[e.mode] ?? words(e.mode)}.`;
    case "memberAdded": return `${cap(e.member.id)} joins the party.`;
    case "lightAdded": return `${lightName(e.light.id)} readied (${e.light.spec.level} light, ${e.light.spec.radius} ft).`;
    case "lightLit": return `${lightName(e.id)} lit.`;
    case "lightDoused": return `${lightName(e.id)} put out.`;
    case "timePassed": {
      // "it is day 2" already says a day began.
      const more = e.advanced.happenings.filter((h) => h.type !== "newDay").map(happening);
      return `${span(e.by)} passes; it is ${dayTime(e.advanced.now)}${more.length ? `. ${more.join("; ")}` : ""}.`;
    }
    case "timeDiceShown": return `Time dice show ${e.dice.join(" and ")}.`;
    case "returnRolled": {
      const who = e.results.map((r) => `${cap(r.id)} ${r.total} vs DC ${r.dc}: ${r.success ? "safe" : `fails by ${r.missedBy}${r.cost ? `, ${r.cost.type === "damage" ? `takes ${r.cost.total} damage` : `loses ${r.cost.loads} loads`}` : ""}`}`);
      return `Rolling to return by the ${e.path} path: ${who.join("; ")}.`;
    }
    // A lost party covers ground, but none of it toward where it meant to go.
    case "wildernessDayEnded": return lost ? `A day lost: ${e.miles} miles wandered off course, none toward the goal.` : `A day ${ACTIVITIES[e.activity] ?? words(e.activity)}: ${e.miles} miles.`;
    case "waterDayEnded": return lost ? `A day lost at sea: ${e.miles} miles sailed off course, none toward the goal.` : `A day on the water: ${e.miles} miles.`;
    case "windRolled": return `Wind 2d6 ${e.wind.dice.map((d) => d.face).join(" + ")} = ${e.wind.total}: ${WINDS[e.wind.wind] ?? words(e.wind.wind)}.`;
    case "stormResolved": return `Storm: ${words(e.outcome.type ?? e.outcome)}.`;
    case "checkSkipped": return `No ${words(e.what)} check today.`;
    case "currentRolled": return `The current: ${e.current.miles} miles ${e.current.downstream ? "downstream" : "upstream"}.`;
    case "vesselSet": return `The ship: base movement ${e.vessel.base}, under ${e.vessel.propulsion ?? "sail"}.`;
    default: return journey.describe(e).replace(/\bday (\d+)\b/g, (_, d) => `day ${Number(d) + 1}`);
  }
}

// ---- encounter words ----

/** How long an effect has left, in a few words (for a chip on the tracker row). */
export function shortRemaining(r, names) {
  switch (r.type) {
    case "anchorTurn": return r.roundsAway === 0 ? `${r.edge} of ${names.get(r.participant) ?? r.participant}'s turn` : `${r.roundsAway} rd`;
    case "roundBoundary": return r.roundsAway === 0 ? `${r.edge} of round` : `${r.roundsAway} rd`;
    case "seconds": return span(r.seconds);
    case "untilRest": return `${r.rest} rest`;
    case "untilEncounterEnds": return "this fight";
    default: return "";
  }
}

/** How long an effect has left, in full. */
export function longRemaining(r, names) {
  switch (r.type) {
    case "anchorTurn": return `until the ${r.edge} of ${names.get(r.participant) ?? r.participant}'s turn in round ${r.round} (${r.roundsAway === 0 ? "this round" : `${r.roundsAway} round${r.roundsAway === 1 ? "" : "s"} away`})`;
    case "roundBoundary": return `until the ${r.edge} of round ${r.round}`;
    case "seconds": return `${span(r.seconds)} of game time left`;
    case "untilRest": return `until a ${r.rest} rest`;
    case "untilEncounterEnds": return "until the encounter ends";
    default: return "until removed";
  }
}

function originText(o) {
  switch (o.type) {
    case "condition": return o.id;
    case "fatigue": return `fatigue ${o.level}`;
    case "strife": return `strife ${o.level}`;
    case "penalty": return `penalty ${typeof o.penalty === "string" ? o.penalty : JSON.stringify(o.penalty)}`;
    default: return "hit points";
  }
}

/** "frightened (A5E-COND-12)" */
export const reasonText = (r) => `${originText(r.origin)}${r.via ? ` via ${originText(r.via)}` : ""}${r.rule ? ` (${r.rule})` : ""}`;

const CIRCUMSTANCES = {
  seesSourceOfFear: "if it can see the source of its fear",
  notAboutFixationSource: "unless it concerns the object of its fixation",
  opponentCannotSeeIt: "if the opponent cannot see it",
  byConditionSource: "if the condition's source makes it",
};

/** "disadvantage if it can see the source of its fear — frightened (A5E-COND-12)" */
export function conditionalText(c) {
  const o = c.outcome;
  const what = o.type === "modifier" ? `${o.amount > 0 ? "+" : ""}${o.amount}` : o.type === "autoFail" ? "automatic failure" : o.type === "noProficiency" ? "no proficiency bonus" : o.type;
  return `${what} ${CIRCUMSTANCES[c.when] ?? words(c.when)} — ${reasonText(c.reason)}`;
}
