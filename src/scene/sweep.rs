//! Sweeps: one body turned through a range of angles, or moved along a segment, and the pair's
//! answer at every pose (`narrowphase-lab sweep`). Each pose goes through the same validation and
//! the same traced calls as a scene the app opens, so a sweep is the app's answer, pose by pose.

use super::error::{SceneError, SceneErrorKind};
use super::traces::PairTraces;
use super::types::{Body, Scene};
use glam::Vec2;

/// Which body moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mover {
    /// Body A.
    A,
    /// Body B.
    B,
}

/// How the body moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Motion {
    /// Turned about its position from `from` to `to` degrees (absolute angles).
    Turn {
        /// First angle, degrees.
        from: f32,
        /// Last angle, degrees.
        to: f32,
    },
    /// Moved in a straight line from where the scene puts it to `to` (world coordinates).
    Move {
        /// The last position.
        to: Vec2,
    },
}

/// The pair at one pose.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepRow {
    /// The angle in degrees (a turn) or the distance moved (a move).
    pub t: f32,
    /// Whether the shapes overlap.
    pub overlap: bool,
    /// The signed separation.
    pub separation: f32,
    /// The normal, A to B.
    pub normal: Vec2,
    /// The contact points' feature ids (part bits included), in manifold order.
    pub ids: Vec<u64>,
}

impl SweepRow {
    /// The normal's direction in degrees from +x, counter-clockwise, in (−180, 180].
    pub fn normal_deg(&self) -> f32 {
        crate::geom::math::heading(self.normal).to_degrees()
    }
}

/// The most poses a sweep takes (`--steps`): a million rows is about 60 MB of CSV and a few
/// seconds; anything beyond it is far finer than a degree's thousandth and refused.
pub const MAX_STEPS: usize = 1_000_000;

/// The pair's answer at `steps` poses, both ends included (`2 <= steps <= MAX_STEPS`).
pub fn sweep(
    scene: &Scene,
    mover: Mover,
    motion: Motion,
    steps: usize,
) -> Result<Vec<SweepRow>, SceneError> {
    let mut rows = Vec::new();
    sweep_each(scene, mover, motion, steps, |row| {
        rows.push(row);
        true
    })?;
    Ok(rows)
}

/// The pair's answer at `steps` poses, both ends included (`2 <= steps <= MAX_STEPS`), handed
/// to `row` one pose at a time as it is computed (so a long sweep streams and holds no rows);
/// `row` returns false to stop early.
pub fn sweep_each(
    scene: &Scene,
    mover: Mover,
    motion: Motion,
    steps: usize,
    mut row: impl FnMut(SweepRow) -> bool,
) -> Result<(), SceneError> {
    if !(2..=MAX_STEPS).contains(&steps) {
        return Err(SceneError::field(
            "steps",
            SceneErrorKind::Value(format!("a sweep takes 2 to {MAX_STEPS} poses, got {steps}")),
        ));
    }
    let start = match mover {
        Mover::A => scene.a.position,
        Mover::B => scene.b.position,
    };
    for k in 0..steps {
        let f = k as f32 / (steps - 1) as f32;
        let mut posed = scene.clone();
        let body: &mut Body = match mover {
            Mover::A => &mut posed.a,
            Mover::B => &mut posed.b,
        };
        let t = match motion {
            Motion::Turn { from, to } => {
                body.angle_deg = from + (to - from) * f;
                body.angle_deg
            }
            Motion::Move { to } => {
                body.position = start + (to - start) * f;
                (to - start).length() * f
            }
        };
        let pair = posed.validate()?.pair;
        let traces = PairTraces::compute(&pair);
        let w = &traces.whole;
        let go_on = row(SweepRow {
            t,
            overlap: w.overlap,
            separation: w.separation,
            normal: w.normal,
            ids: w.points().map(|(id, _)| id).collect(),
        });
        if !go_on {
            break;
        }
    }
    Ok(())
}

/// The CSV header line (with its newline): `t,overlap,separation,normal_x,normal_y,points,ids`.
pub const CSV_HEADER: &str = "t,overlap,separation,normal_x,normal_y,points,ids\n";

/// One row as a CSV line (with its newline); ids space separated. Numbers in their shortest
/// exact form (`-0` as `0`).
pub fn csv_row(r: &SweepRow) -> String {
    let ids: Vec<String> = r.ids.iter().map(|i| i.to_string()).collect();
    format!(
        "{},{},{},{},{},{},{}\n",
        r.t + 0.0,
        r.overlap,
        r.separation + 0.0,
        r.normal.x + 0.0,
        r.normal.y + 0.0,
        r.ids.len(),
        ids.join(" ")
    )
}

/// The rows as CSV: [`CSV_HEADER`], then one [`csv_row`] per pose.
pub fn to_csv(rows: &[SweepRow]) -> String {
    let mut out = String::from(CSV_HEADER);
    for r in rows {
        out.push_str(&csv_row(r));
    }
    out
}
