/**
 * For sections below the fold: the browser skips their layout and paint until they near the
 * viewport (they stay in the accessibility tree and in find-in-page). The intrinsic size keeps
 * the scrollbar honest meanwhile.
 */
export const renderWhenNear = '[content-visibility:auto] [contain-intrinsic-size:auto_640px]';
