//! [`OwnedPosition`]: a position that holds its variant, for programs that
//! keep positions of run-time variants beside (or instead of) the variant.
//!
//! `OwnedPosition` is the crate's one owned position: [`crate::Game`]
//! keeps its start, current and checkpoint positions in it, and the C ABI's
//! position handles hold one. This file is the only place where a
//! position's borrow of its variant is extended to `'static` behind an
//! owning handle: `detach` is that one `unsafe`, with its contract, and the
//! Miri tests below (`cargo +nightly miri test --lib owned`) exercise it.

use std::fmt;
use std::mem::MaybeUninit;

use crate::bitboard::{Board, Small};
use crate::fen::FenError;
use crate::moves::{Move, MoveError};
use crate::position::Position;
use crate::variant::{Variant, VariantRef};

/// Extends a position's borrow of its variant to `'static`: the crate's
/// one lifetime extension, private to this file.
///
/// # Safety
/// The variant `pos` borrows must be kept alive (by the [`VariantRef`] of
/// the [`OwnedPosition`] that stores the result) for as long as the result
/// exists, and the result may only be handed out with a lifetime no longer
/// than a borrow of that `OwnedPosition`.
unsafe fn detach<B: Board>(pos: Position<'_, B>) -> Position<'static, B> {
    // SAFETY: only the lifetime changes; the caller's contract keeps the
    // variant alive and the result's uses inside its borrow.
    unsafe { std::mem::transmute::<Position<'_, B>, Position<'static, B>>(pos) }
}

/// A position that owns (a handle to) its variant: `'static`, `Send`,
/// `Sync` and cheap to clone (a reference count and a copy of the
/// position), so it may be stored anywhere, sent to threads and kept after
/// the caller's own variant handle is gone.
///
/// It is used wherever a [`Position`] is through
/// [`position`](Self::position) (a copy borrowed from `self`) or
/// [`as_position`](Self::as_position) (a reference), which have every query
/// of `Position`. It is not `Deref<Target = Position>`: a dereference could
/// only give a `Position<'static>`, which would outlive the variant it
/// borrows. Perft and search keep working on the borrowed `Position`, at its
/// speed; [`update`](Self::update) replaces the position in place by any
/// function of it (make/unmake, a line of moves).
///
/// It is generic over the board type like [`Position`] (`B = Small`, the
/// API of every [`Variant`], unless named); an `OwnedPosition<Large>` comes
/// from a [`crate::LargeVariant`] ([`crate::BoardVariant::start_owned`]).
///
/// ```
/// use std::sync::Arc;
/// use betza::{OwnedPosition, Variant};
/// let text = Variant::by_name("chess")?.definition().to_string().replace("\"chess\"", "\"mine\"");
/// let variant = Arc::new(Variant::from_definition(&text)?);
/// let mut owned = OwnedPosition::start(variant); // the only handle now
/// let m = owned.position().parse_move("e2e4")?;
/// owned.play(&m)?;
/// let copy = owned.clone();
/// let moves = std::thread::spawn(move || copy.position().legal_moves().len()).join().unwrap();
/// assert_eq!(moves, 20);
/// assert_eq!(owned.variant().name(), "mine");
/// # Ok::<_, betza::Error>(())
/// ```
#[derive(Clone)]
pub struct OwnedPosition<B: Board = Small> {
    // `pos` borrows the variant `variant` keeps alive; it is only lent out
    // with the lifetime of a borrow of `self`. It is always initialised:
    // `MaybeUninit` only hides its reference from the aliasing rules, which
    // would otherwise hold it live while an `OwnedPosition` passed by value
    // is dropped and frees the variant (Miri reports that).
    variant: VariantRef,
    pos: MaybeUninit<Position<'static, B>>,
}

impl<B: Board> OwnedPosition<B> {
    fn of(variant: VariantRef, pos: Position<'static, B>) -> OwnedPosition<B> {
        OwnedPosition {
            variant,
            pos: MaybeUninit::new(pos),
        }
    }

    #[inline]
    fn pos(&self) -> Position<'static, B> {
        // SAFETY: `pos` is initialised by every constructor and setter.
        unsafe { self.pos.assume_init() }
    }
}

impl OwnedPosition {
    /// The variant's start position.
    pub fn start(variant: impl Into<VariantRef>) -> OwnedPosition {
        let variant = variant.into();
        // SAFETY: the position borrows `variant`, which is stored beside it.
        let pos = unsafe { detach(Position::start(&variant)) };
        OwnedPosition::of(variant, pos)
    }

    /// A position of `variant` from FEN.
    pub fn from_fen(variant: impl Into<VariantRef>, fen: &str) -> Result<OwnedPosition, FenError> {
        let variant = variant.into();
        // SAFETY: as in `start`.
        let pos = unsafe { detach(Position::from_fen(&variant, fen)?) };
        Ok(OwnedPosition::of(variant, pos))
    }

    /// `pos` kept with `variant`, if `pos` is a position of that variant
    /// (the same object, or one of the same definition).
    pub fn new(variant: impl Into<VariantRef>, pos: Position<'_>) -> Option<OwnedPosition> {
        let variant = variant.into();
        let pos = pos.rebind(&variant)?;
        // SAFETY: `rebind` made `pos` borrow `variant`, stored beside it.
        let pos = unsafe { detach(pos) };
        Some(OwnedPosition::of(variant, pos))
    }

    /// The variant.
    #[inline]
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The handle keeping the variant alive.
    pub fn variant_ref(&self) -> &VariantRef {
        &self.variant
    }
}

impl<B: Board> OwnedPosition<B> {
    /// The start position of `variant`, a variant compiled for `B`
    /// (what [`crate::BoardVariant::start_owned`] gives).
    pub(crate) fn start_of(variant: VariantRef) -> OwnedPosition<B> {
        let pos = crate::fen::parse::<B>(&variant, &variant.start_fen)
            .expect("a variant's start position is checked when it is built");
        // SAFETY: the position borrows `variant`, which is stored beside it.
        let pos = unsafe { detach(pos) };
        OwnedPosition::of(variant, pos)
    }

    /// A position of `variant`, a variant compiled for `B`, from FEN.
    pub(crate) fn from_fen_of(
        variant: VariantRef,
        fen: &str,
    ) -> Result<OwnedPosition<B>, FenError> {
        // SAFETY: as in `start_of`.
        let pos = unsafe { detach(crate::fen::parse::<B>(&variant, fen)?) };
        Ok(OwnedPosition::of(variant, pos))
    }

    /// `pos` kept with `variant` (compiled for `B`), if it is a position
    /// of that variant.
    pub(crate) fn new_of(variant: VariantRef, pos: Position<'_, B>) -> Option<OwnedPosition<B>> {
        let pos = pos.rebind(&variant)?;
        // SAFETY: `rebind` made `pos` borrow `variant`, stored beside it.
        let pos = unsafe { detach(pos) };
        Some(OwnedPosition::of(variant, pos))
    }

    /// The variant, for the crate (a large variant's `Variant` is never
    /// handed out: its small-board fields are unused).
    #[inline]
    pub(crate) fn variant_data(&self) -> &Variant {
        &self.variant
    }

    /// The variant, as the handle of its board type (to start another
    /// game or position of it).
    pub fn board_variant(&self) -> crate::BoardVariant<B> {
        crate::BoardVariant::of(self.variant.clone())
    }

    /// The position, borrowed from `self`: every query of [`Position`].
    #[inline]
    pub fn position(&self) -> Position<'_, B> {
        self.pos()
    }

    /// The position, as a reference borrowed from `self`.
    #[inline]
    pub fn as_position(&self) -> &Position<'_, B> {
        // SAFETY: `pos` is initialised by every constructor and setter; the
        // reference's `'static` shortens to the borrow of `self`.
        unsafe { self.pos.assume_init_ref() }
    }

    /// Plays the legal move `m`; on error the position is unchanged.
    pub fn play(&mut self, m: &Move) -> Result<(), MoveError> {
        self.update(|p| p.play(m))
    }

    /// Replaces the position by `f` of it; on error the position is
    /// unchanged. `f` works for every lifetime of the position it is given,
    /// so what it returns is a position of the same variant (or of a
    /// `'static` one), never one borrowing a shorter-lived variant.
    ///
    /// ```
    /// use betza::{OwnedPosition, Variant};
    /// let mut owned = OwnedPosition::start(Variant::by_name("chess")?);
    /// owned.update(|p| p.play_text_line("e2e4 e7e5"))?;
    /// assert_eq!(owned.position().fullmove_number(), 2);
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn update<E>(
        &mut self,
        f: impl for<'a> FnOnce(Position<'a, B>) -> Result<Position<'a, B>, E>,
    ) -> Result<(), E> {
        let next = f(self.pos())?;
        // SAFETY: `f` is generic over the lifetime of its argument, so
        // `next` borrows `self.variant` (stored beside it) or a `'static`
        // variant.
        self.pos = MaybeUninit::new(unsafe { detach(next) });
        Ok(())
    }

    /// Replaces the position by `f` of it, which cannot fail.
    pub fn update_with(&mut self, f: impl for<'a> FnOnce(Position<'a, B>) -> Position<'a, B>) {
        let next = f(self.pos());
        // SAFETY: as in `update`.
        self.pos = MaybeUninit::new(unsafe { detach(next) });
    }

    /// Replaces the position by `pos`, if it is a position of this variant;
    /// `false` (and nothing changed) otherwise.
    pub fn set(&mut self, pos: Position<'_, B>) -> bool {
        match pos.rebind(&self.variant) {
            Some(p) => {
                // SAFETY: `p` borrows `self.variant`, stored beside it.
                self.pos = MaybeUninit::new(unsafe { detach(p) });
                true
            }
            None => false,
        }
    }
}

impl<B: Board> crate::Game<B> {
    /// A game from an owned position: a position of any variant, built-in
    /// or made at run time, without going through FEN.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use betza::{Game, OwnedPosition, Variant};
    /// let text = Variant::by_name("chess")?.definition().to_string().replace("\"chess\"", "\"mine\"");
    /// let v = Arc::new(Variant::from_definition(&text)?);
    /// let pos = OwnedPosition::from_fen(v, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")?;
    /// let mut game = Game::from_owned(pos);
    /// game.play_san("O-O-O")?;
    /// assert_eq!(game.san_moves(), ["O-O-O"]);
    /// # Ok::<_, betza::Error>(())
    /// ```
    pub fn from_owned(pos: OwnedPosition<B>) -> crate::Game<B> {
        crate::Game::from_start(pos)
    }
}

impl<B: Board> PartialEq for OwnedPosition<B> {
    fn eq(&self, other: &Self) -> bool {
        self.position() == other.position()
    }
}

impl<B: Board> Eq for OwnedPosition<B> {}

impl<B: Board> fmt::Debug for OwnedPosition<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.position(), f)
    }
}

impl<B: Board> fmt::Display for OwnedPosition<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.position(), f)
    }
}

impl<'v> From<Position<'v>> for OwnedPosition
where
    'v: 'static,
{
    /// A position of a built-in (or otherwise `'static`) variant.
    fn from(pos: Position<'v>) -> OwnedPosition {
        OwnedPosition::of(pos.variant().into(), pos)
    }
}

const _: () = {
    const fn owned<T: Send + Sync + Clone + 'static>() {}
    owned::<OwnedPosition>();
    owned::<crate::Game>();
    owned::<OwnedPosition<crate::Large>>();
    owned::<crate::Game<crate::Large>>();
};

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    /// A small variant, quick to build under Miri.
    const TINY: &str = r#"
name = "tiny"
files = 4
ranks = 4
start = "r2k/4/4/R2K w - - 0 1"

[[piece]]
name = "King"
token = "K"
betza = "K"
royal = true

[[piece]]
name = "Rook"
token = "R"
betza = "R"
"#;

    /// The position outlives every handle but its own, crosses threads and
    /// is cloned: what Miri checks for use after free.
    #[test]
    fn the_variant_lives_as_long_as_the_position() {
        let variant = Arc::new(Variant::from_definition(TINY).unwrap());
        let mut owned = OwnedPosition::start(Arc::clone(&variant));
        drop(variant);
        let m = owned.position().legal_moves()[0];
        owned.play(&m).unwrap();
        let copy = owned.clone();
        let fen = std::thread::spawn(move || copy.position().to_fen())
            .join()
            .unwrap();
        assert_eq!(fen, owned.position().to_fen());
        drop(owned);
    }

    /// A game, passed by value to be dropped, frees its variant: the same
    /// check for `Game`'s stored positions.
    #[test]
    fn a_game_dropped_by_value_frees_its_variant_soundly() {
        let variant = Arc::new(Variant::from_definition(TINY).unwrap());
        let mut game = crate::Game::new(Arc::clone(&variant));
        drop(variant);
        let m = game.position().legal_moves()[0];
        game.play(&m).unwrap();
        let copy = game.clone();
        game.undo();
        drop(game);
        drop(copy);
    }

    /// `update`, `update_with` and `as_position` across a drop of every
    /// other handle, and a game's checkpoints (held as owned positions)
    /// replayed by undo after the caller's handle is gone.
    #[test]
    fn updates_and_checkpoints_keep_the_variant_alive() {
        let variant = Arc::new(Variant::from_definition(TINY).unwrap());
        let mut owned = OwnedPosition::start(Arc::clone(&variant));
        drop(variant);
        let m = owned.as_position().legal_moves()[0];
        owned.update_with(|p| p.play_unchecked(&m));
        let refused = owned.update(|p| p.play(&m));
        assert!(refused.is_err());
        let r = owned.as_position();
        assert_eq!(r.to_fen(), owned.position().to_fen());

        let mut game = crate::Game::from_position(owned);
        // Past a checkpoint (every 64 plies) and back.
        for _ in 0..70 {
            let Some(m) = game.position().legal_moves().first().copied() else {
                break;
            };
            if game.play(&m).is_err() {
                break;
            }
        }
        assert!(game.ply_count() > 64, "{} plies", game.ply_count());
        let kept = game.owned_position();
        while game.undo().is_some() {}
        drop(game);
        assert!(kept.position().to_fen().contains('k'));
    }

    /// The same for a variant of the large board type: the owned position
    /// and the game keep it alive after its last other handle is gone.
    #[test]
    fn a_large_board_variant_lives_as_long_as_its_positions_and_games() {
        let variant = crate::LargeVariant::from_definition(TINY).unwrap();
        let mut owned = variant.start_owned();
        let mut game = variant.new_game();
        drop(variant);
        let m = owned.position().legal_moves()[0];
        owned.play(&m).unwrap();
        game.play(&m).unwrap();
        let copy = owned.clone();
        let fen = std::thread::spawn(move || copy.position().to_fen())
            .join()
            .unwrap();
        assert_eq!(fen, game.position().to_fen());
        game.undo();
        drop(owned);
        assert_eq!(game.board_variant().name(), "tiny");
        drop(game);
    }

    /// What the type promises to programs that store it.
    #[test]
    fn owned_positions_and_games_are_static_send_sync_and_clone() {
        fn owned<T: Send + Sync + Clone + 'static>() {}
        owned::<OwnedPosition>();
        owned::<crate::Game>();
    }

    #[test]
    fn positions_of_another_variant_are_refused() {
        let variant = Arc::new(Variant::from_definition(TINY).unwrap());
        let chess = Variant::by_name("chess").unwrap();
        assert!(OwnedPosition::new(Arc::clone(&variant), Position::start(chess)).is_none());
        let mut owned = OwnedPosition::start(Arc::clone(&variant));
        assert!(!owned.set(Position::start(chess)));
        let again = Variant::from_definition(TINY).unwrap();
        assert!(owned.set(Position::start(&again)));
        assert_eq!(
            OwnedPosition::from(Position::start(chess)).variant().name(),
            "chess"
        );
    }
}
