// The kit's lists: one component per file, its layout function beside it.
export { BeforeAfter, BEFORE_AFTER_MAX_POINTS } from './before-after';
export { AFTER_SHARE, beforeAfterLayout } from './before-after-layout';
export { sideCues } from './before-after-cues';
export type { BeforeAfterSide } from './before-after';
export { Checklist, CHECKLIST_MAX, checklistLayout } from './checklist';
export { StepCards } from './step-cards';
export type { StepCard } from './step-cards';
export { flyToSlot, STEP_CARDS_MAX, STEP_CARDS_MIN, stepCardsLayout, stepFallbackFrames } from './step-cards-layout';
export type { StepBox, StepCanvas, StepCardsBoxes } from './step-cards-layout';
