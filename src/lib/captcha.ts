/** Slide-captcha geometry of spec §9, shared by the server that draws it and the overlay. */
export const CAPTCHA = {
  /** Natural size of the picture. */
  naturalWidth: 590,
  naturalHeight: 360,
  /** Size it is shown at. */
  viewWidth: 480,
  viewHeight: 202,
  /** The piece: a 50x50 tile with a 9 px knob on top. */
  pieceWidth: 50,
  pieceHeight: 59,
} as const;
