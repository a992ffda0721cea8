//! One condition's definition ([`ConditionDef`]) and the const builders the built-in sets
//! (A5E, 5e, OSE) write their entries with. Below the sets and the catalogue that lists them.

use std::borrow::Cow;

use super::effect::Effect;
use super::id::ConditionId;

/// One condition: its effects and its links to other conditions.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConditionDef {
    pub id: ConditionId,
    pub name: Cow<'static, str>,
    /// The docs/rules.md id this restates (`None` for homebrew).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<Cow<'static, str>>,
    /// Free text for the table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<Cow<'static, str>>,
    /// Conditions that come with this one (paralyzed ⇒ incapacitated).
    #[serde(default, skip_serializing_if = "<[ConditionId]>::is_empty")]
    pub implies: Cow<'static, [ConditionId]>,
    /// A creature immune to any of these is immune to this one too (A5E-COND-28).
    #[serde(default, skip_serializing_if = "<[ConditionId]>::is_empty")]
    pub immune_if_immune_to: Cow<'static, [ConditionId]>,
    /// While this condition applies, these have no effect (enraged: frightened, placid).
    #[serde(default, skip_serializing_if = "<[ConditionId]>::is_empty")]
    pub suppresses: Cow<'static, [ConditionId]>,
    #[serde(default, skip_serializing_if = "<[Effect]>::is_empty")]
    pub effects: Cow<'static, [Effect]>,
    /// The condition ends when its source becomes incapacitated (grappled, A5E-COND-14). The
    /// effect tracker copies this onto effects that apply the condition.
    #[serde(default, skip_serializing_if = "is_false")]
    pub ends_if_source_incapacitated: bool,
    /// Applies by itself from hit points, never by being given (bloodied, A5E-COND-04).
    /// Built-in only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub derived_from_hit_points: bool,
    /// A name without rules (corruption, A5E-COND-29); a homebrew condition with the same id
    /// replaces it. Built-in only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub placeholder: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

pub(super) const fn id(s: &'static str) -> ConditionId {
    ConditionId::builtin(s)
}

pub(super) const fn def(
    cid: &'static str,
    name: &'static str,
    rule: &'static str,
    effects: &'static [Effect],
) -> ConditionDef {
    linked(cid, name, rule, NO_LINKS, effects)
}

/// Mark a condition as derived from hit points (bloodied).
pub(super) const fn derived(mut d: ConditionDef) -> ConditionDef {
    d.derived_from_hit_points = true;
    d
}

/// Mark a condition as ending when its source is incapacitated (grappled).
pub(super) const fn ends_with_source(mut d: ConditionDef) -> ConditionDef {
    d.ends_if_source_incapacitated = true;
    d
}

/// Links of a condition to others: what it implies, whose immunity protects from it, and what
/// it suppresses (A5E-COND-28).
pub(super) struct Links {
    pub(super) implies: &'static [ConditionId],
    pub(super) immune_if: &'static [ConditionId],
    pub(super) suppresses: &'static [ConditionId],
}

pub(super) const NO_LINKS: Links = Links {
    implies: &[],
    immune_if: &[],
    suppresses: &[],
};

pub(super) const fn implies(ids: &'static [ConditionId]) -> Links {
    Links {
        implies: ids,
        ..NO_LINKS
    }
}

pub(super) const fn immune_if(ids: &'static [ConditionId]) -> Links {
    Links {
        immune_if: ids,
        ..NO_LINKS
    }
}

pub(super) const fn linked(
    cid: &'static str,
    name: &'static str,
    rule: &'static str,
    links: Links,
    effects: &'static [Effect],
) -> ConditionDef {
    ConditionDef {
        id: id(cid),
        name: Cow::Borrowed(name),
        rule: Some(Cow::Borrowed(rule)),
        notes: None,
        implies: Cow::Borrowed(links.implies),
        immune_if_immune_to: Cow::Borrowed(links.immune_if),
        suppresses: Cow::Borrowed(links.suppresses),
        effects: Cow::Borrowed(effects),
        ends_if_source_incapacitated: false,
        derived_from_hit_points: false,
        placeholder: false,
    }
}
