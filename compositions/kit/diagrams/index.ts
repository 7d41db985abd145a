// The kit's diagrams: one component per file, its layout function beside it.
export {};
