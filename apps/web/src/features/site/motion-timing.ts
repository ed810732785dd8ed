/** Spec §9 timings, in one place for the pages and their browser tests. */
export const WORD_ROTATION_MS = 2000;
export const WORD_ANIMATION_MS = 500;
export const TIMELINE_START_MS = 100;
export const TIMELINE_STEP_MS = 600;
/** Spec §4: the how-it-works sliders move 390 px per click. */
export const CONTENT_SLIDER_STEP = 390;
