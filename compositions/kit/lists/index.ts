// The kit's lists: one component per file, its layout function beside it.
export { BeforeAfter, BEFORE_AFTER_MAX_POINTS, beforeAfterLayout } from './before-after';
export type { BeforeAfterSide } from './before-after';
export { Checklist, CHECKLIST_MAX, checklistLayout } from './checklist';
