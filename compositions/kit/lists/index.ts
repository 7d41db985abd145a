// The kit's lists: one component per file, its layout function beside it.
export {};
