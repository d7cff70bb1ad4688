//! What a frame drew — each view's figure bounds, the labels and the key marks, in window
//! pixels — and the label placement pass that puts each label where it covers no mark.

use super::{colors, priority};
use crate::app::visible;
use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Stroke};
use glam::DVec2;

/// One view of the canvas as drawn in a frame, in window pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawnView {
    /// "world" or "minkowski".
    pub name: &'static str,
    /// The view's rectangle `[x, y, w, h]`.
    pub rect: [f32; 4],
    /// The screen bounds of everything the mode drew in it (labels included), if anything.
    pub content: Option<[f32; 4]>,
    /// The same without the labels: what framing fits to (labels move to find room).
    pub figure: Option<[f32; 4]>,
}

/// One canvas label as placed in a frame, in window pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawnLabel {
    /// Its text.
    pub text: String,
    /// Its rectangle `[x, y, w, h]`.
    pub rect: [f32; 4],
    /// The view's own words (its title, the hint, a banner), fixed at its edge: kept clear of
    /// other labels, and the hint of marks too (it moves to another corner of the view, or is
    /// left out for the frame, when a mark runs under it).
    pub chrome: bool,
    /// The thin line from a label moved away from its point back to it `[x0, y0, x1, y1]`,
    /// when one is drawn.
    pub leader: Option<[f32; 4]>,
}

/// What the canvas drew in one frame: for `--print-state`, the tests and framing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Drawn {
    /// Each view.
    pub views: Vec<DrawnView>,
    /// Every label that was placed (dropped ones are not drawn and not listed).
    pub labels: Vec<DrawnLabel>,
    /// The key marks no label may cover: points and lines, as drawn.
    pub marks: Vec<DrawnMark>,
}

/// A key mark as drawn in a frame, in window pixels: no label is placed over it.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawnMark {
    /// What it is: "contact", "dropped", "origin", "simplex vertex", "reference face", …
    pub kind: &'static str,
    /// Its shape on screen.
    pub shape: MarkShape,
    /// The view it was drawn in (an index into [`Drawn::views`]).
    pub view: usize,
}

/// A mark's shape on screen, in window pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MarkShape {
    /// A dot or ring: its bounding rectangle `[x, y, w, h]`.
    Point([f32; 4]),
    /// A line as drawn in its view `[x0, y0, x1, y1]`, and its width.
    Line([f32; 4], f32),
}

impl MarkShape {
    /// Whether a label at `r` (`[x, y, w, h]`, the same pixels) covers this mark.
    pub fn covered_by(&self, r: [f32; 4]) -> bool {
        let rect = Rect::from_min_size(egui::pos2(r[0], r[1]), egui::vec2(r[2], r[3]));
        match *self {
            MarkShape::Point(p) => rect.intersects(Rect::from_min_size(
                egui::pos2(p[0], p[1]),
                egui::vec2(p[2], p[3]),
            )),
            MarkShape::Line(l, width) => segment_meets_rect(
                egui::pos2(l[0], l[1]),
                egui::pos2(l[2], l[3]),
                rect.expand(width * 0.5),
            ),
        }
    }
}

/// Whether the segment `a`–`b` passes through `r` (or touches it).
pub(super) fn segment_meets_rect(a: Pos2, b: Pos2, r: Rect) -> bool {
    if r.contains(a) || r.contains(b) {
        return true;
    }
    let v = |p: Pos2| DVec2::new(p.x as f64, p.y as f64);
    visible::clip_param(v(a), v(b) - v(a), v(r.min), v(r.max), (0.0, 1.0))
        .is_some_and(|(t0, t1)| t0 <= t1)
}

/// How a label looks and behaves: its rank, its text size and whether it may move.
#[derive(Clone, Copy)]
pub(super) struct Look {
    pub(super) rank: u8,
    pub(super) font: f32,
    pub(super) fixed: bool,
    /// A chrome label (the hint) that may take another corner of the view, or be left out,
    /// when a mark runs under its own corner.
    pub(super) corners: bool,
}

/// A label waiting for the placement pass.
pub(super) struct Pending {
    pub(super) text: String,
    pub(super) anchor: Pos2,
    pub(super) offset: egui::Vec2,
    pub(super) color: Color32,
    pub(super) priority: u8,
    pub(super) view: usize,
    pub(super) font: f32,
    pub(super) fixed: bool,
    pub(super) corners: bool,
}

/// A view being recorded: its rectangle and the bounds of its figure, in egui points.
pub(super) struct ViewRecord {
    pub(super) name: &'static str,
    pub(super) rect: Rect,
    pub(super) figure: Rect,
    /// Drawn to the view's edges by design (lines across the view): content, not figure.
    pub(super) across: Rect,
}

/// The frame's record, shared by every [`Canvas`] made from one [`Canvas::new`].
pub(super) struct Recorder {
    pub(super) painter: Painter,
    pub(super) ppp: f32,
    pub(super) views: Vec<ViewRecord>,
    pub(super) pending: Vec<Pending>,
    /// Rectangles drawn over the views (the banner) that labels keep clear of.
    pub(super) fixed: Vec<(String, Rect, usize)>,
    /// The key marks labels keep clear of (egui points), with their views.
    pub(super) marks: Vec<(&'static str, MarkShape, usize)>,
    /// The lines labels keep off when they can (the bodies' outlines), with their views.
    pub(super) soft: Vec<([Pos2; 2], usize)>,
}

pub(super) fn px_rect(r: Rect, ppp: f32) -> [f32; 4] {
    [
        r.min.x * ppp,
        r.min.y * ppp,
        r.width() * ppp,
        r.height() * ppp,
    ]
}

/// The rectangles a label of `size` may take around `anchor`, best first: the one asked for,
/// then around the anchor at growing distances.
pub(super) fn candidates(anchor: Pos2, wish: Rect, fixed: bool) -> Vec<Rect> {
    let mut out = vec![wish];
    if fixed {
        return out;
    }
    let s = wish.size();
    for d in 0..8 {
        let g = 6.0 + d as f32 * (s.y * 0.75 + 3.0);
        for off in [
            egui::vec2(g, -g - s.y),
            egui::vec2(g, g),
            egui::vec2(-g - s.x, -g - s.y),
            egui::vec2(-g - s.x, g),
            egui::vec2(-s.x * 0.5, -g - s.y),
            egui::vec2(-s.x * 0.5, g),
            egui::vec2(g, -s.y * 0.5),
            egui::vec2(-g - s.x, -s.y * 0.5),
        ] {
            out.push(Rect::from_min_size(anchor + off, s));
        }
    }
    out
}

/// The spots of `view` a chrome label at `wish` may take, its own first: the same margins from
/// the view's edges at bottom right, bottom left, top right and top left, then along the bottom
/// and the top edge between them.
pub(super) fn corner_spots(wish: Rect, view: Rect) -> Vec<Rect> {
    let (dx, dy) = (view.right() - wish.right(), view.bottom() - wish.bottom());
    let (left, top) = (view.left() + dx, view.top() + dy);
    let mut at = vec![
        wish.min,
        egui::pos2(left, wish.min.y),
        egui::pos2(wish.min.x, top),
        egui::pos2(left, top),
    ];
    for k in 1..8 {
        let x = wish.min.x + (left - wish.min.x) * k as f32 / 8.0;
        at.extend([egui::pos2(x, wish.min.y), egui::pos2(x, top)]);
    }
    at.into_iter()
        .map(|at| Rect::from_min_size(at, wish.size()))
        .collect()
}

/// The leader a label at `r` draws back to `anchor` (a label moved more than 14 points away
/// from its point), if any.
pub(super) fn leader(anchor: Pos2, r: Rect) -> Option<[Pos2; 2]> {
    (r.distance_to_pos(anchor) > 14.0).then(|| [anchor, r.clamp(anchor)])
}

/// `r` moved (not resized) to lie inside `view`; None when it is larger than the view.
pub(super) fn inside(r: Rect, view: Rect) -> Option<Rect> {
    if r.width() > view.width() || r.height() > view.height() {
        return None;
    }
    let dx = (view.left() - r.left()).max(0.0) + (view.right() - r.right()).min(0.0);
    let dy = (view.top() - r.top()).max(0.0) + (view.bottom() - r.bottom()).min(0.0);
    Some(r.translate(egui::vec2(dx, dy)))
}

impl Recorder {
    /// Places the waiting labels (most important first; a label with no free spot is dropped),
    /// paints them, and returns the frame's record in window pixels.
    pub(super) fn finish(&mut self) -> Drawn {
        type Placed = (String, Rect, usize, bool, Option<[Pos2; 2]>);
        let mut placed: Vec<Placed> = self
            .fixed
            .iter()
            .map(|(t, r, v)| (t.clone(), *r, *v, true, None))
            .collect();
        let mut order: Vec<Pending> = std::mem::take(&mut self.pending);
        order.sort_by_key(|p| std::cmp::Reverse(p.priority));
        for p in order {
            let Some(view) = self.views.get(p.view).map(|v| v.rect) else {
                continue;
            };
            // A label about something out of the view (zoomed in on a corner) is not drawn:
            // pinned to the view's edge it would name nothing there. The view's own words and
            // the grid numbers are placed at its edge on purpose.
            if p.priority != priority::CHROME
                && p.priority != priority::TICK
                && !view.expand(1.0).contains(p.anchor)
            {
                continue;
            }
            let galley =
                self.painter
                    .layout_no_wrap(p.text.clone(), FontId::proportional(p.font), p.color);
            let pad = 2.0;
            let size = galley.size() + egui::vec2(2.0 * pad, 2.0 * pad);
            let wish = Align2::LEFT_BOTTOM.anchor_size(p.anchor + p.offset, size);
            let marks = &self.marks;
            let chrome = p.priority == priority::CHROME;
            // Only the title and the banner stay where they are whatever runs under them.
            let pinned = chrome && !p.corners;
            let draws_leader = !chrome && p.priority != priority::TICK;
            let free = |r: &Rect| {
                let probe = [r.min.x, r.min.y, r.width(), r.height()];
                placed
                    .iter()
                    .all(|(_, q, _, _, _)| !q.expand(1.0).intersects(*r))
                    && (pinned
                        || marks
                            .iter()
                            .all(|(_, m, view)| *view != p.view || !m.covered_by(probe)))
            };
            // Better still: a spot clear of the leaders already drawn, whose own leader
            // crosses no label (how many it crosses, and how many leaders cross it).
            let crossings = |r: &Rect| {
                let own = leader(p.anchor, *r).filter(|_| draws_leader);
                placed
                    .iter()
                    .filter(|q| q.2 == p.view)
                    .filter(|(_, q, _, _, l)| {
                        own.is_some_and(|[a, b]| segment_meets_rect(a, b, *q))
                            || l.is_some_and(|[a, b]| segment_meets_rect(a, b, *r))
                    })
                    .count()
            };
            let clear = |r: &Rect| crossings(r) == 0;
            let spots: Vec<Rect> = if p.corners {
                corner_spots(wish, view)
            } else {
                candidates(p.anchor, wish, p.fixed)
            };
            let spots: Vec<Rect> = spots
                .into_iter()
                .filter_map(|r| inside(r, view))
                .filter(|r| free(r))
                .collect();
            // A grid number gives way to a leader (it is the first to go); any other label
            // takes the spot free of labels and marks whose leaders cross the fewest labels
            // when none is clear of leaders (the first such, in order of preference).
            let fallback = spots
                .iter()
                .min_by_key(|r| crossings(r))
                .filter(|_| p.priority != priority::TICK);
            // Best of all: off the bodies' outlines as well. Not for the bodies' badges: a thin
            // body's badge crosses its outline, and moved off it would land on the other body.
            let soft = &self.soft;
            let off_outlines = |r: &Rect| {
                p.priority == priority::BODY
                    || soft
                        .iter()
                        .all(|([a, b], v)| *v != p.view || !segment_meets_rect(*a, *b, *r))
            };
            let Some(rect) = (spots.iter().find(|r| clear(r) && off_outlines(r)))
                .or(spots.iter().find(|r| clear(r)))
                .or(fallback)
                .copied()
            else {
                continue;
            };
            let mut painter = self.painter.clone();
            painter.set_clip_rect(view);
            let line = leader(p.anchor, rect).filter(|_| draws_leader);
            if draws_leader {
                // A label moved away from its point keeps a thin line back to it.
                if let Some(ends) = line {
                    painter.line_segment(ends, Stroke::new(1.0, p.color.gamma_multiply(0.6)));
                }
                painter.rect_filled(rect, 3.0, colors::current().label_backdrop);
            }
            painter.galley(rect.min + egui::vec2(pad, pad), galley, p.color);
            placed.push((p.text, rect, p.view, chrome, line));
        }
        let ppp = self.ppp;
        let views = self
            .views
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let f = v.figure;
                let figure = (f.min.x <= f.max.x && f.min.y <= f.max.y).then_some(f);
                let mut content = figure;
                let a = v.across;
                if a.min.x <= a.max.x && a.min.y <= a.max.y {
                    content = Some(content.map_or(a, |c| c.union(a)));
                }
                for (_, r, view, _, _) in &placed {
                    if *view == i {
                        content = Some(content.map_or(*r, |c| c.union(*r)));
                    }
                }
                DrawnView {
                    name: v.name,
                    rect: px_rect(v.rect, ppp),
                    content: content.map(|c| px_rect(c, ppp)),
                    figure: figure.map(|c| px_rect(c, ppp)),
                }
            })
            .collect();
        let labels = placed
            .into_iter()
            .map(|(text, r, _, chrome, line)| DrawnLabel {
                text,
                rect: px_rect(r, ppp),
                chrome,
                leader: line.map(|[a, b]| [a.x * ppp, a.y * ppp, b.x * ppp, b.y * ppp]),
            })
            .collect();
        let marks = self
            .marks
            .iter()
            .map(|(kind, m, view)| DrawnMark {
                kind,
                shape: match *m {
                    MarkShape::Point(r) => MarkShape::Point(r.map(|x| x * ppp)),
                    MarkShape::Line(l, w) => MarkShape::Line(l.map(|x| x * ppp), w * ppp),
                },
                view: *view,
            })
            .collect();
        Drawn {
            views,
            labels,
            marks,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::MarkShape;
    use egui::{Rect, pos2, vec2};

    #[test]
    pub(super) fn the_hint_may_take_every_corner_and_the_edges_between_all_inside_the_view() {
        let view = Rect::from_min_size(pos2(100.0, 50.0), vec2(600.0, 400.0));
        // Bottom right, 8 from the right and 6 from the bottom.
        let wish = Rect::from_min_size(pos2(492.0, 424.0), vec2(200.0, 20.0));
        let spots = super::corner_spots(wish, view);
        assert_eq!(spots[0], wish);
        assert_eq!(spots[1].min, pos2(108.0, 424.0), "bottom left");
        assert_eq!(spots[2].min, pos2(492.0, 56.0), "top right");
        assert_eq!(spots[3].min, pos2(108.0, 56.0), "top left");
        assert!(spots.len() > 4);
        assert!(
            spots
                .iter()
                .all(|r| view.contains_rect(*r) && r.size() == wish.size())
        );
    }

    #[test]
    pub(super) fn a_label_draws_a_leader_back_to_its_point_only_when_moved_away_from_it() {
        let r = Rect::from_min_size(pos2(100.0, 100.0), vec2(40.0, 20.0));
        assert_eq!(super::leader(pos2(95.0, 110.0), r), None, "5 from it");
        assert_eq!(
            super::leader(pos2(60.0, 110.0), r),
            Some([pos2(60.0, 110.0), pos2(100.0, 110.0)]),
            "40 from it: to its nearest point"
        );
    }

    #[test]
    pub(super) fn a_label_covers_a_point_mark_only_where_their_rectangles_meet() {
        let dot = MarkShape::Point([100.0, 100.0, 12.0, 12.0]);
        assert!(dot.covered_by([105.0, 90.0, 40.0, 14.0]));
        assert!(!dot.covered_by([113.0, 90.0, 40.0, 14.0]));
        assert!(!dot.covered_by([60.0, 100.0, 39.0, 12.0]));
    }

    #[test]
    pub(super) fn a_label_covers_a_line_mark_where_the_line_crosses_it_or_runs_within_half_its_width()
     {
        // A 6-wide horizontal face from x 0 to 200 at y 50.
        let face = MarkShape::Line([0.0, 50.0, 200.0, 50.0], 6.0);
        assert!(face.covered_by([90.0, 40.0, 30.0, 20.0]), "across it");
        assert!(
            face.covered_by([90.0, 30.0, 30.0, 18.0]),
            "within 3 of its middle"
        );
        assert!(!face.covered_by([90.0, 30.0, 30.0, 16.0]), "4 above it");
        assert!(
            !face.covered_by([210.0, 40.0, 30.0, 20.0]),
            "beyond its end"
        );
        // A diagonal through a rectangle's corner region but not through the rectangle.
        let diagonal = MarkShape::Line([0.0, 0.0, 100.0, 100.0], 1.0);
        assert!(!diagonal.covered_by([60.0, 10.0, 30.0, 20.0]));
        assert!(diagonal.covered_by([40.0, 30.0, 30.0, 20.0]));
    }
}
