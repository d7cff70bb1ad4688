//! The GJK/EPA mode's plot: GJK's distance estimate per iteration, then EPA's lower and upper
//! bounds, with the step shown marked.

use crate::app::draw::colors;
use crate::app::pair::Traced;

/// The plot under the GJK/EPA panel, `step` marked.
pub(super) fn convergence_plot(ui: &mut egui::Ui, pair: &Traced, step: usize) {
    // The plot: GJK's distance estimate, then EPA's lower and upper bounds.
    ui.separator();
    ui.label("GJK distance per iteration · EPA bounds per iteration");
    let gjk_line: Vec<[f64; 2]> = pair
        .gjk_steps
        .iter()
        .enumerate()
        .map(|(i, s)| [i as f64 + 1.0, s.distance as f64])
        .collect();
    let g = pair.gjk_steps.len() as f64;
    let lower: Vec<[f64; 2]> = pair
        .epa_steps
        .iter()
        .enumerate()
        .map(|(i, e)| [g + i as f64 + 1.0, e.lower_bound as f64])
        .collect();
    let upper: Vec<[f64; 2]> = pair
        .epa_steps
        .iter()
        .enumerate()
        .map(|(i, e)| [g + i as f64 + 1.0, e.upper_bound as f64])
        .collect();
    let current = step as f64 + 1.0;
    // The legend above the plot, not in it, where it hid EPA's upper bound (top right).
    let mut key = vec![("GJK distance", colors::minkowski())];
    if !lower.is_empty() {
        key.push(("EPA lower bound", colors::good()));
        key.push(("EPA upper bound", colors::bad()));
    }
    crate::app::legend::plot_key(ui, &key);
    egui_plot::Plot::new("gjk_plot")
        .height(170.0)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .show(ui, |p| {
            p.line(
                egui_plot::Line::new(gjk_line)
                    .name("GJK distance")
                    .color(colors::minkowski()),
            );
            if !lower.is_empty() {
                p.line(
                    egui_plot::Line::new(lower)
                        .name("EPA lower bound")
                        .color(colors::good()),
                );
                p.line(
                    egui_plot::Line::new(upper)
                        .name("EPA upper bound")
                        .color(colors::bad()),
                );
            }
            p.vline(egui_plot::VLine::new(current).color(colors::accent()));
        });
}
