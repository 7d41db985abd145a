// The kit's maps: one component per file, its layout function beside it.
export {};
