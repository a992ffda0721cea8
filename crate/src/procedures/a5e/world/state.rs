//! A5E-WORLD-02/03: one world action's state across an encounter — whether it is charged, its
//! recharge rolls, and (Lightning Strike) whom it may no longer target.

use super::catalogue::{FeatureSpecial, WorldFeatureId, WorldFeatureKind};
use super::recharge::RechargeRoll;
use super::resolve::{
    AffectedCreature, WorldFeatureResolution, WorldResolveOptions, resolve_feature,
};
use crate::dice::DieRoller;
use crate::encounter::WorldAction;
use crate::error::{Error, Result};

/// A world action in play.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct WorldFeatureState {
    pub feature: WorldFeatureId,
    /// Charged and usable this round.
    pub available: bool,
    /// Creatures it may not target again this encounter (Lightning Strike).
    pub struck: Vec<String>,
}

/// One use of a world action.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct WorldActionUse {
    pub resolution: WorldFeatureResolution,
    /// The recharge roll made immediately after use (A5E-WORLD-03), for actions with a recharge.
    pub recharge: Option<RechargeRoll>,
}

impl WorldFeatureState {
    /// A charged world action. Only catalogue entries of kind world action qualify.
    pub fn new(feature: WorldFeatureId) -> Result<Self> {
        if feature.feature().kind != WorldFeatureKind::WorldAction {
            return Err(Error::invalid_argument(format!(
                "{} is not a world action",
                feature.name()
            )));
        }
        Ok(Self {
            feature,
            available: true,
            struck: Vec::new(),
        })
    }

    /// The id / name / recharge an encounter lists it by.
    pub fn world_action(&self) -> Option<WorldAction> {
        self.feature.feature().world_action()
    }

    /// A5E-WORLD-03: at the start of each round, before the world acts, an uncharged action
    /// rolls its d6 again (EX-A5E-15: once recharged it may be used in that same phase).
    pub fn start_of_round(&mut self, roller: &mut dyn DieRoller) -> Result<Option<RechargeRoll>> {
        let Some(recharge) = self.feature.feature().recharge else {
            return Ok(None);
        };
        if self.available {
            return Ok(None);
        }
        let roll = recharge.roll(roller)?;
        self.available = roll.recharged;
        Ok(Some(roll))
    }

    /// A5E-WORLD-02/03: use the action on `creatures` (the ones in range). An action with a
    /// recharge rolls its d6 immediately afterwards. Refused, with nothing changed, when the
    /// action isn't charged or (Lightning Strike) aims at a creature it already struck.
    pub fn use_action(
        &mut self,
        creatures: &[AffectedCreature],
        options: &WorldResolveOptions,
        roller: &mut dyn DieRoller,
    ) -> Result<WorldActionUse> {
        if !self.available {
            return Err(Error::not_allowed(format!(
                "{} has not recharged yet (A5E-WORLD-03)",
                self.feature.name()
            )));
        }
        let feature = self.feature.feature();
        let once = feature.special == FeatureSpecial::OncePerCreature;
        let repeat = creatures.iter().find(|c| self.struck.contains(&c.id));
        if let (true, Some(c)) = (once, repeat) {
            return Err(Error::not_allowed(format!(
                "{} can't target \"{}\" again this encounter",
                self.feature.name(),
                c.id
            )));
        }
        let resolution = resolve_feature(self.feature, creatures, options, roller)?;
        let recharge = match feature.recharge {
            Some(r) => Some(r.roll(roller)?),
            None => None,
        };
        if once {
            self.struck.extend(creatures.iter().map(|c| c.id.clone()));
        }
        self.available = recharge.is_none_or(|r| r.recharged);
        Ok(WorldActionUse {
            resolution,
            recharge,
        })
    }
}
