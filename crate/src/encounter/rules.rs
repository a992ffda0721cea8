//! The encounter's side of [`InitiativeRules`]: which rules are in force, and the facts about a
//! participant that the ordering rules read. Every place where the systems differ asks these
//! rules rather than naming a system.

use crate::encounter::participant::{Declaration, Participant};
use crate::encounter::state::Encounter;
use crate::initiative::InitiativeRules;
use crate::initiative::rules::{DeclarationKind, InitiativeOptions, OrderFacts};

impl Encounter {
    /// The rules of the initiative system in force.
    #[inline(never)]
    pub(crate) fn rules(&self) -> &'static dyn InitiativeRules {
        self.config.system().rules()
    }

    /// The options the rules read.
    pub(crate) fn initiative_options(&self) -> InitiativeOptions<'_> {
        self.config.initiative_options()
    }

    /// What the ordering rules may look at for `p` this round.
    pub(crate) fn order_facts(&self, p: &Participant) -> OrderFacts {
        OrderFacts {
            count: p.count().unwrap_or(0),
            rank: p.initiative.as_ref().map_or(0, |i| i.rank),
            dex_score: i32::from(p.dex),
            dex_modifier: i32::from(p.dex_mod),
            npc: p.npc,
            slow_weapon: p.ose_declaration().is_some_and(|d| d.slow_weapon),
            ambushed: self.round <= 1
                && !self.ambushers.is_empty()
                && !self.ambushers.contains(&p.side),
            controlled: p.controller.is_some(),
        }
    }
}

/// The kind of a declaration, to compare with the one the rules take.
pub(crate) fn declaration_kind(declaration: &Declaration) -> DeclarationKind {
    match declaration {
        Declaration::Greyhawk(_) => DeclarationKind::Greyhawk,
        Declaration::Ose(_) => DeclarationKind::Ose,
    }
}
