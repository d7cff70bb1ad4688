//! A view drawn through a mode's own camera (the Simulate mode following a body), and an
//! inset: a small view over a corner of another, magnifying a spot of it.

use super::canvas::Canvas;
use super::colors;
use crate::app::camera::Camera;
use egui::{Color32, FontId, Rect, Stroke};

impl Canvas<'_> {
    /// The same view drawn through `cam` instead (a mode's own view of the world, such as one
    /// following a body): cleared, with the labels and marks queued in it so far dropped. Call
    /// [`Canvas::forget_figure`] when done: framing fits the app's camera, which this view does
    /// not use.
    pub fn through<'b>(&self, cam: &'b Camera) -> Canvas<'b> {
        self.painter
            .rect_filled(self.rect(), 0.0, colors::background());
        // What was queued through the other camera (the grid's numbers) is not shown.
        {
            let mut rec = self.rec.borrow_mut();
            rec.pending.retain(|p| p.view != self.view);
            rec.marks.retain(|m| m.2 != self.view);
            rec.soft.retain(|m| m.1 != self.view);
        }
        Canvas {
            painter: self.painter.clone(),
            cam,
            second: None,
            ppp: self.ppp,
            origin: self.origin,
            rec: std::rc::Rc::clone(&self.rec),
            view: self.view,
            background: false,
            font: self.font,
        }
    }

    /// Forgets the figure drawn in this view so far: framing then leaves the app's camera
    /// alone (a view drawn [`Canvas::through`] a mode's own camera).
    pub fn forget_figure(&self) {
        if let Some(v) = self.rec.borrow_mut().views.get_mut(self.view) {
            v.figure = Rect::NOTHING;
        }
    }

    /// An inset over this view: a view (named "inset") on `cam`'s viewport (window pixels),
    /// cleared. Its rectangle is kept clear of this view's labels (listed among the frame's
    /// labels with `caption` as its text). Draw its content, then [`Canvas::close_inset`].
    pub fn inset<'b>(&self, cam: &'b Camera, caption: &str) -> Canvas<'b> {
        let inset = self.view(cam, "inset");
        self.rec
            .borrow_mut()
            .fixed
            .push((caption.to_owned(), inset.rect(), self.view));
        inset
    }

    /// Over an inset's content: its frame in `color`, `caption` (its magnification, "×8") in
    /// its top-left corner; and its figure forgotten (an inset is not fitted).
    pub fn close_inset(&self, caption: &str, color: Color32) {
        let rect = self.rect();
        self.painter.rect_stroke(
            rect.shrink(1.0),
            0.0,
            Stroke::new(2.0, color),
            egui::StrokeKind::Inside,
        );
        let galley =
            self.painter
                .layout_no_wrap(caption.to_owned(), FontId::proportional(15.0), color);
        let at = rect.left_top() + egui::vec2(7.0, 5.0);
        self.painter.rect_filled(
            Rect::from_min_size(at, galley.size()).expand(2.0),
            3.0,
            colors::current().label_backdrop,
        );
        self.painter.galley(at, galley, color);
        self.forget_figure();
    }

    /// The window-pixel rectangle `[x, y, w, h]` outlined (a magnified region's frame).
    pub fn frame_px(&self, r: [f32; 4], width: f32, color: Color32) {
        let rect = Rect::from_min_size(
            egui::pos2(r[0], r[1]) / self.ppp,
            egui::vec2(r[2], r[3]) / self.ppp,
        );
        self.painter.rect_stroke(
            rect,
            0.0,
            Stroke::new(width, color),
            egui::StrokeKind::Middle,
        );
    }
}
