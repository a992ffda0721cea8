//! Every initiative system's options, side by side as the ruleset config stores them, and
//! [`InitiativeOptions`], which lends them all to [`super::InitiativeRules`]. Below the systems:
//! the rules trait hands every system all of them, and each system reads its own.

use super::system::TieRule;
use crate::dice::StepChain;

/// Which die an initiative bonus or penalty steps when the roller does not choose (GH-DICE-03
/// `[AMBIG]`, G-03).
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum StepTarget {
    /// The smallest die that can still step that way (else the smallest).
    Smallest,
    /// The largest die that can still step that way (else the largest).
    Largest,
}

/// GH-INIT-16 `[AMBIG]`: what a creature that declares nothing does.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub enum EmptyDeclaration {
    /// It acts on initiative 0 (before everyone else).
    #[default]
    InitiativeZero,
    /// It takes no turn this round.
    DoesNotAct,
}

/// Greyhawk options a preset or user sets.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct GreyhawkOptions {
    /// GH-DICE-03 / G-03: how far the die-step chain reaches.
    pub step_chain: StepChain,
    /// GH-DICE-03: default die a bonus shrinks (docs/rules.md suggests the smallest).
    pub bonus_target: StepTarget,
    /// GH-DICE-03: default die a penalty grows (docs/rules.md suggests the largest).
    pub penalty_target: StepTarget,
    /// GH-VAR-01 `[OPT]`: Weapon Speed.
    pub weapon_speed: bool,
    /// GH-VAR-02 `[OPT]`: Spell Disruption.
    pub spell_disruption: bool,
    /// GH-INIT-16 `[AMBIG]`.
    pub empty_declaration: EmptyDeclaration,
    /// GH-INIT-11: the DM may roll once for a group of identical creatures with the same plan.
    pub group_rolls: bool,
    /// GH-DUR-03: order effects that end at the same moment with a d20 each. The rule asks for
    /// the dice only when the order matters; the core's own state never depends on it (ending
    /// one effect never changes another here), so a table whose effects have no "when this
    /// ends" consequences can turn the dice off: simultaneous expiries then end in the order
    /// they were applied, and no d20 is asked for.
    pub order_expiries: bool,
}

/// Hashed as before `order_expiries` existed while it keeps its default, so digests and
/// snapshot checksums written by earlier versions still match.
impl crate::Digestible for GreyhawkOptions {
    fn feed(&self, d: &mut crate::digest::Digester) {
        self.step_chain.feed(d);
        self.bonus_target.feed(d);
        self.penalty_target.feed(d);
        self.weapon_speed.feed(d);
        self.spell_disruption.feed(d);
        self.empty_declaration.feed(d);
        self.group_rolls.feed(d);
        if !self.order_expiries {
            self.order_expiries.feed(d);
        }
    }
}

/// The `std::hash` path the digest took before it had its own encoding: the oracle the
/// digest tests compare against, never built outside them.
#[cfg(test)]
impl core::hash::Hash for GreyhawkOptions {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.step_chain.hash(h);
        self.bonus_target.hash(h);
        self.penalty_target.hash(h);
        self.weapon_speed.hash(h);
        self.spell_disruption.hash(h);
        self.empty_declaration.hash(h);
        self.group_rolls.hash(h);
        if !self.order_expiries {
            self.order_expiries.hash(h);
        }
    }
}

impl Default for GreyhawkOptions {
    fn default() -> Self {
        Self {
            step_chain: StepChain::Source,
            bonus_target: StepTarget::Smallest,
            penalty_target: StepTarget::Largest,
            weapon_speed: false,
            spell_disruption: false,
            empty_declaration: EmptyDeclaration::InitiativeZero,
            group_rolls: true,
            order_expiries: true,
        }
    }
}

impl GreyhawkOptions {
    pub fn is_default(&self) -> bool {
        *self == Self::default()
    }
}

/// Options of the A5E system (and of the A5E turn rules that the encounter enforces).
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct AbilityCheckOptions {
    /// A5E-SURP-02 `[AMBIG]`: whether a surprised creature also loses its bonus action on its
    /// first turn (docs/rules.md suggests yes).
    pub surprise_blocks_bonus_action: bool,
    /// A5E-SCEN-04/05: rolling movement (chases, races): the world-action phase happens at the
    /// start of each participant's turn and affects only that participant.
    pub rolling_movement: bool,
    /// EX-A5E-15 `[AMBIG]`: whether a world action recharged by the start-of-round roll may be
    /// used in that same round's world phase (docs/rules.md suggests yes).
    pub use_on_recharge_round: bool,
}

impl Default for AbilityCheckOptions {
    fn default() -> Self {
        Self {
            surprise_blocks_bonus_action: true,
            rolling_movement: false,
            use_on_recharge_round: true,
        }
    }
}

impl AbilityCheckOptions {
    pub fn is_default(&self) -> bool {
        *self == Self::default()
    }
}

/// HYB-INIT-01 `[ADJ]`: the source names an ambush but not its mechanic.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub enum AmbushRule {
    /// In round 1 the ambushing sides act first (in Dex order), then everyone else.
    #[default]
    AmbushersFirst,
    /// Round 1 is a free round: only the ambushing sides act.
    FreeRound,
}

/// Options of the HYB system.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct DexScoreOptions {
    /// HYB-INIT-03 `[AMBIG]`: equal Dex scores. docs/rules.md suggests PCs first or a roll-off.
    pub tie_rule: TieRule,
    /// HYB-ACT-02/03: trading an active action down to a movement or quick action, and a
    /// movement action down to a quick action ("if the GM allows").
    pub trade_down: bool,
    /// HYB-INIT-01 `[ADJ]`.
    pub ambush: AmbushRule,
}

impl Default for DexScoreOptions {
    fn default() -> Self {
        Self {
            tie_rule: TieRule::PcsFirst,
            trade_down: true,
            ambush: AmbushRule::AmbushersFirst,
        }
    }
}

impl DexScoreOptions {
    pub fn is_default(&self) -> bool {
        *self == Self::default()
    }
}

/// OSE-INIT-02 `[ADJ]`: tied sides.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub enum OseTies {
    /// Tied sides reroll (a d6 roll-off among them, repeated while tied; their place relative to
    /// untied sides does not change).
    #[default]
    Reroll,
    /// Tied sides act at the same time; both can deal deadly blows.
    Simultaneous,
}

/// Options of the OSE system.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct SideOptions {
    /// OSE-INIT-02 `[ADJ]`.
    pub ties: OseTies,
    /// OSE-INIT-04 `[OPT]`: individual initiative, 1d6 + Dex modifier. The modifier comes from
    /// OSE's own Dexterity table (Dex 3 −2, 4–8 −1, 9–12 +0, 13–17 +1, 18 +2), not the 5e
    /// formula; a participant's `dexMod` is used instead when the referee sets one (for a very
    /// fast or slow monster), unless it equals the 5e default of its score, which reads as
    /// not given (docs/rules.md G-48).
    pub individual: bool,
    /// OSE-COMBAT-09: spell disruption (a core rule; off only for house rules).
    pub spell_disruption: bool,
}

impl Default for SideOptions {
    fn default() -> Self {
        Self {
            ties: OseTies::Reroll,
            individual: false,
            spell_disruption: true,
        }
    }
}

impl SideOptions {
    pub fn is_default(&self) -> bool {
        *self == Self::default()
    }
}

/// Options of the standard system.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct StandardOptions {
    /// How equal totals are ordered before a roll-off (the 5e rules leave it to the table).
    pub tie_rule: TieRule,
}

impl Default for StandardOptions {
    fn default() -> Self {
        Self {
            tie_rule: TieRule::DexModifier,
        }
    }
}

impl StandardOptions {
    pub fn is_default(&self) -> bool {
        *self == Self::default()
    }
}

/// Every system's options, borrowed from the ruleset config (which stores them side by side).
/// A system reads only its own.
#[derive(Debug, Clone, Copy)]
pub struct InitiativeOptions<'a> {
    pub greyhawk: &'a GreyhawkOptions,
    pub a5e: &'a AbilityCheckOptions,
    pub hyb: &'a DexScoreOptions,
    pub ose: &'a SideOptions,
    pub standard: &'a StandardOptions,
}
