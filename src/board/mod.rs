//! The board's geometry: squares, colours, sizes and the bitboards of every board type.

pub mod bitboard;
