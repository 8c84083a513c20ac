/** The squares image editors draw behind a picture, so a logo's see-through parts show as such. */
export const CHECKERBOARD_CLASS =
  '[background:repeating-conic-gradient(#e7e4f0_0_25%,#ffffff_0_50%)_0_0/16px_16px] dark:[background:repeating-conic-gradient(#2a2540_0_25%,#181526_0_50%)_0_0/16px_16px]'
