//! The condition catalog: a built-in set (A5E's, 5e's for the `srd5e` creature rules, or OSE's)
//! plus validated homebrew conditions.
//!
//! A catalog serializes as `{ "homebrew": [...] }`: the built-in set comes from the code, so a
//! snapshot only carries what the table added, and restoring validates it again. The base set is
//! written (`"base": "srd5e"`, `"base": "ose"`) only when it is not A5E, so catalogs saved before
//! there was a choice read back, and write out, exactly as they did.

use litemap::LiteMap;

pub use super::definition::ConditionDef;

use super::a5e::A5E_CONDITIONS;
use super::effect::{AttackerDistance, Effect, RollFilter, SpeedRule};
use super::id::{
    ConditionId, MAX_CONDITION_NAME_LEN, MAX_CONDITION_NOTES_LEN, MAX_EFFECTS_PER_CONDITION,
    MAX_FEET, MAX_FLAT_MODIFIER, MAX_HOMEBREW_CONDITIONS, MAX_HOMEBREW_JSON_BYTES,
    MAX_LINKS_PER_CONDITION,
};
use super::ose::OSE_CONDITIONS;
use super::srd5e::SRD5E_CONDITIONS;
use crate::error::{Error, ErrorCode, Result};

/// A homebrew document: `{ "conditions": [ ... ] }`.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HomebrewDocument {
    pub conditions: Vec<ConditionDef>,
}

/// Which built-in conditions a catalog starts from. The encounter takes the one its config
/// names ([`crate::rulesets::RulesetConfig::conditions`]; new OSE encounters name OSE's), else
/// the one its creature rules imply: 5e's set (SRD-COND-01..14) under `srd5e`, A5E's
/// (A5E-COND-01..29) otherwise. In JSON it is the lower-case name: `"a5e"`, `"srd5e"`, `"ose"`.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub enum ConditionSet {
    #[default]
    A5e,
    Srd5e,
    /// Old-School Essentials' own few conditions (OSE-ATK-10, OSE-ATK-13, OSE-COMBAT-04).
    Ose,
}

impl ConditionSet {
    /// Whether this is the A5E set (left out of the serialized catalog, so older data is
    /// unchanged).
    pub fn is_a5e(&self) -> bool {
        *self == Self::A5e
    }

    /// The built-in definitions of this set.
    pub fn builtin(self) -> &'static [ConditionDef] {
        match self {
            Self::A5e => &A5E_CONDITIONS,
            Self::Srd5e => &SRD5E_CONDITIONS,
            Self::Ose => &OSE_CONDITIONS,
        }
    }
}

/// The serialized form of a catalog: the homebrew part, and the base set when it is not A5E.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CatalogData {
    #[serde(default, skip_serializing_if = "ConditionSet::is_a5e")]
    pub base: ConditionSet,
    #[serde(default)]
    pub homebrew: Vec<ConditionDef>,
}

/// Every condition a game can use, by id.
#[crate::boundary(rust_only)]
#[derive(Debug, Clone, PartialEq)]
#[serde(try_from = "CatalogData", into = "CatalogData")]
pub struct ConditionCatalog {
    base: ConditionSet,
    defs: Vec<ConditionDef>,
    index: LiteMap<ConditionId, usize>,
    homebrew: Vec<ConditionId>,
}

impl Default for ConditionCatalog {
    fn default() -> Self {
        Self::a5e()
    }
}

impl TryFrom<CatalogData> for ConditionCatalog {
    type Error = Error;
    fn try_from(data: CatalogData) -> Result<Self> {
        Self::new(data.base).with_homebrew(data.homebrew)
    }
}

impl From<ConditionCatalog> for CatalogData {
    fn from(catalog: ConditionCatalog) -> Self {
        CatalogData {
            base: catalog.base,
            homebrew: catalog.homebrew_defs().cloned().collect(),
        }
    }
}

fn invalid(message: impl Into<String>) -> Error {
    Error::new(ErrorCode::InvalidData, message)
}

impl ConditionCatalog {
    /// The built-in A5E conditions (A5E-COND-01..29).
    pub fn a5e() -> Self {
        Self::new(ConditionSet::A5e)
    }

    /// The built-in 5e conditions (SRD-COND-01..14), for the `srd5e` creature rules.
    pub fn srd5e() -> Self {
        Self::new(ConditionSet::Srd5e)
    }

    /// The built-in OSE conditions (OSE-ATK-10, OSE-ATK-13, OSE-COMBAT-04), for OSE tables.
    pub fn ose() -> Self {
        Self::new(ConditionSet::Ose)
    }

    /// A catalog holding one built-in set and no homebrew.
    pub fn new(base: ConditionSet) -> Self {
        let defs: Vec<ConditionDef> = base.builtin().to_vec();
        // Inserted one at a time, in catalog order: `collect` would sort first, compiling a
        // sort of its own.
        let mut index = LiteMap::new();
        for (i, d) in defs.iter().enumerate() {
            index.insert(d.id.clone(), i);
        }
        Self {
            base,
            defs,
            index,
            homebrew: Vec::new(),
        }
    }

    /// The built-in set this catalog starts from.
    pub fn base(&self) -> ConditionSet {
        self.base
    }

    /// The same homebrew over another built-in set (an encounter restoring a snapshot whose
    /// config decides the set). Fails with `INVALID_DATA` if the homebrew does not fit it.
    pub fn rebased(&self, base: ConditionSet) -> Result<Self> {
        if base == self.base {
            return Ok(self.clone());
        }
        Self::new(base).with_homebrew(self.homebrew_defs().cloned().collect())
    }

    /// Look a condition up.
    pub fn get(&self, id: &ConditionId) -> Option<&ConditionDef> {
        self.index.get(id).and_then(|&i| self.defs.get(i))
    }

    /// Look a condition up, failing with `UNKNOWN_ID`.
    #[inline(never)]
    pub fn require(&self, id: &ConditionId) -> Result<&ConditionDef> {
        self.get(id)
            .ok_or_else(|| Error::unknown_id("condition", id.as_str()))
    }

    /// Every condition, built-in first, then homebrew in load order.
    pub fn iter(&self) -> impl Iterator<Item = &ConditionDef> {
        self.defs.iter()
    }

    /// The homebrew conditions, in load order.
    pub fn homebrew_defs(&self) -> impl Iterator<Item = &ConditionDef> {
        self.homebrew.iter().filter_map(|id| self.get(id))
    }

    /// Whether `id` is a homebrew condition.
    pub fn is_homebrew(&self, id: &ConditionId) -> bool {
        self.homebrew.contains(id)
    }

    /// Parse a homebrew JSON document (`{ "conditions": [...] }`) and add it. Fails with
    /// `INVALID_DATA` (unknown fields, bad ids, unknown linked ids, duplicates, cycles, values
    /// out of range) and leaves the catalog unchanged.
    pub fn load_homebrew_json(&mut self, json: &str) -> Result<Vec<ConditionId>> {
        if json.len() > MAX_HOMEBREW_JSON_BYTES {
            return Err(invalid(format!(
                "homebrew JSON is {} bytes; the limit is {MAX_HOMEBREW_JSON_BYTES}",
                json.len()
            )));
        }
        let doc: HomebrewDocument = crate::wire::read_all(json)
            .map_err(|e| invalid(format!("homebrew JSON is invalid: {e}")))?;
        self.load_homebrew(doc.conditions)
    }

    /// Add homebrew conditions (validated together, so they may refer to each other). Fails
    /// with `INVALID_DATA` and leaves the catalog unchanged.
    pub fn load_homebrew(&mut self, defs: Vec<ConditionDef>) -> Result<Vec<ConditionId>> {
        let ids: Vec<ConditionId> = defs.iter().map(|d| d.id.clone()).collect();
        let next = self.clone().with_homebrew(defs)?;
        *self = next;
        Ok(ids)
    }

    fn with_homebrew(mut self, defs: Vec<ConditionDef>) -> Result<Self> {
        if self.homebrew.len().saturating_add(defs.len()) > MAX_HOMEBREW_CONDITIONS {
            return Err(invalid(format!(
                "at most {MAX_HOMEBREW_CONDITIONS} homebrew conditions can be loaded"
            )));
        }
        for def in defs {
            let id = def.id.clone();
            let at = format!("homebrew condition \"{id}\"");
            if def.derived_from_hit_points || def.placeholder {
                return Err(invalid(format!(
                    "{at}: only built-in conditions can be derived from hit points or placeholders"
                )));
            }
            match self.index.get(&id).copied() {
                Some(i) => {
                    let replaceable = !self.homebrew.contains(&id)
                        && self.defs.get(i).is_some_and(|d| d.placeholder);
                    if !replaceable {
                        return Err(invalid(format!("{at}: duplicate id")));
                    }
                    if let Some(slot) = self.defs.get_mut(i) {
                        *slot = def;
                    }
                }
                None => {
                    self.index.insert(id.clone(), self.defs.len());
                    self.defs.push(def);
                }
            }
            self.homebrew.push(id);
        }
        self.validate()?;
        Ok(self)
    }

    /// Check every definition and the link graphs (run on every load; public so tests and
    /// tools can check the built-in set the same way).
    pub fn validate(&self) -> Result<()> {
        for def in &self.defs {
            validate_def(def, self)?;
        }
        for (what, links) in [
            (
                "implies",
                links_implies as fn(&ConditionDef) -> &[ConditionId],
            ),
            ("immuneIfImmuneTo", |d: &ConditionDef| {
                &d.immune_if_immune_to
            }),
            ("suppresses", |d: &ConditionDef| &d.suppresses),
        ] {
            if let Some(cycle) = self.find_cycle(links) {
                let path: Vec<String> = cycle.iter().map(ToString::to_string).collect();
                return Err(invalid(format!(
                    "\"{what}\" links form a cycle: {}",
                    path.join(" -> ")
                )));
            }
        }
        Ok(())
    }

    /// A cycle in the graph given by `links`, as the ids along it, if there is one.
    fn find_cycle(&self, links: fn(&ConditionDef) -> &[ConditionId]) -> Option<Vec<ConditionId>> {
        // Iterative depth-first search with colours: 0 unvisited, 1 on the stack, 2 done.
        let mut colour: LiteMap<&ConditionId, u8> = LiteMap::new();
        for start in &self.defs {
            if colour.get(&start.id).copied().unwrap_or(0) != 0 {
                continue;
            }
            let mut stack: Vec<(&ConditionId, usize)> = vec![(&start.id, 0)];
            colour.insert(&start.id, 1);
            while let Some((node, edge)) = stack.last().copied() {
                let next = self.get(node).and_then(|d| links(d).get(edge));
                match next {
                    Some(child) => {
                        if let Some(top) = stack.last_mut() {
                            top.1 = edge.saturating_add(1);
                        }
                        match colour.get(child).copied().unwrap_or(0) {
                            0 => {
                                colour.insert(child, 1);
                                stack.push((child, 0));
                            }
                            1 => {
                                let from = stack.iter().position(|(n, _)| *n == child);
                                let mut cycle: Vec<ConditionId> = stack
                                    .iter()
                                    .skip(from.unwrap_or(0))
                                    .map(|(n, _)| (*n).clone())
                                    .collect();
                                cycle.push(child.clone());
                                return Some(cycle);
                            }
                            _ => {}
                        }
                    }
                    None => {
                        colour.insert(node, 2);
                        stack.pop();
                    }
                }
            }
        }
        None
    }
}

fn links_implies(d: &ConditionDef) -> &[ConditionId] {
    &d.implies
}

fn validate_def(def: &ConditionDef, catalog: &ConditionCatalog) -> Result<()> {
    let at = format!("condition \"{}\"", def.id);
    let name_len = def.name.chars().count();
    if name_len == 0
        || name_len > MAX_CONDITION_NAME_LEN
        || def.name.chars().any(char::is_control)
        || def.name.trim().is_empty()
    {
        return Err(invalid(format!(
            "{at}: the name must be 1 to {MAX_CONDITION_NAME_LEN} printable characters"
        )));
    }
    if let Some(rule) = &def.rule
        && (rule.is_empty() || rule.len() > 32 || rule.chars().any(char::is_control))
    {
        return Err(invalid(format!(
            "{at}: the rule reference must be 1 to 32 printable characters"
        )));
    }
    if let Some(notes) = &def.notes
        && notes.chars().count() > MAX_CONDITION_NOTES_LEN
    {
        return Err(invalid(format!(
            "{at}: notes are limited to {MAX_CONDITION_NOTES_LEN} characters"
        )));
    }
    for (what, list) in [
        ("implies", &def.implies),
        ("immuneIfImmuneTo", &def.immune_if_immune_to),
        ("suppresses", &def.suppresses),
    ] {
        if list.len() > MAX_LINKS_PER_CONDITION {
            return Err(invalid(format!(
                "{at}: \"{what}\" lists more than {MAX_LINKS_PER_CONDITION} ids"
            )));
        }
        let mut seen: LiteMap<&ConditionId, ()> = LiteMap::new();
        for (i, linked) in list.iter().enumerate() {
            if *linked == def.id {
                return Err(invalid(format!(
                    "{at}: \"{what}\"[{i}] names the condition itself"
                )));
            }
            if catalog.get(linked).is_none() {
                return Err(invalid(format!(
                    "{at}: \"{what}\"[{i}] names unknown condition \"{linked}\""
                )));
            }
            if seen.try_insert(linked, ()).is_some() {
                return Err(invalid(format!(
                    "{at}: \"{what}\"[{i}] repeats \"{linked}\""
                )));
            }
        }
    }
    if def.effects.len() > MAX_EFFECTS_PER_CONDITION {
        return Err(invalid(format!(
            "{at}: more than {MAX_EFFECTS_PER_CONDITION} effects"
        )));
    }
    for (i, effect) in def.effects.iter().enumerate() {
        validate_effect(effect).map_err(|msg| invalid(format!("{at}: effects[{i}]: {msg}")))?;
    }
    Ok(())
}

fn check_filter(filter: &RollFilter) -> core::result::Result<(), String> {
    if filter.kinds.is_empty() {
        return Err("\"rolls.kinds\" must name at least one kind of roll".into());
    }
    if crate::sorting::has_repeats(&filter.kinds)
        || crate::sorting::has_repeats(&filter.abilities)
        || crate::sorting::has_repeats(&filter.skills)
    {
        return Err("\"rolls\" repeats an entry".into());
    }
    Ok(())
}

fn check_amount(amount: i32) -> core::result::Result<(), String> {
    if amount == 0 || amount.unsigned_abs() > MAX_FLAT_MODIFIER.unsigned_abs() {
        return Err(format!(
            "amount {amount} must be non-zero and within ±{MAX_FLAT_MODIFIER}"
        ));
    }
    Ok(())
}

fn check_feet(feet: u32) -> core::result::Result<(), String> {
    if feet > MAX_FEET {
        return Err(format!("{feet} ft is more than the limit of {MAX_FEET} ft"));
    }
    Ok(())
}

fn validate_effect(effect: &Effect) -> core::result::Result<(), String> {
    match effect {
        Effect::RollMode { rolls, .. }
        | Effect::AutoFail { rolls }
        | Effect::NoProficiency { rolls } => check_filter(rolls),
        Effect::RollModifier { rolls, amount } => {
            check_filter(rolls)?;
            check_amount(*amount)
        }
        Effect::ArmorClass { amount } | Effect::AttackModifierAgainst { amount } => {
            check_amount(*amount)
        }
        Effect::AttacksAgainst { attacker, .. } => match attacker {
            AttackerDistance::Any => Ok(()),
            AttackerDistance::Within { feet } | AttackerDistance::Beyond { feet } => {
                check_feet(*feet)
            }
        },
        Effect::CriticalHitsWithin { feet } => {
            if *feet == 0 {
                return Err("critical-hit distance must be at least 1 ft".into());
            }
            check_feet(*feet)
        }
        Effect::HitsAutomaticallyWithin { feet } => {
            if *feet == 0 {
                return Err("automatic-hit distance must be at least 1 ft".into());
            }
            check_feet(*feet)
        }
        Effect::Speed { rule } => match rule {
            SpeedRule::SetTo { feet } | SpeedRule::CapAt { feet } => check_feet(*feet),
            SpeedRule::Halved | SpeedRule::NoBonuses => Ok(()),
        },
        Effect::NoExpertiseDice
        | Effect::ChecksAgainst { .. }
        | Effect::Action { .. }
        | Effect::Flag { .. }
        | Effect::TravelPace { .. }
        | Effect::HitDiceHalved
        | Effect::Stress { .. } => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::ConditionSet;

    /// The TypeScript union on `ConditionId` (written by hand in its `tsify` attribute in id.rs)
    /// names exactly the built-in sets' ids: A5E's in its order, then the ids only OSE's set
    /// has (5e's are all A5E's too).
    #[test]
    fn builtin_ids_match_the_typescript_union() {
        let source = include_str!("id.rs");
        let attribute = source.find("tsify(").expect("the tsify attribute");
        let start = attribute + source[attribute..].find("type = \"").expect("its type") + 8;
        let end = start
            + source[start..]
                .find("(string & {")
                .expect("the homebrew arm");
        let union: Vec<&str> = source[start..end]
            .split('|')
            .map(|s| s.trim().trim_matches(|c| c == '\\' || c == '"'))
            .filter(|s| !s.is_empty())
            .collect();
        let mut catalogue: Vec<&str> = Vec::new();
        for set in [ConditionSet::A5e, ConditionSet::Srd5e, ConditionSet::Ose] {
            for d in set.builtin() {
                if !catalogue.contains(&d.id.as_str()) {
                    catalogue.push(d.id.as_str());
                }
            }
        }
        assert_eq!(union.len(), 30);
        let mut sorted_union = union.clone();
        sorted_union.sort_unstable();
        let mut sorted_catalogue = catalogue.clone();
        sorted_catalogue.sort_unstable();
        assert_eq!(sorted_union, sorted_catalogue);
    }
}
