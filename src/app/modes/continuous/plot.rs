//! The Continuous mode's plot: the cast's d(t) with the target and each advance as the tangent
//! it follows, or the time of impact's s(t) along the current axis with the root finder's
//! bracket and its bisection (b) and false-position (f) points. Every point is a trace field
//! or a sample of the library's curves.

use crate::app::draw::colors;
use crate::app::legend::plot_key;
use crate::geom::toi::{RootMethod, ToiStep};
use crate::scene::continuous::{Continuous, Steps};
use egui::RichText;
use egui_plot::{HLine, Line, LineStyle, Plot, PlotPoints, Points, Text, VLine};

fn line(points: &[[f32; 2]]) -> PlotPoints<'static> {
    points
        .iter()
        .map(|p| [p[0] as f64, p[1] as f64])
        .collect::<Vec<_>>()
        .into()
}

/// A plot of the motion, t from 0 to 1, that the pointer does not move.
fn fixed_plot(id: &str) -> Plot<'_> {
    Plot::new(id)
        .height(190.0)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .include_x(0.0)
        .include_x(1.0)
}

/// The plot under the panel, `step` marked.
pub(super) fn plot(ui: &mut egui::Ui, c: &Continuous, step: usize) {
    ui.separator();
    let target = c.target as f64;
    match &c.steps {
        Steps::Cast(steps) => {
            ui.label("the cores' distance d(t) over the motion");
            plot_key(
                ui,
                &[
                    ("d(t)", colors::minkowski()),
                    ("target", colors::good()),
                    ("each advance: the tangent", colors::accent()),
                ],
            );
            fixed_plot("cast_plot").include_y(0.0).show(ui, |p| {
                if let Some(curve) = c.curves.first() {
                    p.line(
                        Line::new(line(curve))
                            .color(colors::minkowski())
                            .name("d(t)"),
                    );
                }
                p.hline(HLine::new(target).color(colors::good()).name("target"));
                for (k, s) in steps.iter().enumerate() {
                    let hot = k == step;
                    let color = if hot {
                        colors::accent()
                    } else {
                        colors::accent().gamma_multiply(0.45)
                    };
                    if let Some(adv) = s.advance {
                        p.line(
                            Line::new(line(&[[s.t, s.distance], [s.t + adv, s.target]]))
                                .color(color)
                                .width(if hot { 2.5 } else { 1.2 }),
                        );
                    }
                    p.points(
                        Points::new(vec![[s.t as f64, s.distance as f64]])
                            .radius(if hot { 5.0 } else { 3.0 })
                            .color(color),
                    );
                    p.text(
                        Text::new(
                            [s.t as f64, s.distance as f64].into(),
                            RichText::new(format!("t{k}")).size(12.0),
                        )
                        .anchor(egui::Align2::LEFT_BOTTOM)
                        .color(color),
                    );
                }
                if let Some(s) = steps.get(step) {
                    p.vline(VLine::new(s.t).color(colors::accent()));
                }
            });
        }
        Steps::Toi(steps) => {
            let last = step.min(steps.len().saturating_sub(1));
            let (axis, pair) = (c.axis_of_step(last), c.pair_of_step(last));
            ui.label(match axis {
                Some(i) => format!("separation along axis {} over the motion", i + 1),
                None if c.curves.is_empty() => "no axis: GJK answered at once".into(),
                None => "separation along the axis GJK's simplex gives next".into(),
            });
            // Before the first axis, the one GJK is about to give.
            let axis = axis.or(Some(0));
            plot_key(
                ui,
                &[
                    ("s(t), the deepest pair", colors::minkowski()),
                    ("s(t), the root finder's pair", colors::b()),
                    ("target", colors::good()),
                    ("bracket", colors::accent()),
                ],
            );
            fixed_plot("toi_plot").show(ui, |p| {
                if let Some(curve) = axis.and_then(|i| c.curves.get(i)) {
                    p.line(Line::new(line(curve)).color(colors::minkowski()));
                }
                if let Some(curve) = pair.and_then(|i| c.pair_curves.get(i)) {
                    p.line(
                        Line::new(line(curve))
                            .color(colors::b())
                            .style(LineStyle::dashed_loose()),
                    );
                }
                p.hline(HLine::new(target).color(colors::good()));
                // The root finder's points of this push back, up to the step shown.
                let first = steps[..step.min(steps.len())]
                    .iter()
                    .rposition(|s| matches!(s, ToiStep::Deepest { .. }))
                    .map_or(0, |i| i + 1);
                for (k, s) in steps.iter().enumerate().take(step + 1).skip(first) {
                    if let ToiStep::Root {
                        method, t, s: v, ..
                    } = s
                    {
                        let hot = k == step;
                        let color = if hot {
                            colors::accent()
                        } else {
                            colors::accent().gamma_multiply(0.5)
                        };
                        let at = [*t as f64, *v as f64];
                        p.points(
                            Points::new(vec![at])
                                .radius(if hot { 5.0 } else { 3.0 })
                                .color(color),
                        );
                        let name = match method {
                            RootMethod::Bisection => "b",
                            RootMethod::FalsePosition => "f",
                        };
                        p.text(
                            Text::new(at.into(), RichText::new(name).size(13.0).strong())
                                .anchor(egui::Align2::LEFT_BOTTOM)
                                .color(color),
                        );
                    }
                }
                match steps.get(step) {
                    Some(ToiStep::Root { bracket, .. }) => {
                        for b in bracket {
                            p.vline(VLine::new(*b).color(colors::accent()));
                        }
                    }
                    Some(ToiStep::Distance { t1, .. }) => {
                        p.vline(VLine::new(*t1).color(colors::accent()));
                    }
                    Some(ToiStep::Deepest { t2, .. }) => {
                        p.vline(VLine::new(*t2).color(colors::accent()));
                    }
                    _ => {}
                }
                if step >= steps.len() {
                    p.vline(VLine::new(c.t).color(colors::ink()));
                }
            });
        }
    }
}
